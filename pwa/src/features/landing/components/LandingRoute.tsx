import { lazy } from 'react';
import type * as LandingModule from './LandingPage';
import { PageSuspense } from '../../marketing/components/PageSuspense';
import { ForwardSignInParams } from './ForwardSignInParams';

type TLandingModule = typeof LandingModule;
let landingModule: TLandingModule | undefined;

/** The landing page's chunk; the boot code asks for it beside the messages on a visit to / rather than after. */
export const loadLandingPage = (): Promise<TLandingModule> =>
  import('./LandingPage').then((module) => (landingModule = module));
const LazyLandingPage = lazy(loadLandingPage);

/**
 * The landing page, rendered at once when its chunk is already here. React.lazy would suspend for a moment
 * even then, and a part of the prerendered page that is still waiting when the app's first update arrives is
 * thrown away and built again, which is the very work prerendering saves.
 */
function LandingPage() {
  const Page = landingModule?.default;
  return Page ? <Page /> : <LazyLandingPage />;
}

/** What `/` shows inside the site layout, in the routed app and without it (app/LandingSite.tsx). */
export function LandingRoute() {
  return (
    <ForwardSignInParams>
      <PageSuspense>
        <LandingPage />
      </PageSuspense>
    </ForwardSignInParams>
  );
}
