import { useId, useMemo, useState } from 'react';
import { countText, USER_WORDS } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Spinner } from '../../../ui/Spinner';
import { useAdminUsers } from '../hooks/useAdminUsers';
import { filterAccounts } from '../lib/admin-format';
import { AdminPageHeader } from './AdminPageHeader';
import { BulkRefreshButton } from './RefreshButtons';
import { PeopleIcon, SearchIcon } from './icons';
import { SummaryCards } from './SummaryCards';
import { UsersTable } from './UsersTable';
import { PaymentsPanel } from '../../billing/components/AdminBilling';
import { MoyasarWebhooksPanel } from '../../billing/components/MoyasarWebhooks';

/** Manage subjects: every connected account, searchable, refreshable one by one or all at once (product §2). */
export default function AdminUsersPage() {
  const { t, lang } = useI18n();
  const searchId = useId();
  const { accounts, loading, rowStates, bulkStatus, refreshOne, refreshAll } = useAdminUsers();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterAccounts(accounts, query), [accounts, query]);
  const verified = accounts.filter((a) => a.is_verified).length;
  const active = Object.values(rowStates).filter((s) => s.status === 'refreshing').length;

  return (
    <>
      <AdminPageHeader
        title={t('admin.usersTitle')}
        intro={t('admin.usersIntro')}
        badge={
          loading ? null : (
            <p
              className="rounded-full bg-slate-100 px-3 py-1 text-xs font-bold text-slate-700 ring-1 ring-slate-200"
              data-testid="users-count"
            >
              {countText(accounts.length, lang, USER_WORDS, false)}
            </p>
          )
        }
        actions={<BulkRefreshButton status={bulkStatus} onRefresh={() => void refreshAll()} />}
      />

      <SummaryCards total={accounts.length} verified={verified} active={active} />

      <section className="mt-6 overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-sm shadow-slate-200/60">
        <div className="border-b border-slate-100 p-4 sm:p-5">
          <label htmlFor={searchId} className="sr-only">
            {t('admin.searchLabel')}
          </label>
          <div className="relative max-w-md">
            <SearchIcon className="pointer-events-none absolute inset-y-0 start-3.5 my-auto size-5 text-slate-400" />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('admin.searchPlaceholder')}
              autoComplete="off"
              className="block min-h-11 w-full rounded-xl border border-slate-300 bg-white ps-11 pe-4 text-sm text-slate-900 placeholder:text-slate-500 transition focus:border-indigo-600"
            />
          </div>
        </div>

        {loading ? (
          <Spinner label={t('admin.loadingUsers')} className="py-16" />
        ) : shown.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
            <span className="grid size-12 place-items-center rounded-2xl bg-slate-100 text-slate-400">
              <PeopleIcon className="size-6" />
            </span>
            <p role="status" className="text-base font-semibold text-slate-700">
              {accounts.length === 0 ? t('admin.noUsers') : t('admin.noSearchResults')}
            </p>
          </div>
        ) : (
          <UsersTable
            accounts={shown}
            rowStates={rowStates}
            onRefresh={(userId) => void refreshOne(userId)}
          />
        )}
      </section>

      <PaymentsPanel />
      <MoyasarWebhooksPanel />
    </>
  );
}
