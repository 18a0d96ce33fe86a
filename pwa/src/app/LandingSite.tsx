import { LandingRoute } from '../features/landing/components/LandingRoute';
import { RootLayout } from './RootLayout';
import { SiteLayout } from './SiteLayout';

/**
 * The landing page in the frame the route table puts it in (routes.tsx), without React Router: what a
 * first visit to `/` renders (landing-boot.tsx) and what the build prerenders into index.html
 * (prerender.tsx). Inside a NavigationProvider.
 */
export function LandingSite() {
  return (
    <RootLayout>
      <SiteLayout>
        <LandingRoute />
      </SiteLayout>
    </RootLayout>
  );
}
