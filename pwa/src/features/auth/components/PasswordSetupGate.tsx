import { lazy, Suspense } from 'react';
import { useAuthState } from '../hooks/useAuth';
import { withMessages } from '../../../i18n/catalogue';

const SetPasswordModal = lazy(() => withMessages(import('./SetPasswordModal'), 'auth'));

/** Mounts the non-dismissable password modal on any page while the user has no password yet. */
export function PasswordSetupGate() {
  const { user } = useAuthState();
  if (user?.needs_password_setup !== true) return null;
  return (
    <Suspense fallback={null}>
      <SetPasswordModal />
    </Suspense>
  );
}
