import { useState } from 'react';
import {
  annualPrice,
  MONTHLY_PRICE_SAR,
  TIER_IDS,
  translateKnownMessage,
  type TMerchant,
  type TPlanId,
} from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton } from '../../../ui/styles';
import type { TMerchantApi } from '../lib/merchant-api';
import { Badge, Card } from './controls';

type TPlanState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'error'; message: string }
  | { kind: 'success'; message: string };

const PLANS: TPlanId[] = ['basic', 'pro'];

/** Save is possible when a plan is chosen, it differs from the current one, and nothing is being saved. */
export function canSavePlan(
  selected: string | null,
  current: string | null,
  state: TPlanState['kind'],
): boolean {
  return selected !== null && selected !== current && state !== 'saving';
}

/** The plan selector (spec §2, §4): only for stores outside Salla and Zid. */
export function PlanSelector({
  merchant,
  api,
  canTalk,
  onChanged,
}: {
  merchant: TMerchant;
  api: TMerchantApi;
  canTalk: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t, lang } = useI18n();
  const current =
    merchant.subscription_plan === 'basic' || merchant.subscription_plan === 'pro'
      ? merchant.subscription_tier_id
      : null;
  const [selected, setSelected] = useState<string | null>(current);
  const [state, setState] = useState<TPlanState>({ kind: 'idle' });

  const save = async () => {
    if (!selected || !canSavePlan(selected, current, state.kind)) return;
    setState({ kind: 'saving' });
    const result = await api.changePlan(selected);
    if (result.ok) {
      setState({ kind: 'success', message: translateKnownMessage(lang, result.value.message) });
      await onChanged();
      return;
    }
    const failure = result.failure;
    const message =
      failure.kind === 'http' && failure.message
        ? translateKnownMessage(lang, failure.message)
        : failure.kind === 'network'
          ? t('common.unexpectedError')
          : t('common.requestFailedStatus', { status: failure.status });
    setState({ kind: 'error', message: t('dashboard.plan.error', { message }) });
  };

  return (
    <Card title={t('dashboard.plan.title')} subtitle={t('dashboard.plan.subtitle')}>
      <fieldset>
        <legend className="sr-only">{t('dashboard.plan.title')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {PLANS.map((plan) => {
            const tierId = TIER_IDS[plan];
            const checked = selected === tierId;
            return (
              <label
                key={plan}
                className={`relative flex cursor-pointer flex-col gap-2 rounded-2xl border-2 p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700 ${
                  checked ? 'border-brand-700 bg-brand-50/60' : 'border-slate-200 hover:border-slate-300'
                }`}
              >
                <input
                  type="radio"
                  name="plan"
                  value={tierId}
                  checked={checked}
                  onChange={() => {
                    setSelected(tierId);
                    setState({ kind: 'idle' });
                  }}
                  className="sr-only"
                />
                <span className="flex items-center justify-between gap-2">
                  <span className="text-base font-bold text-slate-900">{t(`dashboard.plan.${plan}`)}</span>
                  <span className="flex gap-1.5">
                    {tierId === current ? <Badge tone="green">{t('dashboard.plan.current')}</Badge> : null}
                    {plan === 'pro' ? <Badge tone="brand">{t('dashboard.plan.popular')}</Badge> : null}
                  </span>
                </span>
                <span className="text-2xl font-extrabold tracking-tight text-slate-900">
                  {t('dashboard.plan.perMonth', { price: MONTHLY_PRICE_SAR[plan] })}
                </span>
                <span className="text-xs text-slate-500">
                  {t('dashboard.plan.perYear', { price: annualPrice(MONTHLY_PRICE_SAR[plan]) })}
                </span>
                <span className="text-sm text-slate-700">{t(`dashboard.plan.${plan}Features`)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={primaryButton}
          disabled={!canTalk || !canSavePlan(selected, current, state.kind)}
          onClick={() => void save()}
        >
          {state.kind === 'saving' ? t('dashboard.plan.saving') : t('dashboard.plan.save')}
        </button>
        {state.kind === 'success' ? (
          <p role="status" className="text-sm font-semibold text-emerald-700">
            {state.message}
          </p>
        ) : null}
        {state.kind === 'error' ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {state.message}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
