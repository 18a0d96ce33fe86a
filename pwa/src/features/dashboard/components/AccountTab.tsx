import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../ui/toast';
import {
  dateLocale,
  API_ERRORS,
  apiErrorMessage,
  daysRemaining,
  storedErrorCode,
  isInstagramUsername,
  normaliseInstagramUsername,
  type TAccountUpdate,
  type TMerchant,
} from '@app/shared';
import { patchMerchant } from '../../../db';
import { useI18n } from '../../../i18n/useI18n';
import { OutlineIcon } from '../../../ui/OutlineIcon';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { formatTime, useContentRefresh } from '../hooks/useContentRefresh';
import { useUsernameAvailable } from '../hooks/useUsernameAvailable';
import { connectedUsername, planBadge, storeHref } from '../lib/settings-rules';
import { Badge, Card, fieldLabelClass, inputClass, LinkStateBadge } from '../../../ui/controls';
import type { TDashboardContext } from '../lib/dashboard-context';
import { InstagramConnectCard } from './InstagramConnectCard';
import { StoreForm } from './Onboarding';
import { ProfessionalAccountHowTo } from './ProfessionalAccountHowTo';
import type { TMerchantApi } from '../lib/merchant-api';

/** The expiry line of the account card (product §2): trial days left (rounded up), or expired. */
export function expiryLine(
  merchant: TMerchant,
  now: Date,
  t: ReturnType<typeof useI18n>['t'],
  lang: 'ar' | 'en',
): string | null {
  if (merchant.subscription_plan === 'trial' || merchant.subscription_tier.toLowerCase() === 'trial') {
    if (!merchant.trial_ends_at) return null;
    const days = daysRemaining(merchant.trial_ends_at, now);
    if (days <= 0) return t('dashboard.account.trialExpired');
    return days === 1
      ? t('dashboard.account.trialOneDayLeft')
      : t('dashboard.account.trialDaysLeft', { days });
  }
  if (!merchant.subscription_end_date) return null;
  if (daysRemaining(merchant.subscription_end_date, now) <= 0) return t('dashboard.account.expired');
  const date = new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium' }).format(
    new Date(merchant.subscription_end_date),
  );
  return t('dashboard.account.validUntil', { date });
}

export function AccountTab(props: TDashboardContext & { canTalk: boolean }) {
  const { record, api, userId, canTalk, reloadMerchant } = props;
  const merchant = record.merchant;
  const contentRefresh = useContentRefresh(userId, api);
  const usernameAvailable = useUsernameAvailable(api);
  const { t, lang } = useI18n();

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <InstagramConnectCard
        api={api}
        canTalk={canTalk}
        onChanged={() => void reloadMerchant()}
        username={connectedUsername(merchant)}
      />
      <AccountCard
        merchant={merchant}
        api={api}
        userId={userId}
        usernameAvailable={usernameAvailable}
        onStoreSaved={() => void reloadMerchant()}
        canTalk={canTalk}
        onRefresh={() => void contentRefresh.refresh()}
        refreshing={contentRefresh.refreshing}
        refreshAvailableAt={contentRefresh.availableAt}
        onSave={async (input) => {
          const result = await api.saveAccount(input);
          if (!result.ok) {
            const { failure } = result;
            if (failure.kind === 'http' && failure.retryAfterSeconds !== undefined) {
              const at = new Date(Date.now() + failure.retryAfterSeconds * 1000);
              return t('dashboard.account.checksAvailableAt', { time: formatTime(lang, at) });
            }
            return failure.kind === 'http' && failure.message ? apiErrorMessage(lang, failure) : undefined;
          }
          await patchMerchant(userId, {
            instagram_username: result.value.instagram_username,
            public_widget_key: result.value.public_widget_key,
            widget_content_ready: result.value.widget_content_ready,
            ...(input.email !== undefined ? { email: input.email === '' ? null : input.email } : {}),
          });
          void reloadMerchant();
          contentRefresh.refreshInBackground();
          return true;
        }}
      />
    </div>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-b border-slate-100 py-3.5 last:border-b-0 sm:flex-row sm:items-center sm:gap-4">
      <dt className="w-40 shrink-0 text-sm font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** Returns true when saved, else why not in the reader's words (or undefined for a generic failure). */
type TSaveAccount = (input: TAccountUpdate) => Promise<true | string | undefined>;

function AccountCard({
  merchant,
  api,
  userId,
  usernameAvailable,
  onStoreSaved,
  canTalk,
  onRefresh,
  refreshing,
  refreshAvailableAt,
  onSave,
}: {
  merchant: TMerchant;
  api: Pick<TMerchantApi, 'saveStore'>;
  userId: string;
  usernameAvailable: boolean;
  onStoreSaved: () => void;
  canTalk: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  /** Set while a manual refresh is not available yet: the button waits and says until when. */
  refreshAvailableAt: Date | undefined;
  onSave: TSaveAccount;
}) {
  const { t, lang } = useI18n();
  const [editing, setEditing] = useState(false);
  const [editingStore, setEditingStore] = useState(false);
  const username = connectedUsername(merchant);
  const lastErrorCode = merchant.last_error ? storedErrorCode(merchant.last_error) : undefined;
  const dateFormat = new Intl.DateTimeFormat(dateLocale(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const expiry = expiryLine(merchant, new Date(), t, lang);
  const expired = expiry === t('dashboard.account.trialExpired') || expiry === t('dashboard.account.expired');

  return (
    <Card
      title={t('dashboard.account.title')}
      subtitle={t('dashboard.account.subtitle')}
      actions={
        editing ? null : (
          <>
            <button
              type="button"
              className={secondaryButton}
              onClick={onRefresh}
              disabled={!username || refreshing || !canTalk || refreshAvailableAt !== undefined}
              title={!canTalk ? t('dashboard.offlineAction') : undefined}
            >
              <RefreshIcon spinning={refreshing} />
              {refreshing
                ? t('dashboard.account.refreshing')
                : refreshAvailableAt
                  ? t('dashboard.account.refreshAvailableAtShort', {
                      time: formatTime(lang, refreshAvailableAt),
                    })
                  : t('dashboard.account.refresh')}
            </button>
            <button
              type="button"
              className={primaryButton}
              onClick={() => setEditing(true)}
              disabled={!canTalk}
            >
              {t('dashboard.account.edit')}
            </button>
          </>
        )
      }
    >
      {editing ? (
        <AccountEditForm
          merchant={merchant}
          usernameAvailable={usernameAvailable}
          onSave={onSave}
          onDone={() => setEditing(false)}
        />
      ) : (
        <>
          <div className="mb-2 flex items-center gap-4 rounded-2xl bg-gradient-to-br from-brand-50 via-white to-orange-50 p-4">
            <span
              className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand-gradient-soft text-white shadow-md"
              aria-hidden="true"
            >
              <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
                <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
                <circle cx="12" cy="12" r="4" />
                <circle cx="17.2" cy="6.8" r="1" fill="currentColor" stroke="none" />
              </svg>
            </span>
            <div className="min-w-0">
              {username ? (
                <a
                  href={`https://instagram.com/${encodeURIComponent(username)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block truncate text-lg font-bold text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline"
                  dir="ltr"
                  aria-label={t('dashboard.account.openInstagram', { username })}
                >
                  @{username}
                </a>
              ) : (
                <p role="alert" className="text-sm font-semibold text-red-700">
                  {t('dashboard.account.notConnected')}
                </p>
              )}
              <div className="mt-1.5 flex flex-wrap items-center gap-2">
                <LinkStateBadge linked={username !== null} />
                {username ? (
                  merchant.widget_content_ready ? (
                    <Badge tone="slate">{t('dashboard.account.contentReady')}</Badge>
                  ) : (
                    <Badge tone="amber">{t('dashboard.account.contentPreparing')}</Badge>
                  )
                ) : null}
              </div>
            </div>
          </div>
          <dl>
            <InfoRow label={t('dashboard.account.email')}>
              {merchant.email ? (
                <span dir="ltr">{merchant.email}</span>
              ) : (
                <span className="font-normal text-slate-500">{t('dashboard.account.noEmail')}</span>
              )}
            </InfoRow>
            <InfoRow label={t('dashboard.store.nameLabel')}>
              {merchant.store_name ?? (
                <span className="font-normal text-slate-500">{t('dashboard.store.noName')}</span>
              )}
            </InfoRow>
            <InfoRow label={t('dashboard.account.store')}>
              {merchant.store_url ? (
                <a
                  href={storeHref(merchant.store_url)}
                  target="_blank"
                  rel="noopener noreferrer"
                  dir="ltr"
                  className="text-brand-700 underline-offset-4 hover:underline"
                >
                  {merchant.store_url}
                </a>
              ) : (
                <span className="font-normal text-slate-500">{t('dashboard.account.noStore')}</span>
              )}
            </InfoRow>
            <InfoRow label={t('dashboard.account.lastRefresh')}>
              {merchant.last_refresh
                ? dateFormat.format(new Date(merchant.last_refresh))
                : t('dashboard.account.never')}
              {lastErrorCode ? (
                <span className="mt-1 block text-xs font-normal text-amber-800">
                  {t('dashboard.account.lastError', {
                    // Stored as the server's English sentence: worded here in the reader's language.
                    message: apiErrorMessage(lang, {
                      code: lastErrorCode,
                      message: merchant.last_error ?? '',
                    }),
                  })}
                </span>
              ) : null}
              {lastErrorCode === 'instagram_not_business' ? <ProfessionalAccountHowTo /> : null}
            </InfoRow>
            <InfoRow label={t('dashboard.account.plan')}>
              <span className="flex flex-wrap items-center gap-2">
                <Badge tone="brand">{planBadge(merchant, lang, t)}</Badge>
                {expiry ? (
                  <span className={`text-sm font-medium ${expired ? 'text-red-700' : 'text-slate-600'}`}>
                    {expiry}
                  </span>
                ) : null}
              </span>
            </InfoRow>
          </dl>
          <div className="py-3.5">
            {editingStore ? (
              <StoreForm
                merchant={merchant}
                api={api}
                userId={userId}
                onSaved={() => {
                  setEditingStore(false);
                  onStoreSaved();
                }}
                actions={
                  <button type="button" className={secondaryButton} onClick={() => setEditingStore(false)}>
                    {t('dashboard.account.cancel')}
                  </button>
                }
              />
            ) : (
              <button
                type="button"
                className={secondaryButton}
                disabled={!canTalk}
                onClick={() => setEditingStore(true)}
                data-testid="edit-store"
              >
                {t('dashboard.store.edit')}
              </button>
            )}
          </div>
        </>
      )}
    </Card>
  );
}

function AccountEditForm({
  merchant,
  usernameAvailable,
  onSave,
  onDone,
}: {
  merchant: TMerchant;
  /** False where the server cannot read accounts by username: the field is hidden and not sent. */
  usernameAvailable: boolean;
  onSave: TSaveAccount;
  onDone: () => void;
}) {
  const { t, lang } = useI18n();
  const usernameId = useId();
  const emailId = useId();
  const initialUsername = connectedUsername(merchant) ?? '';
  const initialEmail = merchant.email ?? '';
  const [username, setUsername] = useState(initialUsername);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [emailError, setEmailError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseInstagramUsername(username);
    if (usernameAvailable) {
      if (normalised === '') return setError(t('dashboard.account.usernameRequired'));
      if (!isInstagramUsername(normalised)) return setError(t('dashboard.account.usernameInvalid'));
    }
    setError(undefined);
    const trimmedEmail = email.trim();
    if (trimmedEmail !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmedEmail))
      return setEmailError(t('dashboard.account.emailInvalid'));
    setEmailError(undefined);
    const emailChange = trimmedEmail !== initialEmail ? { email: trimmedEmail } : {};
    if (!usernameAvailable && emailChange.email === undefined) return onDone();
    if (usernameAvailable) setUsername(normalised);
    setSaving(true);
    const result = await onSave(
      usernameAvailable ? { instagram_username: normalised, ...emailChange } : emailChange,
    );
    setSaving(false);
    if (result === true) {
      toast.success(t('dashboard.account.updated'));
      onDone();
    } else {
      const message = result ?? t('common.unexpectedError');
      toast.error(t('dashboard.account.updateError', { message }));
      setError(message);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid max-w-xl gap-5">
      {usernameAvailable ? (
        <div>
          <label htmlFor={usernameId} className={fieldLabelClass}>
            {t('dashboard.account.usernameLabel')}
          </label>
          <div className="relative">
            <span
              className="pointer-events-none absolute inset-y-0 start-3.5 grid place-items-center text-slate-400"
              aria-hidden="true"
            >
              @
            </span>
            <input
              id={usernameId}
              dir="ltr"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              className={`${inputClass} ps-8 text-start`}
              value={username}
              placeholder={t('dashboard.account.usernamePlaceholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${usernameId}-hint${error ? ` ${usernameId}-error` : ''}`}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>
          <p id={`${usernameId}-hint`} className="mt-1.5 text-sm text-slate-600">
            {t('dashboard.account.usernameHint')}
          </p>
        </div>
      ) : null}
      <div>
        <label htmlFor={emailId} className={fieldLabelClass}>
          {t('dashboard.account.emailLabel')}
        </label>
        <input
          id={emailId}
          type="email"
          dir="ltr"
          autoComplete="email"
          className={`${inputClass} text-start`}
          value={email}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${emailId}-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {emailError ? (
          <p id={`${emailId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {emailError}
          </p>
        ) : null}
      </div>
      {error ? (
        <p
          id={`${usernameId}-error`}
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          dir="auto"
        >
          {error}
        </p>
      ) : null}
      {error === API_ERRORS.instagram_not_business[lang] ? <ProfessionalAccountHowTo /> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? t('dashboard.account.saving') : t('dashboard.account.save')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={saving}
          onClick={() => {
            setUsername(initialUsername);
            setEmail(initialEmail);
            setError(undefined);
            setEmailError(undefined);
            onDone();
          }}
        >
          {t('dashboard.account.cancel')}
        </button>
      </div>
    </form>
  );
}

function RefreshIcon({ spinning }: { spinning: boolean }) {
  return (
    <OutlineIcon className={`size-4 ${spinning ? 'animate-spin' : ''}`}>
      <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
    </OutlineIcon>
  );
}
