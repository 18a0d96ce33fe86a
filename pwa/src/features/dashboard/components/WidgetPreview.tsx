import { useEffect, useRef, useState } from 'react';
import type { TWidgetInit } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import type { TWidgetPreviewHandle, TWidgetPreviewInput } from '@app/shared';
import { loadWidgetCore } from '../lib/widget-preview-loader';
import { PreviewStandIn } from './PreviewStandIn';

/**
 * The real widget (its `mount` export, preview mode: no network for the feed) rendering `data`, the unsaved
 * settings applied, so the merchant sees exactly what the store will show. If the widget bundle cannot be
 * loaded (offline before it was ever cached, say), a plain rendering of the same data stands in.
 */
export function WidgetPreview({ data, lang }: { data: TWidgetInit['data']; lang: 'ar' | 'en' }) {
  const { t } = useI18n();
  const host = useRef<HTMLDivElement>(null);
  const handle = useRef<TWidgetPreviewHandle | undefined>(undefined);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const input: TWidgetPreviewInput = {
    config: data.config,
    content: data.content,
    apiBase: window.location.origin,
    lang,
  };
  const latest = useRef(input);

  useEffect(() => {
    latest.current = input;
    handle.current?.update(input);
  });

  useEffect(() => {
    let live = true;
    loadWidgetCore()
      .then((core) => {
        if (!live || !host.current) return;
        handle.current = core.mount(host.current, latest.current);
        setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
      handle.current?.unmount();
      handle.current = undefined;
    };
  }, []);

  return (
    <div
      role="region"
      aria-label={t('dashboard.preview.regionLabel')}
      data-testid="live-preview"
      data-preview-state={state}
    >
      <div ref={host} />
      {state === 'failed' ? <PreviewStandIn data={data} /> : null}
      {state === 'loading' ? (
        <div className="grid grid-cols-3 gap-2 p-4" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <span key={i} className="aspect-square animate-pulse rounded-md bg-slate-200" />
          ))}
        </div>
      ) : null}
    </div>
  );
}
