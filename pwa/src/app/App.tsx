import { useLocation, useRoutes } from 'react-router';
import type { AuthClient } from '../features/auth/lib/auth-client';
import { AppProviders } from './AppProviders';
import { RouteErrorBoundary } from './RouteError';
import { RouterNavigation } from './RouterNavigation';
import { routes } from './routes';

function Routes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  // A crashed page is forgotten when the visitor goes elsewhere.
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

/**
 * The route table of routes.tsx in React Router's declarative mode, inside a router. The data router
 * (createBrowserRouter) would add about 15 KB of brotli to every first visit for loaders and actions this app
 * does not use; the two things it gave us, a route error page and scroll restoration, are RouteErrorBoundary
 * and useScrollRestoration. The pages reach the router through navigation.tsx (RouterNavigation).
 */
export function AppRoutes() {
  return (
    <RouterNavigation>
      <Routes />
    </RouterNavigation>
  );
}

/**
 * The whole app: providers around the routes; rendered inside a router (BrowserRouter in boot.tsx, a
 * MemoryRouter in tests). Tests pass their own auth client.
 */
export function App({ authClient }: { authClient?: AuthClient }) {
  return (
    <AppProviders authClient={authClient}>
      <AppRoutes />
    </AppProviders>
  );
}
