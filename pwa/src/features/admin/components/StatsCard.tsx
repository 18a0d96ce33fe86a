import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/useI18n';

/**
 * One cache figure (product §2 admin dashboard). While loading it shows a placeholder bar; a value that is
 * missing shows 'not available' rather than a blank or "undefined".
 */
export function StatsCard({
  label,
  value,
  hint,
  icon,
  accent,
  loading = false,
}: {
  label: string;
  value: string | null | undefined;
  hint?: string | undefined;
  icon: ReactNode;
  accent: 'indigo' | 'amber' | 'emerald';
  loading?: boolean;
}) {
  const { t } = useI18n();
  const accents = {
    indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-100',
    amber: 'bg-amber-50 text-amber-700 ring-amber-100',
    emerald: 'bg-emerald-50 text-emerald-700 ring-emerald-100',
  } as const;
  const missing = !loading && (value === null || value === undefined || value === '');

  return (
    <article
      aria-busy={loading || undefined}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm shadow-slate-200/60 sm:gap-4 sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-600">{label}</h3>
        <span className={`grid size-10 place-items-center rounded-xl ring-1 ${accents[accent]}`}>{icon}</span>
      </div>
      {loading ? (
        <span aria-hidden="true" className="block h-9 w-28 animate-pulse rounded-lg bg-slate-100" />
      ) : (
        <p
          data-testid="stats-value"
          className={`font-extrabold tracking-tight tabular-nums ${missing ? 'text-xl text-slate-500' : 'text-3xl text-slate-900'}`}
        >
          {missing ? t('admin.statsNotAvailable') : <span dir="ltr">{value}</span>}
        </p>
      )}
      {hint && !loading ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </article>
  );
}
