import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { useI18n } from '../i18n/useI18n';
import { AuthNavigation } from '../features/auth/components/AuthNavigation';
import { PasswordSetupGate } from '../features/auth/components/PasswordSetupGate';
import { PwaChrome } from '../features/pwa/components/PwaChrome';

/** Wraps every route: auth-driven navigation, the password modal, toasts and scroll handling. */
export function RootLayout() {
  const { dir } = useI18n();
  return (
    <>
      <AuthNavigation />
      <ScrollRestoration />
      <PwaChrome />
      <Outlet />
      <PasswordSetupGate />
      {/* Spec §9 toast constants: 4 s, 3 visible, 14 px gap (sonner's width is 356 px). */}
      <Toaster
        dir={dir}
        position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
        richColors
        closeButton
        duration={4000}
        visibleToasts={3}
        gap={14}
        hotkey={['altKey', 'KeyT']}
      />
    </>
  );
}
