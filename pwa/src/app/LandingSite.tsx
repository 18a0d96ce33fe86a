import { LandingRoute } from '../features/landing/components/LandingRoute';
import { useLocation } from './navigation';
import { RootLayout } from './RootLayout';
import { RouteErrorBoundary } from './RouteError';
import { SiteLayout } from './SiteLayout';

/**
 * The landing page in the frame the route table puts it in (routes.tsx, App.tsx), without React Router:
 * what a first visit to `/` renders (landing-boot.tsx) and what the build prerenders into index.html
 * (prerender.tsx). Inside a NavigationProvider.
 */
export function LandingSite() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <RootLayout>
        <SiteLayout>
          <LandingRoute />
        </SiteLayout>
      </RootLayout>
    </RouteErrorBoundary>
  );
}
