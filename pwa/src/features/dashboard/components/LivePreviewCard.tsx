import { useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { TFeedLayout, TWidgetInit, TWidgetSettings } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { OutlineIcon } from '../../../ui/OutlineIcon';
import { previewData } from '../lib/preview-config';
import { Badge } from '../../../ui/controls';
import { overlayClass } from './ConfirmDialog';
import { FeedLayoutChoice } from './LayoutSettings';
import { postsKeyOf, PreviewViewport } from './PreviewViewport';

/** The widths the preview lays the widget out at: a common phone and a common laptop screen. */
const DEVICE_WIDTHS = { phone: 390, desktop: 1280 } as const;
type TDevice = keyof typeof DEVICE_WIDTHS;

/** product §2: the Live Preview card (minimise/expand), showing the unsaved settings as they are edited. */
export function LivePreviewCard({
  init,
  settings,
  dirty,
  contentReady,
  canFetch,
  onLayout,
}: {
  init: TWidgetInit | null | undefined;
  settings: TWidgetSettings;
  dirty: boolean;
  contentReady: boolean;
  canFetch: boolean;
  /** The layout chosen in the full-screen preview (the settings' own choice, unsaved like it). */
  onLayout: (layout: TFeedLayout) => void;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(true);
  const [fullScreen, setFullScreen] = useState(false);
  const [device, setDevice] = useState<TDevice>('phone');
  const bodyId = useId();
  const data = init ? previewData(init.data, settings) : null;
  const empty = data ? data.content.feed.length === 0 && data.content.highlights.length === 0 : true;

  return (
    <section
      aria-labelledby={`${bodyId}-title`}
      className="overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-sm shadow-slate-200/50"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <div className="flex min-w-0 items-center gap-2.5">
          <span className="relative flex size-2.5" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
            <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
          </span>
          <h2 id={`${bodyId}-title`} className="text-base font-bold text-slate-900">
            {t('dashboard.preview.title')}
          </h2>
          {dirty ? <Badge tone="amber">{t('dashboard.preview.unsaved')}</Badge> : null}
        </div>
        <div className="flex items-center gap-1">
          {data ? (
            <button
              type="button"
              onClick={() => setFullScreen(true)}
              aria-label={t('dashboard.preview.fullScreen')}
              title={t('dashboard.preview.fullScreen')}
              data-testid="preview-full-screen"
              className="grid size-9 place-items-center rounded-lg text-slate-600 transition hover:bg-slate-100 hover:text-slate-900"
            >
              <OutlineIcon>
                <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
              </OutlineIcon>
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={bodyId}
            aria-label={open ? t('dashboard.preview.minimise') : t('dashboard.preview.expand')}
            className="grid size-9 place-items-center rounded-lg text-slate-600 transition hover:bg-slate-100 hover:text-slate-900"
          >
            <OutlineIcon className={`size-5 transition-transform ${open ? '' : 'rotate-180'}`}>
              <path d="M6 15l6-6 6 6" />
            </OutlineIcon>
          </button>
        </div>
      </div>
      <div id={bodyId} hidden={!open}>
        <div className="flex flex-wrap items-center justify-between gap-2 px-5 pt-3">
          <p className="hidden text-xs text-slate-500 sm:block">{t('dashboard.preview.subtitle')}</p>
          <DeviceChoice device={device} onChange={setDevice} />
        </div>
        {!settings.widget_enabled ? (
          <p role="status" className="mx-5 mt-3 rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700">
            {t('dashboard.preview.hidden')}
          </p>
        ) : null}
        {data && (!empty || contentReady) ? null : (
          <p role="status" className="mx-5 mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {!data && !canFetch ? t('dashboard.preview.offlineNoContent') : t('dashboard.preview.preparing')}
          </p>
        )}
        {data ? (
          <PreviewViewport
            data={data}
            width={DEVICE_WIDTHS[device]}
            postsKey={postsKeyOf(data.config)}
            className={`${BOX} m-3 max-h-[24vh] sm:m-4 sm:max-h-[40vh] xl:max-h-[70vh] ${settings.widget_enabled ? '' : 'opacity-50 grayscale'}`}
          />
        ) : (
          <div className={`${BOX} m-3 sm:m-4`}>
            <PreviewSkeleton />
          </div>
        )}
      </div>
      {data ? (
        <Dialog.Root open={fullScreen} onOpenChange={setFullScreen}>
          <Dialog.Portal>
            <Dialog.Overlay className={overlayClass} />
            <Dialog.Content
              className="fixed inset-0 z-50 flex flex-col bg-white sm:inset-6 sm:mx-auto sm:max-w-3xl sm:rounded-2xl sm:shadow-2xl"
              data-testid="preview-sheet"
              aria-describedby={undefined}
            >
              <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
                <Dialog.Title className="text-base font-bold text-slate-900">
                  {t('dashboard.preview.title')}
                </Dialog.Title>
                <DeviceChoice device={device} onChange={setDevice} className="ms-auto" />
                <Dialog.Close
                  aria-label={t('dashboard.preview.close')}
                  className="grid size-10 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                >
                  <OutlineIcon>
                    <path d="M6 6l12 12M18 6L6 18" />
                  </OutlineIcon>
                </Dialog.Close>
              </div>
              <PreviewViewport
                data={data}
                width={DEVICE_WIDTHS[device]}
                postsKey={postsKeyOf(data.config)}
                className={`${BOX} m-3 min-h-0 flex-1`}
              />
              <div className="border-t border-slate-100 px-4 py-3">
                <FeedLayoutChoice value={settings.feed.layout} hints={false} onChange={onLayout} />
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}
    </section>
  );
}

/** Phone or desktop: the width the preview lays the widget out at. */
function DeviceChoice({
  device,
  onChange,
  className = '',
}: {
  device: TDevice;
  onChange: (device: TDevice) => void;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <div
      role="group"
      aria-label={t('dashboard.preview.device')}
      className={`inline-flex rounded-lg bg-slate-100 p-0.5 text-xs font-semibold ${className}`}
    >
      {(Object.keys(DEVICE_WIDTHS) as TDevice[]).map((d) => (
        <button
          key={d}
          type="button"
          aria-pressed={device === d}
          onClick={() => onChange(d)}
          className={`rounded-md px-3 py-1.5 transition ${device === d ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
        >
          {t(`dashboard.preview.${d}`)}
        </button>
      ))}
    </div>
  );
}

/** The preview's box: a dashed frame on a light stripe, so the widget's own background shows. */
const BOX =
  'overflow-auto rounded-xl border border-dashed border-slate-300 bg-[repeating-linear-gradient(45deg,#f8fafc_0_10px,#f1f5f9_10px_20px)]';

function PreviewSkeleton() {
  return (
    <div className="grid grid-cols-3 gap-2 p-4" aria-hidden="true">
      {Array.from({ length: 9 }, (_, i) => (
        <span key={i} className="aspect-square animate-pulse rounded-md bg-slate-200" />
      ))}
    </div>
  );
}
