import { API_CACHE } from './cache-names';

type TUpdateListener = (applyUpdate: () => void) => void;
const updateListeners = new Set<TUpdateListener>();
let pendingUpdate: (() => void) | undefined;

let registered = false;

/** Pages of the app itself (not the marketing site): the ones that should work offline. */
const APP_PATH = /^\/(dashboard|admin|login|auth)(\/|$)/;

/**
 * Whether a page is the app's. The marketing pages do not install the service worker: a first visit to the
 * landing page on a phone should not download the whole app (about 1.2 MB of precache) in the background.
 * A visitor who signs in, or opens the dashboard, gets it there.
 */
export const isAppPath = (pathname: string): boolean => APP_PATH.test(pathname);

/**
 * Registers the service worker (production builds only, once). A new version waits until the user agrees to
 * reload (the update prompt), so a page never runs half old and half new code.
 */
export function registerServiceWorker(): void {
  if (
    registered ||
    !import.meta.env.PROD ||
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator)
  )
    return;
  registered = true;
  // After the page has loaded, and with workbox-window in its own chunk: the first visit is not slowed.
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => {
      pendingUpdate = () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      };
      for (const listener of updateListeners) listener(pendingUpdate);
    });
    await wb.register();
  };
  const start = () =>
    void register().catch((error: unknown) => console.warn('service worker registration failed', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Calls `listener` when a new version is ready (at once if one already is); returns the unsubscribe. */
export function onUpdateAvailable(listener: TUpdateListener): () => void {
  updateListeners.add(listener);
  if (pendingUpdate) listener(pendingUpdate);
  return () => updateListeners.delete(listener);
}

/** Forgets cached API answers (sign-out on a shared computer). Media stay: they are public. */
export async function clearApiCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE);
}
