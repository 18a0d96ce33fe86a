import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/useI18n';
import { PeopleIcon, RefreshIcon, VerifiedBadge } from './icons';

function SummaryCard({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-slate-200/80 bg-white p-3 shadow-sm shadow-slate-200/60 sm:p-4">
      <span className="hidden size-10 shrink-0 place-items-center rounded-xl bg-slate-50 text-slate-600 ring-1 ring-slate-200/80 sm:grid">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs leading-snug font-semibold text-slate-500">{label}</p>
        <p className="text-2xl font-extrabold tabular-nums text-slate-900">{value}</p>
      </div>
    </div>
  );
}

/** product §2: Total Users, Verified Users, Active Refreshes (rows refreshing right now). */
export function SummaryCards({
  total,
  verified,
  active,
}: {
  total: number;
  verified: number;
  active: number;
}) {
  const { t } = useI18n();
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-3">
      <SummaryCard label={t('admin.summaryTotal')} value={total} icon={<PeopleIcon />} />
      <SummaryCard
        label={t('admin.summaryVerified')}
        value={verified}
        icon={<VerifiedBadge className="size-5" />}
      />
      <SummaryCard
        label={t('admin.summaryActive')}
        value={active}
        icon={<RefreshIcon className={`size-5 ${active > 0 ? 'animate-spin text-indigo-600' : ''}`} />}
      />
    </div>
  );
}
