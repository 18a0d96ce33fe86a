import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TAdminPayments, TAdminRevenue } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Alert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { secondaryButton } from '../../../ui/styles';
import { useAuth } from '../../auth/hooks/useAuth';
import { StatsCard } from '../../admin/components/StatsCard';
import { ChipIcon, PeopleIcon, TargetIcon } from '../../admin/components/icons';
import type { TLoad } from '../hooks/useBilling';
import { createBillingApi } from '../lib/billing-api';
import { billingDate, billingFailureText, money } from '../lib/billing-format';

function useBillingApi() {
  const { client } = useAuth();
  return useMemo(() => createBillingApi((input, init) => client.fetchWithAuth(input, init)), [client]);
}

/** The admin dashboard's revenue card: paying merchants, MRR without VAT, trials ending this week. */
export function RevenueCards() {
  const { t, lang } = useI18n();
  const api = useBillingApi();
  const [state, setState] = useState<TLoad<TAdminRevenue>>({ kind: 'loading' });
  useEffect(() => {
    void api
      .adminRevenue()
      .then((r) =>
        setState(r.ok ? { kind: 'ready', value: r.value } : { kind: 'error', failure: r.failure }),
      );
  }, [api]);
  const value = state.kind === 'ready' ? state.value : undefined;
  return (
    <section aria-labelledby="revenue-overview" className="mt-8">
      <h2 id="revenue-overview" className="mb-4 text-lg font-bold text-slate-900">
        {t('admin.billing.revenueTitle')}
      </h2>
      {state.kind === 'error' ? (
        // Not an alert: the cache card above owns the page's alert, and revenue is secondary here.
        <p className="text-sm text-red-700">{billingFailureText(state.failure, lang, t)}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <StatsCard
            label={t('admin.billing.payingMerchants')}
            value={value ? String(value.paying_merchants) : '—'}
            icon={<PeopleIcon />}
            accent="indigo"
            loading={state.kind === 'loading'}
          />
          <StatsCard
            label={t('admin.billing.mrr')}
            value={value ? `${money(value.mrr_halalas)} SAR` : '—'}
            icon={<ChipIcon />}
            accent="emerald"
            loading={state.kind === 'loading'}
          />
          <StatsCard
            label={t('admin.billing.trialsEnding')}
            value={value ? String(value.trials_ending_this_week) : '—'}
            icon={<TargetIcon />}
            accent="amber"
            loading={state.kind === 'loading'}
          />
        </div>
      )}
    </section>
  );
}

/** The admin users page's payments: status, amount, merchant, and the refund of a first payment. */
export function PaymentsPanel() {
  const { t, lang } = useI18n();
  const api = useBillingApi();
  const [state, setState] = useState<TLoad<TAdminPayments>>({ kind: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const load = useCallback(async () => {
    const r = await api.adminPayments();
    setState(r.ok ? { kind: 'ready', value: r.value } : { kind: 'error', failure: r.failure });
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const refund = async (id: string, amount: number, email: string) => {
    if (!window.confirm(t('admin.billing.refundConfirm', { amount: money(amount), email }))) return;
    setBusy(id);
    const r = await api.refund(id);
    setBusy(null);
    setNotice(
      r.ok
        ? { tone: 'success', text: t('admin.billing.refunded', { amount: money(r.value.refunded_halalas) }) }
        : {
            tone: 'error',
            text: t('admin.billing.refundFailed', { message: billingFailureText(r.failure, lang, t) }),
          },
    );
    await load();
  };

  return (
    <section
      aria-labelledby="payments-title"
      className="mt-6 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm shadow-slate-200/60 sm:p-5"
    >
      <h2 id="payments-title" className="text-lg font-bold text-slate-900">
        {t('admin.billing.paymentsTitle')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('admin.billing.paymentsSubtitle')}</p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {state.kind === 'loading' ? (
        <Spinner label={t('common.loading')} />
      ) : state.kind === 'error' ? (
        <Alert tone="error">{t('admin.billing.loadError')}</Alert>
      ) : (
        <>
          {state.value.alerts.length > 0 ? (
            <div className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
              <h3 className="mb-1 font-bold">{t('admin.billing.alertsTitle')}</h3>
              <ul className="grid gap-1">
                {state.value.alerts.map((a) => (
                  <li key={a.id}>
                    {billingDate(a.received_at, lang)} ·{' '}
                    {a.outcome === 'amount_mismatch' ||
                    a.outcome === 'currency_mismatch' ||
                    a.outcome === 'unknown_checkout' ||
                    a.outcome === 'refunded_stale_quote' ||
                    a.outcome === 'refunded_overpaid' ||
                    a.outcome === 'refund_failed'
                      ? t(`admin.billing.alert.${a.outcome}`)
                      : t('admin.billing.alert.error')}
                    {a.detail ? (
                      <span className="ms-1 text-amber-800" dir="ltr">
                        ({a.detail})
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {state.value.payments.length === 0 ? (
            <p className="text-sm text-slate-600">{t('admin.billing.empty')}</p>
          ) : (
            <div className="relative sm:overflow-x-auto">
              {/* relative: the table's screen-reader-only texts (absolutely placed) scroll and clip with
                  it instead of widening the page. On a phone each payment is a card (its cells labelled),
                  from sm up a row of the table; the roles keep it a table whatever its display. */}
              <table role="table" className="block w-full text-sm sm:table sm:min-w-[640px]">
                <thead className="hidden sm:table-header-group">
                  <tr role="row" className="border-b border-slate-200 text-start text-slate-500">
                    {COLUMNS.map((column) => (
                      <th key={column} role="columnheader" className="py-2 pe-4 text-start font-semibold">
                        {t(`admin.billing.${column}`)}
                      </th>
                    ))}
                    <th role="columnheader" className="py-2">
                      <span className="sr-only">{t('admin.billing.refund')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup" className="grid gap-3 sm:table-row-group">
                  {state.value.payments.map((p) => (
                    <tr
                      role="row"
                      key={p.id}
                      className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-slate-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:border-slate-100 sm:p-0"
                    >
                      <td
                        role="cell"
                        className="col-span-2 font-semibold break-all sm:py-2.5 sm:pe-4 sm:font-normal sm:break-normal"
                      >
                        {/* Left to right inside, the cell itself in the page's direction: its end padding
                            keeps it apart from the plan in both languages. */}
                        <bdi dir="ltr">{p.merchant_email}</bdi>
                      </td>
                      <td role="cell" className="sm:py-2.5 sm:pe-4">
                        <CardLabel>{t('admin.billing.plan')}</CardLabel>
                        <span>
                          {t(p.tier === 'pro' ? 'admin.planPro' : 'admin.planBasic')} ·{' '}
                          {t(`admin.billing.period.${p.period}`)}
                        </span>
                      </td>
                      <td role="cell" className="sm:py-2.5 sm:pe-4">
                        <CardLabel>{t('admin.billing.amount')}</CardLabel>
                        <span className="font-semibold" dir="ltr">
                          {money(p.amount_halalas)} SAR
                        </span>
                      </td>
                      <td role="cell" className="sm:py-2.5 sm:pe-4">
                        <CardLabel>{t('admin.billing.status')}</CardLabel>
                        <span>{t(`admin.billing.status.${p.status}`)}</span>
                      </td>
                      <td role="cell" className="sm:py-2.5 sm:pe-4">
                        <CardLabel>{t('admin.billing.date')}</CardLabel>
                        <span>{billingDate(p.paid_at ?? p.created_at, lang)}</span>
                      </td>
                      <td
                        role="cell"
                        className="col-span-2 empty:hidden sm:py-2.5 sm:text-end sm:empty:table-cell"
                      >
                        {p.refundable ? (
                          <button
                            type="button"
                            className={`${secondaryButton} min-h-9 text-xs`}
                            disabled={busy === p.id}
                            onClick={() => void refund(p.id, p.amount_halalas, p.merchant_email)}
                          >
                            {busy === p.id ? t('admin.billing.refunding') : t('admin.billing.refund')}
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** The payments table's named columns, in order (the refund column's header is for screen readers only). */
const COLUMNS = ['merchant', 'plan', 'amount', 'status', 'date'] as const;

/** A cell's column name, shown above its value on a phone (where the table's header row is hidden). */
function CardLabel({ children }: { children: string }) {
  return <span className="block text-xs font-semibold text-slate-500 sm:hidden">{children}</span>;
}
