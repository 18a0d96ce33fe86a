import { readWebFontSeen, saveWebFontSeen } from './local-preferences';

/** Both weights fonts.css declares: medium text uses the regular face, semibold and heavier the bold one. */
const WEIGHTS = ['400', '700'] as const;

/**
 * Starts the interface's web font (fonts.css). On a first visit its files are fetched once the page has
 * loaded, so they never compete with the page's own HTML, styles, script and pictures, and the largest text
 * paints without waiting for them; text is drawn meanwhile in the metric-matched fallback. The font is named
 * (`html.webfont`) only once both weights are in, so the page is laid out again once, not once per file.
 * Once this browser has loaded the font, later visits name it straight away (it comes from the cache).
 */
export function startWebFont(doc: Document = document): void {
  const root = doc.documentElement;
  const name = () => root.classList.add('webfont');
  if (readWebFontSeen()) {
    name();
    return;
  }
  const load = () => {
    // The Arabic files only for an Arabic page; an English page fetches them if Arabic text ever shows.
    const sample = root.lang === 'ar' ? 'aب' : 'a';
    Promise.all(WEIGHTS.map((weight) => doc.fonts.load(`${weight} 1em Tajawal`, sample))).then(
      () => {
        name();
        saveWebFontSeen();
      },
      () => {
        // A file did not arrive (offline, blocked): the fallback stays, and the next visit tries again.
      },
    );
  };
  if (doc.readyState === 'complete') load();
  else doc.defaultView?.addEventListener('load', load, { once: true });
}
