import { RouterProvider, type createBrowserRouter } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { AuthProvider } from '../features/auth/components/AuthProvider';
import type { AuthClient } from '../features/auth/lib/auth-client';

type TRouter = ReturnType<typeof createBrowserRouter>;

/** Providers around the router. Tests pass a memory router and their own auth client. */
export function App({ router, authClient }: { router: TRouter; authClient?: AuthClient }) {
  return (
    <I18nProvider>
      <AuthProvider client={authClient}>
        <RouterProvider router={router} />
      </AuthProvider>
    </I18nProvider>
  );
}
