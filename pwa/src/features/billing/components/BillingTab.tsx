import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  apiErrorMessage,
  BILLING_DETAILS_MESSAGES,
  BILLING_PERIODS,
  formatNumber,
  MONTHLY_PRICE_SAR,
  PLAN_IDS,
  vatOfInclusive,
  ZBillingDetails,
  type TBillingOption,
  type TBillingPeriod,
  type TBillingSubscription,
  type TCheckoutStatus,
  type TInvoiceList,
  type TPlanId,
} from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Alert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { fieldLabel, primaryButton, secondaryButton, textInput } from '../../../ui/styles';
import { Badge, Card } from '../../../ui/controls';
import type { TCheckoutWatch, TLoad } from '../hooks/useBilling';
import {
  billingDate,
  billingDateTime,
  billingFailureText,
  checkoutFailureText,
  money,
} from '../lib/billing-format';
import type { TBillingApi } from '../lib/billing-api';

type TT = ReturnType<typeof useI18n>['t'];

const planName = (t: TT, tier: TPlanId) => t(tier === 'pro' ? 'dashboard.plan.pro' : 'dashboard.plan.basic');
const periodName = (t: TT, period: TBillingPeriod) => t(`dashboard.billing.period.${period}`);

/** One line saying where the merchant stands: trial, a running plan, grace, or nothing running. */
export function currentPlanLine(sub: TBillingSubscription, t: TT, lang: 'ar' | 'en'): string {
  const date = (iso: string | null) => (iso ? billingDate(iso, lang) : '');
  switch (sub.status) {
    case 'trial':
      return t('dashboard.billing.trialUntil', { date: date(sub.current_period_end) });
    case 'active':
      if (!sub.tier) return t('dashboard.billing.expired');
      return sub.period
        ? t('dashboard.billing.activeUntil', {
            plan: planName(t, sub.tier),
            period: periodName(t, sub.period),
            date: date(sub.current_period_end),
          })
        : t('dashboard.billing.activeUntilPlatform', {
            plan: planName(t, sub.tier),
            date: date(sub.current_period_end),
          });
    case 'grace':
      return t('dashboard.billing.graceUntil', {
        date: date(sub.current_period_end),
        graceDate: date(sub.grace_ends_at),
      });
    case 'expired':
      return t('dashboard.billing.expired');
  }
}

/**
 * What paying for an option does, in plain words with its dates and amounts. During a trial a new plan
 * starts when the trial ends (`startNow` false) or at payment.
 */
export function optionSentence(
  option: TBillingOption,
  t: TT,
  lang: 'ar' | 'en',
  trial: { inTrial: boolean; startNow: boolean } = { inTrial: false, startNow: false },
): string {
  const params = {
    start: billingDate(option.starts_at, lang),
    end: billingDate(option.ends_at, lang),
    list: money(option.list_halalas),
    credit: money(option.credit_halalas),
  };
  if (trial.inTrial && option.kind === 'new') {
    return trial.startNow
      ? t('dashboard.billing.kind.newNow')
      : t('dashboard.billing.kind.newAfterTrial', params);
  }
  return t(`dashboard.billing.kind.${option.kind}`, params);
}

/** The dashboard's "Plan and billing" tab (issue 16). */
export function BillingTab({
  api,
  canTalk,
  subscription,
  invoices,
  watch,
  onCheckAgain,
  onChanged = () => undefined,
  navigate = (url) => window.location.assign(url),
}: {
  api: TBillingApi;
  canTalk: boolean;
  subscription: TLoad<TBillingSubscription>;
  invoices: TLoad<TInvoiceList>;
  watch: TCheckoutWatch | null;
  onCheckAgain: () => void;
  /** The saved card or its renewal changed: the plan is loaded again. */
  onChanged?: () => void;
  /** Where "Pay" sends the browser: Moyasar's hosted page (tests pass a double). */
  navigate?: (url: string) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <Card title={t('dashboard.billing.title')} subtitle={t('dashboard.billing.subtitle')}>
        {watch ? <CheckoutNotice watch={watch} onCheckAgain={onCheckAgain} /> : null}
        {subscription.kind === 'loading' && !canTalk ? (
          // Offline: plans and payments need the server (nothing about them is kept on this device).
          <p role="status" className="text-sm text-slate-600">
            {t('dashboard.offlineAction')}
          </p>
        ) : subscription.kind === 'loading' ? (
          <Spinner label={t('common.loading')} />
        ) : subscription.kind === 'error' ? (
          <Alert tone="error">{t('dashboard.billing.loadError')}</Alert>
        ) : (
          <PlanChooser sub={subscription.value} api={api} canTalk={canTalk} navigate={navigate} />
        )}
      </Card>
      {subscription.kind === 'ready' && (subscription.value.card_saving || subscription.value.card) ? (
        <SavedCardCard sub={subscription.value} api={api} canTalk={canTalk} onChanged={onChanged} />
      ) : null}
      {subscription.kind === 'ready' &&
      subscription.value.managed_by === 'direct' &&
      subscription.value.payments_enabled ? (
        <BillingDetailsCard sub={subscription.value} api={api} canTalk={canTalk} onChanged={onChanged} />
      ) : null}
      <Card title={t('dashboard.billing.rules.title')}>
        <ul className="grid list-disc gap-2 ps-5 text-sm leading-relaxed text-slate-700">
          <li>{t('dashboard.billing.rules.extend')}</li>
          <li>{t('dashboard.billing.rules.upgrade')}</li>
          <li>{t('dashboard.billing.rules.downgrade')}</li>
          <li>{t('dashboard.billing.rules.grace')}</li>
          <li>{t('dashboard.billing.rules.refund')}</li>
        </ul>
      </Card>
      <InvoicesCard invoices={invoices} />
    </div>
  );
}

function CheckoutNotice({ watch, onCheckAgain }: { watch: TCheckoutWatch; onCheckAgain: () => void }) {
  const { t, lang } = useI18n();
  switch (watch.kind) {
    case 'pending':
      return (
        <div className="mb-5 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
          <Spinner label={t('dashboard.billing.checkout.pending')} />
        </div>
      );
    case 'paid':
      return (
        <div className="mb-5">
          <Alert tone="success" title={t('dashboard.billing.checkout.paid')}>
            {t('dashboard.billing.checkout.paidBody')}{' '}
            {watch.status.invoice_id ? (
              <Link className="font-semibold underline" to={`/dashboard/invoices/${watch.status.invoice_id}`}>
                {t('dashboard.billing.checkout.viewInvoice')}
              </Link>
            ) : null}
          </Alert>
        </div>
      );
    case 'failed':
      return <FailedCheckout status={watch.status} />;
    case 'slow':
      return (
        <div className="mb-5 flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <span role="status">{t('dashboard.billing.checkout.slow')}</span>
          <button type="button" className={secondaryButton} onClick={onCheckAgain}>
            {t('dashboard.billing.checkout.checkAgain')}
          </button>
        </div>
      );
    case 'error':
      return (
        <div className="mb-5">
          <Alert tone="error">{billingFailureText(watch.failure, lang, t)}</Alert>
        </div>
      );
  }
}

/** A declined payment: what happened and what to do, then the gateway's own words for support. */
function FailedCheckout({ status }: { status: TCheckoutStatus }) {
  const { t } = useI18n();
  const failure = checkoutFailureText(status, t);
  return (
    <div className="mb-5">
      <Alert tone="error" title={t('dashboard.billing.checkout.failed')}>
        {failure.text}
        {failure.details ? (
          <span className="mt-1 block text-xs opacity-80" dir="auto">
            {failure.details}
          </span>
        ) : null}
      </Alert>
    </div>
  );
}

function PlanChooser({
  sub,
  api,
  canTalk,
  navigate,
}: {
  sub: TBillingSubscription;
  api: TBillingApi;
  canTalk: boolean;
  navigate: (url: string) => void;
}) {
  const { t, lang } = useI18n();
  const [tier, setTier] = useState<TPlanId>(sub.tier ?? 'pro');
  const [period, setPeriod] = useState<TBillingPeriod>(sub.period ?? 'monthly');
  const [paying, setPaying] = useState(false);
  const [saveCard, setSaveCard] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [startNow, setStartNow] = useState(false);
  const option = sub.options.find((o) => o.tier === tier && o.period === period);
  // A new plan paid during the trial starts when the trial ends, unless the merchant starts it now.
  const inTrial = sub.status === 'trial' && option?.kind === 'new';

  const pay = async () => {
    if (!option || option.unavailable) return;
    setPaying(true);
    setError(null);
    const result = await api.checkout(
      tier,
      period,
      sub.card_saving && saveCard,
      inTrial ? (startNow ? 'now' : 'trial_end') : undefined,
    );
    if (result.ok) {
      navigate(result.value.url);
      return;
    }
    setPaying(false);
    setError(billingFailureText(result.failure, lang, t));
  };

  const summary = (
    <div className="mb-5 flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-500">{t('dashboard.billing.current')}</span>
      <Badge tone={sub.status === 'active' || sub.status === 'trial' ? 'green' : 'amber'}>
        {currentPlanLine(sub, t, lang)}
      </Badge>
    </div>
  );

  if (sub.managed_by !== 'direct' || !sub.payments_enabled) {
    return (
      <>
        {summary}
        <p
          role="status"
          className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
        >
          {sub.managed_by !== 'direct' ? t('dashboard.billing.managed') : t('dashboard.billing.paymentsOff')}
        </p>
      </>
    );
  }

  return (
    <>
      {summary}
      {sub.scheduled ? (
        <p className="mb-4 text-sm text-slate-700">
          {t('dashboard.billing.scheduled', {
            plan: planName(t, sub.scheduled.tier),
            period: periodName(t, sub.scheduled.period),
            date: billingDate(sub.scheduled.starts_at, lang),
          })}
        </p>
      ) : null}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">
          {t('dashboard.billing.choosePlan')}
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {PLAN_IDS.map((id) => (
            <label
              key={id}
              className={`relative flex cursor-pointer flex-col gap-1.5 rounded-2xl border-2 p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700 ${
                tier === id ? 'border-brand-700 bg-brand-50/60' : 'border-slate-200 hover:border-slate-300'
              }`}
            >
              <input
                type="radio"
                name="billing-tier"
                value={id}
                checked={tier === id}
                onChange={() => setTier(id)}
                className="sr-only"
              />
              <span className="flex items-center justify-between gap-2">
                <span className="text-base font-bold text-slate-900">{planName(t, id)}</span>
                {sub.tier === id && sub.status === 'active' ? (
                  <Badge tone="green">{t('dashboard.plan.current')}</Badge>
                ) : null}
              </span>
              <span className="text-sm font-semibold text-slate-900">
                {t('dashboard.plan.perMonth', { price: formatNumber(MONTHLY_PRICE_SAR[id]) })}
              </span>
              <span className="text-xs text-slate-600">{t(`dashboard.plan.${id}Features`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-5">
        <legend className="mb-2 text-sm font-semibold text-slate-800">
          {t('dashboard.billing.choosePeriod')}
        </legend>
        <div className="inline-flex rounded-xl border border-slate-200 bg-slate-50 p-1">
          {BILLING_PERIODS.map((p) => (
            <label
              key={p}
              className={`cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700 ${
                period === p ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600'
              }`}
            >
              <input
                type="radio"
                name="billing-period"
                value={p}
                checked={period === p}
                onChange={() => setPeriod(p)}
                className="sr-only"
              />
              {p === 'annual' ? t('dashboard.billing.period.annualSave') : periodName(t, p)}
            </label>
          ))}
        </div>
      </fieldset>
      {option ? (
        <div className="mt-5 rounded-2xl border border-slate-200 bg-slate-50/70 p-4" aria-live="polite">
          <p className="text-3xl font-extrabold tracking-tight text-slate-900" data-testid="billing-amount">
            {t('dashboard.billing.amount', { amount: money(option.amount_halalas) })}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            {t('dashboard.billing.vatIncluded', { vat: money(vatOfInclusive(option.amount_halalas)) })}
          </p>
          <p className="mt-3 text-sm leading-relaxed text-slate-800">
            {optionSentence(option, t, lang, { inTrial, startNow })}
          </p>
          {inTrial ? (
            <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={startNow}
                onChange={(e) => setStartNow(e.target.checked)}
                className="size-4 accent-brand-700"
              />
              {t('dashboard.billing.startNow')}
            </label>
          ) : null}
          {option.unavailable ? (
            <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
              {apiErrorMessage(lang, { code: option.unavailable })}
            </p>
          ) : null}
          {sub.card_saving ? (
            <label className="mt-4 flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4"
                checked={saveCard}
                onChange={(e) => setSaveCard(e.target.checked)}
              />
              <span>
                <span className="font-semibold">{t('dashboard.billing.autoRenew.tick')}</span>{' '}
                <span className="text-slate-600">{t('dashboard.billing.autoRenew.tickHelp')}</span>
              </span>
            </label>
          ) : null}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={primaryButton}
              disabled={!canTalk || paying || Boolean(option.unavailable)}
              title={!canTalk ? t('dashboard.offlineAction') : undefined}
              onClick={() => void pay()}
            >
              {paying
                ? t('dashboard.billing.opening')
                : t('dashboard.billing.pay', { amount: money(option.amount_halalas) })}
            </button>
            <span className="text-xs text-slate-500">{t('dashboard.billing.methods')}</span>
          </div>
          {error ? (
            <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** What the cards that change a running subscription (saved card, invoice details) are given. */
interface TSubscriptionCardProps {
  sub: TBillingSubscription;
  api: TBillingApi;
  /** The server can be reached: the card's buttons work. */
  canTalk: boolean;
  /** Something changed on the server: read the subscription again. */
  onChanged: () => void;
}

/** The card kept for automatic renewal: brand and last four, the renewal switch, and "remove card". */
function SavedCardCard({ sub, api, canTalk, onChanged }: TSubscriptionCardProps) {
  const { t, lang } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => ReturnType<TBillingApi['removeCard']>) => {
    setBusy(true);
    setError(null);
    const result = await call();
    setBusy(false);
    if (result.ok) onChanged();
    else setError(billingFailureText(result.failure, lang, t));
  };
  return (
    <Card title={t('dashboard.billing.autoRenew.title')}>
      {sub.card ? (
        <div className="grid gap-4">
          <p className="text-sm text-slate-800" data-testid="saved-card">
            {t('dashboard.billing.autoRenew.card', { brand: sub.card.brand, last4: sub.card.last4 })}
          </p>
          <label className="flex items-center gap-3 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              role="switch"
              className="h-5 w-5"
              checked={sub.auto_renew}
              disabled={!canTalk || busy || !sub.card_saving}
              onChange={(e) => void run(() => api.setAutoRenew(e.target.checked))}
            />
            {t('dashboard.billing.autoRenew.switch')}
          </label>
          <p className="text-xs text-slate-600">
            {sub.auto_renew ? t('dashboard.billing.autoRenew.on') : t('dashboard.billing.autoRenew.off')}
          </p>
          <div>
            <button
              type="button"
              className={secondaryButton}
              disabled={!canTalk || busy}
              onClick={() => void run(() => api.removeCard())}
            >
              {t('dashboard.billing.autoRenew.remove')}
            </button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t('dashboard.billing.autoRenew.none')}</p>
      )}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}

type TDetailsField = keyof typeof BILLING_DETAILS_MESSAGES;

/**
 * The company name and VAT number for invoices: checked here with the server's own schema (digits typed
 * in Arabic are read as such), saved for the invoices issued from now on.
 */
function BillingDetailsCard({ sub, api, canTalk, onChanged }: TSubscriptionCardProps) {
  const { t, lang } = useI18n();
  const companyId = useId();
  const vatId = useId();
  const [company, setCompany] = useState(sub.details.company_name ?? '');
  const [vat, setVat] = useState(sub.details.vat_number ?? '');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<TDetailsField, string>>>({});
  const [state, setState] = useState<'idle' | 'busy' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZBillingDetails.safeParse({ company_name: company, vat_number: vat });
    if (!parsed.success) {
      const errors: Partial<Record<TDetailsField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'company_name' || field === 'vat_number')
          errors[field] ??= BILLING_DETAILS_MESSAGES[field][lang];
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setError(null);
    setState('busy');
    const result = await api.saveDetails({
      company_name: parsed.data.company_name ?? '',
      vat_number: parsed.data.vat_number ?? '',
    });
    if (!result.ok) {
      setState('idle');
      setError(billingFailureText(result.failure, lang, t));
      return;
    }
    setCompany(result.value.details.company_name ?? '');
    setVat(result.value.details.vat_number ?? '');
    setState('saved');
    onChanged();
  }
  const fieldError = (field: TDetailsField, id: string) =>
    fieldErrors[field] ? (
      <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-semibold text-red-700">
        {fieldErrors[field]}
      </p>
    ) : null;
  return (
    <Card title={t('dashboard.billing.details.title')} subtitle={t('dashboard.billing.details.description')}>
      <form className="grid gap-4 sm:max-w-md" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div>
          <label htmlFor={companyId} className={fieldLabel}>
            {t('dashboard.billing.details.company')}
          </label>
          <input
            id={companyId}
            name="company_name"
            className={textInput}
            value={company}
            maxLength={300}
            autoComplete="organization"
            aria-invalid={fieldErrors.company_name ? true : undefined}
            aria-describedby={fieldErrors.company_name ? `${companyId}-error` : undefined}
            onChange={(e) => {
              setCompany(e.target.value);
              setState('idle');
            }}
          />
          {fieldError('company_name', companyId)}
        </div>
        <div>
          <label htmlFor={vatId} className={fieldLabel}>
            {t('dashboard.billing.details.vat')}
          </label>
          <input
            id={vatId}
            name="vat_number"
            className={textInput}
            value={vat}
            dir="ltr"
            inputMode="numeric"
            maxLength={40}
            aria-invalid={fieldErrors.vat_number ? true : undefined}
            aria-describedby={`${vatId}-hint${fieldErrors.vat_number ? ` ${vatId}-error` : ''}`}
            onChange={(e) => {
              setVat(e.target.value);
              setState('idle');
            }}
          />
          <p id={`${vatId}-hint`} className="mt-1.5 text-xs text-slate-600">
            {t('dashboard.billing.details.vatHint')}
          </p>
          {fieldError('vat_number', vatId)}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButton} disabled={!canTalk || state === 'busy'}>
            {t('dashboard.billing.details.save')}
          </button>
          {state === 'saved' ? (
            <p role="status" className="text-sm font-semibold text-emerald-700">
              {t('dashboard.billing.details.saved')}
            </p>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </Card>
  );
}

function InvoicesCard({ invoices }: { invoices: TLoad<TInvoiceList> }) {
  const { t, lang } = useI18n();
  return (
    <Card title={t('dashboard.billing.invoices.title')}>
      {invoices.kind === 'loading' ? (
        <Spinner label={t('common.loading')} />
      ) : invoices.kind === 'error' ? (
        <Alert tone="error">{t('dashboard.billing.loadError')}</Alert>
      ) : invoices.value.invoices.length === 0 ? (
        <p className="text-sm text-slate-600">{t('dashboard.billing.invoices.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('dashboard.billing.invoices.title')}>
          {invoices.value.invoices.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <span className="min-w-0">
                <span className="font-semibold text-slate-900" data-testid={`document-${inv.type}`}>
                  {inv.type === 'credit_note'
                    ? t('dashboard.billing.invoices.creditNote')
                    : t('dashboard.billing.invoices.number')}{' '}
                  <bdi dir="ltr">#{inv.number}</bdi>
                </span>
                {inv.reference ? (
                  <span className="ms-2 text-slate-500">
                    {t('dashboard.billing.invoices.refersTo', { number: inv.reference.number })}
                  </span>
                ) : null}
                <bdi className="ms-2 text-slate-500" data-testid="document-issued">
                  {billingDateTime(inv.issued_at, lang)} ({t('dashboard.billing.invoices.saudiTime')})
                </bdi>
                <span className="ms-2 text-slate-600">
                  {planName(t, inv.tier)} · {periodName(t, inv.period)}
                </span>
              </span>
              <span className="flex items-center gap-3">
                {inv.refunded_at ? (
                  <Badge tone="amber">{t('dashboard.billing.invoices.refunded')}</Badge>
                ) : null}
                <span className="font-semibold text-slate-900">
                  {t('dashboard.billing.amount', { amount: money(inv.total_halalas) })}
                </span>
                <Link className="font-semibold text-brand-700 underline" to={`/dashboard/invoices/${inv.id}`}>
                  {t('dashboard.billing.invoices.view')}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The dashboard banner while a plan is in grace or has expired (shown above every tab). */
export function BillingBanner({
  sub,
  onChoosePlan,
}: {
  sub: TBillingSubscription;
  onChoosePlan: () => void;
}) {
  const { t, lang } = useI18n();
  if (sub.status !== 'grace' && sub.status !== 'expired') return null;
  const text =
    sub.status === 'grace'
      ? t('dashboard.billing.banner.grace', {
          date: sub.current_period_end ? billingDate(sub.current_period_end, lang) : '',
          graceDate: sub.grace_ends_at ? billingDate(sub.grace_ends_at, lang) : '',
        })
      : t('dashboard.billing.banner.expired');
  const platform =
    sub.managed_by === 'direct'
      ? null
      : t('dashboard.billing.banner.platform', { platform: t(`dashboard.platform.${sub.managed_by}`) });
  return (
    <div
      role="alert"
      className={`mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 text-sm ${
        sub.status === 'grace'
          ? 'border-amber-300 bg-amber-50 text-amber-950'
          : 'border-red-200 bg-red-50 text-red-900'
      }`}
    >
      <span>
        {text} {platform}
      </span>
      {platform === null && sub.payments_enabled ? (
        <button type="button" className={primaryButton} onClick={onChoosePlan}>
          {t('dashboard.billing.banner.action')}
        </button>
      ) : null}
    </div>
  );
}
