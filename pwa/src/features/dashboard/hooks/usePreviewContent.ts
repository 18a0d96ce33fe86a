import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readPreview, storePreview, type TPreviewRecord } from '../../../db';
import type { TMerchantApi } from '../lib/merchant-api';

/**
 * The widget answer for the merchant's key, from this device (live query) and refreshed from the public
 * endpoint whenever `cacheBust` changes and the server can be reached. Kept for the preview offline.
 */
export function usePreviewContent(
  widgetKey: string | null,
  api: TMerchantApi,
  canFetch: boolean,
  cacheBust: string,
): TPreviewRecord | null | undefined {
  const record = useLiveQuery(
    async () => (widgetKey ? ((await readPreview(widgetKey)) ?? null) : null),
    [widgetKey],
  );
  useEffect(() => {
    if (!widgetKey || !canFetch) return;
    let live = true;
    void api.widgetInit(widgetKey, cacheBust).then(async (result) => {
      if (live && result.ok) await storePreview(widgetKey, result.value);
    });
    return () => {
      live = false;
    };
  }, [widgetKey, api, canFetch, cacheBust]);
  return record;
}
