import { useLocation, useRoutes } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { AuthProvider } from '../features/auth/components/AuthProvider';
import type { AuthClient } from '../features/auth/lib/auth-client';
import { RouteErrorBoundary } from './RouteError';
import { routes } from './routes';

/**
 * The route table of routes.tsx in React Router's declarative mode. The data router (createBrowserRouter)
 * would add about 15 KB of brotli to every first visit for loaders and actions this app does not use; the
 * two things it gave us, a route error page and scroll restoration, are RouteErrorBoundary and
 * useScrollRestoration.
 */
function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  // A crashed page is forgotten when the visitor goes elsewhere.
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

/**
 * Providers around the routes; rendered inside a router (BrowserRouter in main.tsx, a MemoryRouter in tests).
 * Tests pass their own auth client.
 */
export function App({ authClient }: { authClient?: AuthClient }) {
  return (
    <I18nProvider>
      <AuthProvider client={authClient}>
        <AppRoutes />
      </AuthProvider>
    </I18nProvider>
  );
}
