import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { useI18n } from '../i18n/useI18n';
import { AuthNavigation } from '../features/auth/components/AuthNavigation';
import { PasswordSetupGate } from '../features/auth/components/PasswordSetupGate';

/** Wraps every route: auth-driven navigation, the password modal, toasts and scroll handling. */
export function RootLayout() {
  const { dir } = useI18n();
  return (
    <>
      <AuthNavigation />
      <ScrollRestoration />
      <Outlet />
      <PasswordSetupGate />
      <Toaster dir={dir} position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'} richColors closeButton />
    </>
  );
}
