import type { ReactNode } from 'react';
import { I18nProvider } from '../i18n/I18nProvider';
import { AuthProvider } from '../features/auth/components/AuthProvider';
import type { AuthClient } from '../features/auth/lib/auth-client';

/**
 * The app's state above any page: language and session. Router-free: on a first visit to `/` they hold the
 * landing page, and stay mounted when the routed app takes over from it (landing-boot.tsx). Tests pass their
 * own auth client.
 */
export function AppProviders({ children, authClient }: { children: ReactNode; authClient?: AuthClient }) {
  return (
    <I18nProvider>
      <AuthProvider client={authClient}>{children}</AuthProvider>
    </I18nProvider>
  );
}
