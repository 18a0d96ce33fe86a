/** What the loader learns from the script tag that a merchant (or the Salla/Zid snippet) pasted. */
export interface LoaderConfig {
  /** The public widget key (data-merchant-id). */
  merchantId?: string;
  /** A platform store id (data-store-id, or ?store= on the script URL for Salla/Zid). */
  storeId?: string;
  /** The store's platform (?platform= or data-platform), when the snippet says. */
  platform?: 'salla' | 'zid';
  /** data-lang, else the page's <html lang>; with neither, the merchant's language from the server decides. */
  lang?: 'ar' | 'en';
  /** The API origin: where the script itself was served from. */
  apiBase: string;
}

const clean = (v: string | null | undefined) => v?.trim() || undefined;

/**
 * Reads the loader's configuration from its own <script> element. Undefined only when its address cannot
 * be read; a snippet without an identifier still gives a config (the widget then shows the
 * invalid-configuration state, so the merchant sees what is wrong).
 */
export function readLoaderConfig(script: HTMLScriptElement): LoaderConfig | undefined {
  let url: URL;
  try {
    url = new URL(script.src);
  } catch {
    return undefined;
  }
  const data = script.dataset;
  const query = url.searchParams;
  // data-lang, else the store page's own language (<html lang="en-US"> → en).
  const lang = (clean(data.lang) ?? script.ownerDocument.documentElement.lang)?.slice(0, 2).toLowerCase();
  const platform = clean(data.platform ?? query.get('platform'))?.toLowerCase();
  return {
    merchantId: clean(data.merchantId),
    storeId: clean(data.storeId) ?? clean(query.get('store')),
    platform: platform === 'salla' || platform === 'zid' ? platform : undefined,
    lang: lang === 'en' || lang === 'ar' ? lang : undefined,
    apiBase: url.origin,
  };
}

/** The identifying query of the public widget endpoints; undefined when the snippet names no widget. */
export function initQuery(config: LoaderConfig): string | undefined {
  const enc = encodeURIComponent;
  if (config.merchantId) return `key=${enc(config.merchantId)}`;
  if (config.storeId)
    return `store_id=${enc(config.storeId)}${config.platform ? `&platform=${config.platform}` : ''}`;
  return undefined;
}
