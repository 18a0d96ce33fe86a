/**
 * Build-time rendering of the landing page (Arabic, signed out) into index.html, so a first visit shows the
 * page with the HTML instead of after the scripts (main.tsx then hydrates it). Built with `vite build --ssr`
 * and called by the client build (vite.config.ts); never part of the browser bundle.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { PRERENDERED_LANGUAGE, PRERENDERED_PATH } from './app/first-render';
import { loadSiteCatalogue } from './i18n/catalogue';

export { PRERENDERED_PATH };

/** The markup of #root for the landing page; waits for its lazily loaded code like a browser would. */
export async function prerenderLanding(): Promise<string> {
  await loadSiteCatalogue(PRERENDERED_LANGUAGE);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={PRERENDERED_PATH}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // Every part inline, in document order: outlined parts would need inline scripts (refused by our CSP).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
