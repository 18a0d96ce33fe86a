import {
  apiErrorMessage,
  FOLLOWER_WORDS,
  storedErrorCode,
  formatCount,
  pluralForm,
  POST_WORDS,
  type TAdminAccount,
  type TCountWords,
} from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import type { TRowRefreshState } from '../hooks/useAdminUsers';
import { formatAdminDate, PLAN_LABEL_KEYS, shortUserId } from '../lib/admin-format';
import { RowRefreshButton } from './RefreshButtons';
import { UserAvatar } from './UserAvatar';
import { VerifiedBadge } from './icons';

const PLAN_TONES: Record<TAdminAccount['plan'], string> = {
  pro: 'bg-violet-50 text-violet-700 ring-violet-200',
  trial: 'bg-amber-50 text-amber-800 ring-amber-200',
  basic: 'bg-sky-50 text-sky-700 ring-sky-200',
  free: 'bg-slate-100 text-slate-600 ring-slate-200',
};

// A real table from md up; on phones each row becomes a card (explicit roles keep the table semantics
// that a changed `display` would otherwise drop).
const cell = 'block md:table-cell md:px-5 md:py-4 md:align-middle';

/** "15.3 ألف متابع", "متابعان", "1 post": the count in bold where the words hold a number. */
function Figure({ value, words }: { value: number | null; words: TCountWords }) {
  const { lang } = useI18n();
  const [before, after] = value === null ? ['—', ''] : pluralForm(value, lang, words[lang]).split('#');
  return (
    <span className="whitespace-nowrap text-slate-500">
      {after === undefined ? (
        before
      ) : (
        <>
          {before}
          <strong className="font-bold tabular-nums text-slate-900">
            {value === null ? '—' : formatCount(value, lang)}
          </strong>
          {after}
        </>
      )}
    </span>
  );
}

function UserRow({
  account,
  state,
  onRefresh,
}: {
  account: TAdminAccount;
  state: TRowRefreshState | undefined;
  onRefresh: (userId: string) => void;
}) {
  const { t, lang } = useI18n();
  return (
    <tr
      role="row"
      data-user-id={account.user_id}
      className="grid grid-cols-2 gap-x-4 gap-y-3 p-4 transition-colors hover:bg-slate-50/70 md:table-row md:p-0"
    >
      <td role="cell" className={`${cell} col-span-2`}>
        <div className="flex min-w-0 items-center gap-3">
          <UserAvatar
            path={account.profile_picture_url}
            alt={t('admin.avatarAlt', { username: account.instagram_username })}
          />
          <div className="min-w-0">
            <div className="flex min-w-0 items-center gap-1.5">
              <a
                href={`https://www.instagram.com/${encodeURIComponent(account.instagram_username)}/`}
                target="_blank"
                rel="noreferrer"
                dir="ltr"
                className="truncate font-semibold text-slate-900 hover:text-brand-700"
              >
                @{account.instagram_username}
              </a>
              {account.is_verified ? <VerifiedBadge label={t('admin.verified')} /> : null}
            </div>
            <p dir="ltr" title={account.email} className="truncate text-start text-xs text-slate-500">
              {account.email}
            </p>
            <p className="mt-1 text-xs">
              <span className="sr-only">{t('admin.userId')}: </span>
              <code
                title={account.user_id}
                dir="ltr"
                className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-600"
              >
                {shortUserId(account.user_id)}
              </code>
            </p>
          </div>
        </div>
      </td>
      <td role="cell" className={`${cell} text-sm`}>
        <span className="mb-1 block text-xs font-semibold text-slate-500 md:hidden">
          {t('admin.columnStats')}
        </span>
        <div className="flex flex-col gap-1">
          <Figure value={account.followers_count} words={FOLLOWER_WORDS} />
          <Figure value={account.media_count} words={POST_WORDS} />
          <span
            className={`mt-0.5 inline-flex w-fit items-center rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ${PLAN_TONES[account.plan]}`}
          >
            {t(PLAN_LABEL_KEYS[account.plan])}
          </span>
        </div>
      </td>
      <td role="cell" className={`${cell} text-sm`}>
        <span className="mb-1 block text-xs font-semibold text-slate-500 md:hidden">
          {t('admin.columnLastUpdated')}
        </span>
        {account.last_fetched_at ? (
          <time dateTime={account.last_fetched_at} className="text-slate-700">
            {formatAdminDate(account.last_fetched_at, lang)}
          </time>
        ) : (
          <span className="text-slate-500 italic">{t('admin.neverUpdated')}</span>
        )}
        {account.health !== 'ok' ? (
          <span
            className="mt-1 flex w-fit items-center rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-semibold text-amber-900 ring-1 ring-amber-200"
            data-testid="health-flag"
          >
            {t(account.health === 'needs_reconnect' ? 'admin.health.needs_reconnect' : 'admin.health.stale')}
          </span>
        ) : null}
        {account.last_error ? (
          <p className="mt-1 line-clamp-2 max-w-56 text-xs text-red-700" title={account.last_error}>
            {t('admin.lastError', {
              message: apiErrorMessage(lang, {
                code: storedErrorCode(account.last_error),
                message: account.last_error,
              }),
            })}
          </p>
        ) : null}
      </td>
      <td role="cell" className={`${cell} col-span-2 md:text-end`}>
        <RowRefreshButton state={state} onRefresh={() => onRefresh(account.user_id)} />
      </td>
    </tr>
  );
}

/** product §2 users table: User, Stats, Last Updated, Actions. */
export function UsersTable({
  accounts,
  rowStates,
  onRefresh,
}: {
  accounts: TAdminAccount[];
  rowStates: Record<string, TRowRefreshState>;
  onRefresh: (userId: string) => void;
}) {
  const { t } = useI18n();
  const heading = 'px-5 py-3 text-start text-xs font-semibold tracking-wide text-slate-500';
  return (
    <table role="table" className="block w-full md:table">
      <thead
        role="rowgroup"
        className="hidden border-b border-slate-200 bg-slate-50/80 md:table-header-group"
      >
        <tr role="row">
          <th role="columnheader" scope="col" className={heading}>
            {t('admin.columnUser')}
          </th>
          <th role="columnheader" scope="col" className={heading}>
            {t('admin.columnStats')}
          </th>
          <th role="columnheader" scope="col" className={heading}>
            {t('admin.columnLastUpdated')}
          </th>
          <th role="columnheader" scope="col" className={`${heading} md:text-end`}>
            {t('admin.columnActions')}
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup" className="block divide-y divide-slate-100 md:table-row-group">
        {accounts.map((account) => (
          <UserRow
            key={account.id}
            account={account}
            state={rowStates[account.user_id]}
            onRefresh={onRefresh}
          />
        ))}
      </tbody>
    </table>
  );
}
