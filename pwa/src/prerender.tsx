/**
 * Build-time rendering of the landing page (Arabic, signed out) into index.html, so a first visit shows the
 * page with the HTML instead of after the scripts (landing-boot.tsx then hydrates it, with the same tree:
 * the landing page in its frame, without React Router). Built with `vite build --ssr` and called by the client
 * build (vite.config.ts); never part of the browser bundle.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppProviders } from './app/AppProviders';
import { PRERENDERED_LANGUAGE, PRERENDERED_PATH } from './app/first-render';
import { LandingSite } from './app/LandingSite';
import { NavigationProvider, type TNavigation } from './app/navigation';
import { loadSiteCatalogue } from './i18n/catalogue';

export { PRERENDERED_PATH };

/** Where the page is rendered: nothing navigates at build time (effects do not run). */
const AT_LANDING_PATH: TNavigation = {
  location: { pathname: PRERENDERED_PATH, search: '', hash: '', key: 'default' },
  navigationType: 'POP',
  navigate: () => {
    throw new Error('Nothing navigates while the landing page is prerendered.');
  },
};

/** The markup of #root for the landing page; waits for its lazily loaded code like a browser would. */
export async function prerenderLanding(): Promise<string> {
  await loadSiteCatalogue(PRERENDERED_LANGUAGE);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        <NavigationProvider value={AT_LANDING_PATH}>
          <LandingSite />
        </NavigationProvider>
      </AppProviders>
    </StrictMode>,
    // Every part inline, in document order: outlined parts would need inline scripts (refused by our CSP).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
