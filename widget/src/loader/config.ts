/** What the loader learns from the script tag that a merchant (or the Salla/Zid snippet) pasted. */
export interface LoaderConfig {
  /** The public widget key (data-merchant-id). */
  merchantId?: string;
  /** A platform store id (data-store-id, or ?store= on the script URL for Salla/Zid). */
  storeId?: string;
  lang: 'ar' | 'en';
  /** The API origin: where the script itself was served from. */
  apiBase: string;
}

const clean = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : undefined;
};

/** Reads the loader's configuration from its own <script> element; undefined when it has no identifier. */
export function readLoaderConfig(script: HTMLScriptElement): LoaderConfig | undefined {
  let url: URL;
  try {
    url = new URL(script.src);
  } catch {
    return undefined;
  }
  const merchantId = clean(script.dataset.merchantId);
  const storeId = clean(script.dataset.storeId) ?? clean(url.searchParams.get('store'));
  if (!merchantId && !storeId) return undefined;
  const lang = clean(script.dataset.lang)?.toLowerCase() === 'en' ? 'en' : 'ar';
  return {
    ...(merchantId ? { merchantId } : {}),
    ...(storeId ? { storeId } : {}),
    lang,
    apiBase: url.origin,
  };
}
