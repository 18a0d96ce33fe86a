import {
  loadMessagePart,
  loadSiteMessages,
  messagePartOf,
  type TLanguage,
  type TMessageKey,
  type TMessagePart,
  type TMessageSet,
} from '@app/shared';

/**
 * The messages this page has loaded, by language. The landing page's first load carries no copy: the site
 * messages of the visitor's language (core, marketing) come in their own chunk, and the dashboard's, the
 * admin area's and the Salla page's with those pages (routes.tsx asks for them with the page's chunk).
 */
const loaded: Record<TLanguage, Partial<Record<TMessageKey, string>>> = { ar: {}, en: {} };
const siteLoads = new Map<TLanguage, Promise<void>>();
const siteLoaded = new Set<TLanguage>();
const partLoads = new Map<TMessagePart, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

function add(lang: TLanguage, messages: TMessageSet): void {
  loaded[lang] = { ...loaded[lang], ...messages };
}

function changed(): void {
  version++;
  for (const listener of [...listeners]) listener();
}

/** Loads the site messages of a language (once); a failed download may be retried. */
export function loadSiteCatalogue(lang: TLanguage): Promise<void> {
  let pending = siteLoads.get(lang);
  if (!pending) {
    pending = loadSiteMessages(lang).then(
      (messages) => {
        add(lang, messages);
        siteLoaded.add(lang);
        changed();
      },
      (error: unknown) => {
        siteLoads.delete(lang);
        throw error;
      },
    );
    siteLoads.set(lang, pending);
  }
  return pending;
}

export function hasSiteCatalogue(lang: TLanguage): boolean {
  return siteLoaded.has(lang);
}

/** Loads a feature's messages (both languages, once). */
export function loadCataloguePart(part: TMessagePart): Promise<void> {
  let pending = partLoads.get(part);
  if (!pending) {
    pending = loadMessagePart(part).then(
      (messages) => {
        add('ar', messages.ar);
        add('en', messages.en);
        changed();
      },
      (error: unknown) => {
        partLoads.delete(part);
        throw error;
      },
    );
    partLoads.set(part, pending);
  }
  return pending;
}

/**
 * The text of a key, or undefined while its part is still loading (the load is started, and subscribers are
 * told when it arrived).
 */
export function lookupMessage(lang: TLanguage, key: TMessageKey): string | undefined {
  const text = loaded[lang][key];
  if (text !== undefined) return text;
  const part = messagePartOf(key);
  if (part)
    loadCataloguePart(part).catch((error: unknown) => console.error('Could not load messages.', error));
  else
    void loadSiteCatalogue(lang).catch((error: unknown) => console.error('Could not load messages.', error));
  return undefined;
}

/** Resolves when a page's messages are there: `lazy(() => withMessages(import('./Page'), 'dashboard'))`. */
export function withMessages<T>(page: Promise<T>, part: TMessagePart): Promise<T> {
  return Promise.all([page, loadCataloguePart(part)]).then(([module]) => module);
}

export function subscribeCatalogue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getCatalogueVersion(): number {
  return version;
}

/**
 * Forgets every loaded message (tests only): each test then starts like a fresh page load, where nothing
 * is loaded before the first render.
 */
export function resetCatalogueForTests(): void {
  loaded.ar = {};
  loaded.en = {};
  siteLoads.clear();
  siteLoaded.clear();
  partLoads.clear();
  version++;
}
