import type { TWidgetPreviewCore } from '@app/shared';

/** The widget core's preview API, as shared/src/schemas/widget.ts declares it for both sides. */
type TWidgetCore = TWidgetPreviewCore<HTMLElement>;

interface TLamhaGlobal {
  /** The core module; its `preview()` imports the preview chunk, which has `mount`. */
  load?: () => Promise<{ preview?: () => Promise<TWidgetCore> }>;
}

/** The same loader stores use, from this origin; it has a short cache, so the core is never a stale one. */
export const WIDGET_LOADER_URL = '/widget.js';

let loading: Promise<TWidgetCore> | undefined;

function lamhaGlobal(): TLamhaGlobal | undefined {
  return (window as unknown as { LamhaWidget?: TLamhaGlobal }).LamhaWidget;
}

/**
 * Loads the widget's loader in preview mode (it renders nothing itself) and asks it for the core, once per
 * page. A failure is forgotten, so the next preview tries again (say, after coming back online).
 */
export function loadWidgetCore(): Promise<TWidgetCore> {
  loading ??= new Promise<void>((resolve, reject) => {
    if (lamhaGlobal()?.load) return resolve();
    const script = document.createElement('script');
    script.src = WIDGET_LOADER_URL;
    script.async = true;
    script.dataset.preview = '';
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error('The widget could not be loaded.'));
    };
    document.head.appendChild(script);
  })
    .then(() => {
      const load = lamhaGlobal()?.load;
      if (!load) throw new Error('The widget loader has no preview entry.');
      return load();
    })
    .then((core) => {
      if (typeof core?.preview !== 'function') throw new Error('The widget core has no preview().');
      return core.preview();
    })
    .then((core) => {
      if (typeof core?.mount !== 'function') throw new Error('The widget core has no mount().');
      return core;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
