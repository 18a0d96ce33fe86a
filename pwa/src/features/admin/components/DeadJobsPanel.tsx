import { useCallback, useEffect, useState } from 'react';
import type { TAdminDeadJobs } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Alert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { secondaryButton } from '../../../ui/styles';
import { useAdminApi } from '../hooks/useAdminApi';
import { describeFailure, formatAdminDate } from '../lib/admin-format';

type TJobsState =
  | { status: 'loading' }
  | { status: 'loaded'; jobs: TAdminDeadJobs['jobs'] }
  | { status: 'error'; message: string };

/** The table's named columns, in order (the retry column's header is for screen readers only). */
const COLUMNS = ['jobsName', 'jobsAttempts', 'jobsLastError', 'jobsWhen'] as const;

/**
 * The background jobs that failed their last attempt (docs/architecture.md, "Background work"): name,
 * attempts, last error and when it stopped, each with a Retry that puts it back in the queue.
 * A card per job on a phone, a table row from sm up (like the admin payments list).
 */
export function DeadJobsPanel() {
  const { t, lang } = useI18n();
  const api = useAdminApi();
  const [state, setState] = useState<TJobsState>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(
    async (isCurrent: () => boolean = () => true) => {
      const result = await api.deadJobs();
      if (!isCurrent()) return;
      setState(
        result.ok
          ? { status: 'loaded', jobs: result.value.jobs }
          : { status: 'error', message: describeFailure(result.failure, lang) },
      );
    },
    [api, lang],
  );

  useEffect(() => {
    let current = true;
    void load(() => current);
    return () => {
      current = false;
    };
  }, [load]);

  const retry = async (id: string) => {
    setBusy(id);
    const result = await api.retryJob(id);
    setBusy(null);
    setNotice(
      result.ok
        ? { tone: 'success', text: t('admin.jobsRetried') }
        : {
            tone: 'error',
            text: t('admin.jobsRetryFailed', { message: describeFailure(result.failure, lang) }),
          },
    );
    await load();
  };

  return (
    <section
      aria-labelledby="dead-jobs-title"
      className="mt-8 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm shadow-slate-200/60 sm:p-5"
    >
      <h2 id="dead-jobs-title" className="text-lg font-bold text-slate-900">
        {t('admin.jobsTitle')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('admin.jobsIntro')}</p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {state.status === 'loading' ? (
        <Spinner label={t('common.loading')} />
      ) : state.status === 'error' ? (
        // Not an alert: the cache figures above own the page's alert; this list is secondary here.
        <p className="text-sm text-red-700">{t('admin.jobsLoadFailed', { message: state.message })}</p>
      ) : state.jobs.length === 0 ? (
        <p className="text-sm text-slate-600">{t('admin.jobsNone')}</p>
      ) : (
        <div className="relative mt-3 sm:overflow-x-auto">
          {/* On a phone each job is a card (its cells labelled), from sm up a row of the table; the roles
              keep it a table whatever its display. */}
          <table role="table" className="block w-full text-sm sm:table sm:min-w-[640px]">
            <thead className="hidden sm:table-header-group">
              <tr role="row" className="border-b border-slate-200 text-start text-slate-500">
                {COLUMNS.map((column) => (
                  <th key={column} role="columnheader" className="py-2 pe-4 text-start font-semibold">
                    {t(`admin.${column}`)}
                  </th>
                ))}
                <th role="columnheader" className="py-2">
                  <span className="sr-only">{t('admin.jobsRetry')}</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup" className="grid gap-3 sm:table-row-group">
              {state.jobs.map((job) => (
                <tr
                  role="row"
                  key={job.id}
                  className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-slate-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:border-slate-100 sm:p-0"
                >
                  <td role="cell" className="font-semibold break-all sm:py-2.5 sm:pe-4 sm:align-top">
                    <CardLabel>{t('admin.jobsName')}</CardLabel>
                    <bdi dir="ltr">{job.name}</bdi>
                  </td>
                  <td role="cell" className="sm:py-2.5 sm:pe-4 sm:align-top">
                    <CardLabel>{t('admin.jobsAttempts')}</CardLabel>
                    <span className="tabular-nums">{job.attempts}</span>
                  </td>
                  <td role="cell" className="col-span-2 sm:max-w-md sm:py-2.5 sm:pe-4 sm:align-top">
                    <CardLabel>{t('admin.jobsLastError')}</CardLabel>
                    {job.last_error ? (
                      <span
                        dir="ltr"
                        title={job.last_error}
                        className="line-clamp-3 font-mono text-xs break-words text-red-800"
                      >
                        {job.last_error}
                      </span>
                    ) : (
                      <span className="text-slate-500">{t('admin.jobsNoError')}</span>
                    )}
                  </td>
                  <td role="cell" className="col-span-2 sm:py-2.5 sm:pe-4 sm:align-top">
                    <CardLabel>{t('admin.jobsWhen')}</CardLabel>
                    <span>{formatAdminDate(job.died_at ?? job.created_at, lang)}</span>
                  </td>
                  <td role="cell" className="col-span-2 sm:py-2.5 sm:text-end sm:align-top">
                    <button
                      type="button"
                      className={`${secondaryButton} min-h-9 w-full text-xs sm:w-auto`}
                      disabled={busy === job.id}
                      onClick={() => void retry(job.id)}
                    >
                      {busy === job.id ? t('admin.jobsRetrying') : t('admin.jobsRetry')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A cell's column name, shown above its value on a phone (where the table's header row is hidden). */
function CardLabel({ children }: { children: string }) {
  return <span className="block text-xs font-semibold text-slate-500 sm:hidden">{children}</span>;
}
