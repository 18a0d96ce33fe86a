import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/App';
import { AppProviders } from './app/AppProviders';
import { firstLanguage } from './app/first-render';
import { loadSiteCatalogue } from './i18n/catalogue';
import { readLanguagePreference } from './lib/local-preferences';

/**
 * The router and the route table, below the providers: what landing-boot.tsx hands the page to when the
 * visitor leaves the landing page.
 */
export function RoutedApp() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/**
 * Renders the page asked for: main.tsx calls it after the first paint on every path but `/` (the landing
 * page starts without the router, landing-boot.tsx), and landing-boot.tsx for a sign-in link that landed there.
 */
export async function start(root: HTMLElement): Promise<void> {
  if (root.dataset.prerendered !== undefined) {
    // The prerendered landing page is not this visit's (index.html by name, a sign-in link): keep it on
    // screen until the right page can replace it in one step, rather than going through the splash.
    const language = firstLanguage(window.location.search, readLanguagePreference());
    await loadSiteCatalogue(language).catch(() => undefined);
    delete root.dataset.prerendered;
  }
  // Rendered as a transition: React renders in slices of a few milliseconds, so the first render of a page
  // does not hold the main thread in one long task (a phone stays responsive while the page builds).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RoutedApp />
        </AppProviders>
      </StrictMode>,
    );
  });
}
