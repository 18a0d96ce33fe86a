import type * as Core from '../core/index.js';
import { initQuery, readLoaderConfig } from './config.js';
import { placeContainer } from './place.js';
import { getJson } from '../core/net.js';
import { requestFirstRow } from '../core/first-row.js';

/** The hashed core file (e.g. "widget/core-1a2b3c.js"), written in by scripts/build.mjs. */
declare const __LAMHA_CORE__: string;
/** The layout chunks other than the grid by layout name (`{carousel: "widget/carousel-4d5e6f.js", …}`), likewise. */
declare const __LAMHA_LAYOUTS__: Record<string, string>;

type CoreModule = typeof Core;

/** What the loader leaves on window: one per page, whatever number of snippets the page holds. */
interface LamhaGlobal {
  /** Imports the core once; the dashboard's live preview calls it too (see README). */
  load?: () => Promise<CoreModule>;
  booted?: boolean;
}

const noop = () => {};

// A classic script on pages we do not control: everything inside try/catch, every promise handled.
try {
  // currentScript is null when a tag manager evaluates the code itself; then find our tag by its address.
  const script = (document.currentScript ||
    document.querySelector('script[src*="/widget.js"]')) as HTMLScriptElement | null;
  const w = window as unknown as { LamhaWidget?: LamhaGlobal };
  const lamha = (w.LamhaWidget ||= {});
  if (script) {
    const coreUrl = new URL(__LAMHA_CORE__, script.src).href;
    let core: Promise<CoreModule> | undefined;
    lamha.load ||= () => (core ||= import(/* @vite-ignore */ coreUrl));
    const config = lamha.booted || script.hasAttribute('data-preview') ? undefined : readLoaderConfig(script);
    if (config) {
      // A second copy of the snippet finds this flag and does nothing.
      lamha.booted = true;
      const query = initQuery(config);
      const initUrl = query && `${config.apiBase}/api/widget/init?${query}`;
      // The snapshot request and the core download run in parallel, and the answer is read and parsed before
      // the core arrives; the core awaits this very attempt.
      const init = initUrl ? getJson(initUrl) : undefined;
      const loading = lamha.load();
      loading.catch(noop);
      // The options of the last snapshot this page saw (the core keeps them): a layout other than the grid
      // starts its chunk now, alongside the snapshot, instead of after it.
      let hint: { feed?: { layout?: string } } | undefined;
      try {
        hint = JSON.parse(localStorage.getItem(`lamha:${initUrl}`)!) ?? undefined;
        const chunk = __LAMHA_LAYOUTS__[hint!.feed!.layout!];
        if (chunk) import(/* @vite-ignore */ new URL(chunk, script.src).href).catch(noop);
      } catch {
        // No storage, nothing stored, or not what we stored: the first view's way.
      }
      const start = () => {
        try {
          const host = placeContainer(document);
          // The first row's pictures load while the core is still on its way (see first-row.ts).
          init?.then((r) => r.ok && requestFirstRow(host, r.body, config.apiBase)).catch(noop);
          loading
            .then(
              (m) => m.boot(host, config, initUrl, init, hint),
              () => host.remove(),
            )
            // The options of the snapshot shown: the next page view's hint (storage may be refused).
            .then((shown) => shown && localStorage.setItem(`lamha:${initUrl}`, JSON.stringify(shown)))
            .catch(noop);
        } catch {
          // Never break the merchant's page.
        }
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
      else start();
    }
  }
} catch {
  // Never break the merchant's page.
}
