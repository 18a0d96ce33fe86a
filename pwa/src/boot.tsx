import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { canHydrate, firstLanguage, PRERENDERED_PATH } from './app/first-render';
import { loadLandingPage } from './features/landing/components/LandingRoute';
import { hasSignedInHint } from './features/auth/lib/signed-in-hint';
import { loadSiteCatalogue } from './i18n/catalogue';
import { readLanguagePreference } from './lib/local-preferences';

const { pathname, search, hash } = window.location;
const language = firstLanguage(search, readLanguagePreference());
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

/** Hydrates the prerendered landing page, or renders the page asked for (main.tsx calls it after the first paint). */
export async function start(root: HTMLElement): Promise<void> {
  const prerenderedPath = root.dataset.prerendered;
  // The landing page is the most visited: its chunk comes beside the messages rather than after them.
  const landing = pathname === PRERENDERED_PATH ? loadLandingPage() : undefined;
  if (canHydrate({ prerenderedPath, pathname, search, hash, language, signedInHint: hasSignedInHint() })) {
    // index.html already shows the landing page (built by src/prerender.tsx): React takes it over once the
    // code and the words it was built with are here, in a transition so the work is done in small slices.
    await Promise.all([loadSiteCatalogue(language), landing]);
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  if (prerenderedPath !== undefined) {
    // The prerendered page is not this visit's (English, signed in, sign-in link): keep it on screen until
    // the right one can replace it in one step, rather than going through the splash.
    await Promise.all([loadSiteCatalogue(language), landing]).catch(() => undefined);
    delete root.dataset.prerendered;
  }
  // Rendered as a transition: React renders in slices of a few milliseconds, so the first render of a page
  // does not hold the main thread in one long task (a phone stays responsive while the page builds).
  startTransition(() => {
    createRoot(root).render(app);
  });
}
