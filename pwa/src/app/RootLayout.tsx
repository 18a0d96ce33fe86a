import { lazy, Suspense, type ReactNode } from 'react';
import { AuthNavigation } from '../features/auth/components/AuthNavigation';
import { PasswordSetupGate } from '../features/auth/components/PasswordSetupGate';
import { Toasts } from './Toasts';
import { useScrollRestoration } from './useScrollRestoration';

// The offline strip, the update prompt and the service worker come just after the page: none of them is
// needed to show it, and a first visit to the landing page downloads less before it can be used.
const PwaChrome = lazy(() =>
  import('../features/pwa/components/PwaChrome').then((module) => ({ default: module.PwaChrome })),
);

/**
 * Wraps every route: auth-driven navigation, the password modal, toasts and scroll handling. Router-free
 * (navigation.tsx): the landing page is rendered in it without the router too (app/LandingSite.tsx).
 */
export function RootLayout({ children }: { children: ReactNode }) {
  useScrollRestoration();
  return (
    <>
      <AuthNavigation />
      <Suspense fallback={null}>
        <PwaChrome />
      </Suspense>
      {children}
      <PasswordSetupGate />
      <Toasts />
    </>
  );
}
