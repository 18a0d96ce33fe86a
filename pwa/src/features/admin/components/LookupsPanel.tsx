import { useI18n } from '../../../i18n/useI18n';

/** Hits against misses as one bar: what the hit rate is made of. */
export function LookupsPanel({ hits, misses }: { hits: number; misses: number }) {
  const { t } = useI18n();
  const total = hits + misses;
  const hitShare = total === 0 ? 0 : (hits / total) * 100;
  const figure = new Intl.NumberFormat('en-US');
  return (
    <section className="mt-4 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm shadow-slate-200/60 sm:p-5">
      <h3 className="text-sm font-semibold text-slate-600">{t('admin.lookupsTitle')}</h3>
      {total === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t('admin.lookupsNone')}</p>
      ) : (
        <>
          <div aria-hidden="true" className="mt-4 flex h-3 overflow-hidden rounded-full bg-slate-200">
            <span className="h-full rounded-full bg-emerald-500" style={{ width: `${hitShare}%` }} />
          </div>
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2.5 rounded-full bg-emerald-500" />
              <dt className="text-slate-600">{t('admin.lookupsHits')}</dt>
              <dd className="font-bold tabular-nums text-slate-900">{figure.format(hits)}</dd>
            </div>
            <div className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2.5 rounded-full bg-slate-300" />
              <dt className="text-slate-600">{t('admin.lookupsMisses')}</dt>
              <dd className="font-bold tabular-nums text-slate-900">{figure.format(misses)}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
