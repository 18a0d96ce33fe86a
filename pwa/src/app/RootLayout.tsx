import { Outlet } from 'react-router';
import { AuthNavigation } from '../features/auth/components/AuthNavigation';
import { PasswordSetupGate } from '../features/auth/components/PasswordSetupGate';
import { PwaChrome } from '../features/pwa/components/PwaChrome';
import { Toasts } from './Toasts';
import { useScrollRestoration } from './useScrollRestoration';

/** Wraps every route: auth-driven navigation, the password modal, toasts and scroll handling. */
export function RootLayout() {
  useScrollRestoration();
  return (
    <>
      <AuthNavigation />
      <PwaChrome />
      <Outlet />
      <PasswordSetupGate />
      <Toasts />
    </>
  );
}
