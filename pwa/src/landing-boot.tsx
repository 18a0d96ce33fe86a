import { startTransition, StrictMode, useCallback, useState, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders';
import type { AuthClient } from './features/auth/lib/auth-client';
import { canHydrate, firstLanguage, PRERENDERED_PATH } from './app/first-render';
import { HistoryNavigation } from './app/HistoryNavigation';
import { LandingSite } from './app/LandingSite';
import { hasSignedInHint } from './features/auth/lib/signed-in-hint';
import { loadLandingPage } from './features/landing/components/LandingRoute';
import { hasSignInParams } from './features/marketing/lib/sign-in-params';
import { loadSiteCatalogue } from './i18n/catalogue';
import { readLanguagePreference } from './lib/local-preferences';

let routedApp: Promise<ComponentType> | undefined;

/** React Router and the route table (boot.tsx), loaded once; a failed download may be tried again. */
function loadRoutedApp(): Promise<ComponentType> {
  routedApp ??= import('./boot').then(
    (module) => module.RoutedApp,
    (error: unknown) => {
      routedApp = undefined;
      throw error;
    },
  );
  return routedApp;
}

/**
 * The landing page without React Router, until the visitor goes to another page: then the routed app
 * (boot.tsx) takes over below the same providers (language and session stay as they are) and shows that
 * page. It starts loading when the visitor points at a link to another page, so a click rarely waits for it.
 */
function Site() {
  const [RoutedApp, setRoutedApp] = useState<ComponentType | null>(null);
  const prepare = useCallback(() => {
    loadRoutedApp().catch(() => undefined);
  }, []);
  const leave = useCallback(() => {
    loadRoutedApp().then(
      (routed) => startTransition(() => setRoutedApp(() => routed)),
      (error: unknown) => {
        // The network dropped, or a deploy replaced the files: the address already names the page, so the
        // browser loads it itself.
        console.error('The app could not load.', error);
        window.location.reload();
      },
    );
  }, []);
  if (RoutedApp) return <RoutedApp />;
  return (
    <HistoryNavigation path={PRERENDERED_PATH} prepare={prepare} leave={leave}>
      <LandingSite />
    </HistoryNavigation>
  );
}

/** The landing page's whole tree, as `start` renders it. Tests pass their own auth client. */
export function LandingApp({ authClient }: { authClient?: AuthClient }) {
  return (
    <StrictMode>
      <AppProviders authClient={authClient}>
        <Site />
      </AppProviders>
    </StrictMode>
  );
}

/**
 * Starts the landing page (main.tsx calls it after the first paint on a visit to `/`): hydrates the
 * prerendered page when the visit matches it, or renders it in its place (English, signed in).
 */
export async function start(root: HTMLElement): Promise<void> {
  const { pathname, search, hash } = window.location;
  // A sign-in link that landed here goes on to /auth/callback at once (ForwardSignInParams): the routed app.
  if (hasSignInParams(search, hash)) {
    const boot = await import('./boot');
    return boot.start(root);
  }
  const language = firstLanguage(search, readLanguagePreference());
  const prerenderedPath = root.dataset.prerendered;
  // The landing page's chunk comes beside the messages rather than after them.
  const messagesAndPage = Promise.all([loadSiteCatalogue(language), loadLandingPage()]);
  const site = <LandingApp />;
  if (canHydrate({ prerenderedPath, pathname, search, hash, language, signedInHint: hasSignedInHint() })) {
    // index.html already shows the landing page (built by src/prerender.tsx): React takes it over once the
    // code and the words it was built with are here, in a transition so the work is done in small slices.
    await messagesAndPage;
    startTransition(() => {
      hydrateRoot(root, site);
    });
    return;
  }
  if (prerenderedPath !== undefined) {
    // The prerendered page is not this visit's (English, signed in): keep it on screen until the right one
    // can replace it in one step, rather than going through the splash.
    await messagesAndPage.catch(() => undefined);
    delete root.dataset.prerendered;
  }
  startTransition(() => {
    createRoot(root).render(site);
  });
}
