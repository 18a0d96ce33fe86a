import type { TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import type { TBulkRefreshStatus, TRowRefreshState } from '../hooks/useAdminUsers';
import { AlertIcon, CheckIcon, RefreshIcon } from './icons';

type TRowStatus = 'idle' | TRowRefreshState['status'];

/** product §4 per-user refresh: labels and colours (grey, green, red) by state. */
export const ROW_REFRESH_LABELS: Record<TRowStatus, TMessageKey> = {
  idle: 'admin.rowRefresh',
  refreshing: 'admin.rowRefreshing',
  success: 'admin.rowSuccess',
  error: 'admin.rowError',
};

const ROW_TONES: Record<TRowStatus, string> = {
  idle: 'border-slate-200 bg-slate-100 text-slate-700 hover:bg-slate-200 hover:text-slate-900',
  refreshing: 'border-slate-200 bg-slate-100 text-slate-500',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-700 hover:bg-emerald-100',
  error: 'border-red-200 bg-red-50 text-red-700 hover:bg-red-100',
};

function StatusIcon({ status }: { status: TRowStatus | TBulkRefreshStatus }) {
  if (status === 'refreshing') return <RefreshIcon className="size-4 animate-spin" />;
  if (status === 'success') return <CheckIcon className="size-4" />;
  if (status === 'error') return <AlertIcon className="size-4" />;
  return <RefreshIcon className="size-4" />;
}

export function RowRefreshButton({
  state,
  onRefresh,
}: {
  state: TRowRefreshState | undefined;
  onRefresh: () => void;
}) {
  const { t } = useI18n();
  const status: TRowStatus = state?.status ?? 'idle';
  return (
    <button
      type="button"
      data-status={status}
      disabled={status === 'refreshing'}
      title={state?.message || undefined}
      onClick={onRefresh}
      className={`inline-flex min-h-11 w-full items-center justify-center gap-2 whitespace-nowrap rounded-xl border px-3.5 py-2 md:min-h-10 md:w-auto text-sm font-semibold transition disabled:cursor-wait ${ROW_TONES[status]}`}
    >
      <StatusIcon status={status} />
      {t(ROW_REFRESH_LABELS[status])}
    </button>
  );
}

export const BULK_REFRESH_LABELS: Record<TBulkRefreshStatus, TMessageKey> = {
  idle: 'admin.refreshAll',
  refreshing: 'admin.refreshingAll',
  success: 'admin.refreshedAll',
  error: 'admin.refreshAllFailed',
};

const BULK_TONES: Record<TBulkRefreshStatus, string> = {
  idle: 'bg-slate-900 text-white hover:bg-slate-800',
  refreshing: 'bg-slate-700 text-white',
  success: 'bg-emerald-600 text-white hover:bg-emerald-700',
  error: 'bg-red-700 text-white hover:bg-red-800',
};

/** product §4 bulk refresh: disabled while refreshing. */
export function BulkRefreshButton({
  status,
  onRefresh,
}: {
  status: TBulkRefreshStatus;
  onRefresh: () => void;
}) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      data-status={status}
      disabled={status === 'refreshing'}
      onClick={onRefresh}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 py-2.5 text-sm font-semibold shadow-sm transition disabled:cursor-wait ${BULK_TONES[status]}`}
    >
      <StatusIcon status={status} />
      {t(BULK_REFRESH_LABELS[status])}
    </button>
  );
}
