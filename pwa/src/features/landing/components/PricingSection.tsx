import { useState } from 'react';
import { Link } from '../../../app/navigation';
import { formatNumber as formatPrice, TRIAL_DAYS, VAT_PERCENT } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { Icon } from '../../marketing/components/Icon';
import { BELOW_FOLD, CONTAINER, SectionHeading } from '../../marketing/components/Section';
import { usePublicConfig } from '../../marketing/lib/public-config';
import {
  ANNUAL_SAVING_PERCENT,
  planPrice,
  plansOffered,
  undiscountedAnnualPrice,
  type TBillingPeriod,
  type TPricingPlan,
} from '../lib/pricing';

const PERIODS: readonly TBillingPeriod[] = ['monthly', 'annual'];

function BillingToggle({
  period,
  onChange,
}: {
  period: TBillingPeriod;
  onChange: (period: TBillingPeriod) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="mx-auto mt-10 flex w-fit gap-1 rounded-full bg-slate-100 p-1.5 ring-1 ring-slate-200">
      <legend className="sr-only">{t('landing.pricing.billingLabel')}</legend>
      {PERIODS.map((value) => {
        const selected = value === period;
        return (
          <label
            key={value}
            className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-5 text-base font-bold transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 ${
              selected
                ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
                : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            <input
              type="radio"
              name="billing-period"
              value={value}
              checked={selected}
              onChange={() => onChange(value)}
              className="sr-only"
            />
            {t(value === 'monthly' ? 'landing.pricing.monthly' : 'landing.pricing.annual')}
            {value === 'annual' ? (
              <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800">
                {t('landing.pricing.save', { percent: ANNUAL_SAVING_PERCENT })}
              </span>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}

function PlanCard({ plan, period }: { plan: TPricingPlan; period: TBillingPeriod }) {
  const { t } = useI18n();
  const name = t(plan.name);
  const price = planPrice(plan, period);
  const body = (
    <div className="flex h-full flex-col rounded-[calc(1.75rem-2px)] bg-white p-7 sm:p-9">
      <h3 className="text-2xl font-extrabold text-slate-900">{name}</h3>
      <p className="mt-1 text-base text-slate-600">{t(plan.label)}</p>
      <p className="mt-7 flex flex-wrap items-baseline gap-x-2" aria-live="polite">
        <span data-price={plan.id} className="text-5xl font-extrabold text-slate-900 ltr:tracking-tight">
          {formatPrice(price)}
        </span>
        <span className="text-base font-semibold text-slate-600">
          {t('landing.pricing.currency')} /{' '}
          {t(period === 'annual' ? 'landing.pricing.perYear' : 'landing.pricing.perMonth')}
        </span>
      </p>
      <p className="mt-2 min-h-6 text-sm text-slate-600">
        {period === 'annual'
          ? t('landing.pricing.annualNote', { full: formatPrice(undiscountedAnnualPrice(plan)) })
          : t('landing.pricing.monthlyNote')}{' '}
        {t('landing.pricing.vatIncluded', { vat: VAT_PERCENT })}
      </p>
      <Link
        to="/login"
        className={`${plan.popular ? primaryButton : secondaryButton} mt-7 min-h-12 w-full`}
        aria-label={`${t('landing.pricing.cta')}: ${name}`}
      >
        {t('landing.pricing.cta')}
      </Link>
      <ul
        aria-label={t('landing.pricing.featuresOf', { plan: name })}
        className="mt-8 flex flex-col gap-3.5 border-t border-slate-100 pt-7"
      >
        {plan.features.map((feature) => (
          <li key={feature.text} className="flex items-start gap-3 text-base">
            {feature.included ? (
              <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700">
                <Icon name="check" className="size-3.5" />
              </span>
            ) : (
              <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-500">
                <Icon name="cross" className="size-3" />
              </span>
            )}
            <span className={`flex-1 ${feature.included ? 'text-slate-800' : 'text-slate-500'}`}>
              <span className="sr-only">
                {t(feature.included ? 'landing.pricing.included' : 'landing.pricing.notIncluded')}{' '}
              </span>
              {t(feature.text, feature.params)}
            </span>
            {feature.hot ? (
              <span
                title={t('landing.pricing.hot')}
                className="grid size-6 shrink-0 place-items-center rounded-full bg-orange-50 text-orange-600"
              >
                <Icon name="flame" className="size-4" />
                <span className="sr-only">{t('landing.pricing.hot')}</span>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );

  if (!plan.popular) {
    return (
      <li data-plan={plan.id} className="rounded-[1.75rem] border-2 border-slate-200 bg-white">
        {body}
      </li>
    );
  }
  return (
    <li
      data-plan={plan.id}
      className="relative rounded-[1.75rem] bg-brand-gradient p-[2px] shadow-2xl shadow-brand-700/15"
    >
      <p className="absolute inset-x-0 -top-4 mx-auto flex w-fit items-center gap-1.5 rounded-full bg-slate-900 px-4 py-1.5 text-sm font-bold text-white shadow-md">
        <Icon name="flame" className="size-4 text-orange-300" />
        {t('landing.pricing.mostPopular')}
      </p>
      {body}
    </li>
  );
}

/** product §2 pricing: monthly by default; the annual view shows round(12 × monthly × 0.84) and "Save 16%". */
export function PricingSection() {
  const { t } = useI18n();
  const [period, setPeriod] = useState<TBillingPeriod>('monthly');
  const plans = plansOffered(usePublicConfig().support_chat_url !== null);
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className={`scroll-mt-20 border-y border-slate-100 bg-slate-50 py-20 sm:py-28 ${BELOW_FOLD}`}
    >
      <div className={CONTAINER}>
        <SectionHeading
          id="pricing-title"
          eyebrow={t('landing.pricing.eyebrow')}
          title={t('landing.pricing.title')}
          subtitle={t('landing.pricing.subtitle', { trialDays: TRIAL_DAYS })}
        />
        <BillingToggle period={period} onChange={setPeriod} />
        <ul className="mx-auto mt-14 grid max-w-4xl items-start gap-8 md:grid-cols-2">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} />
          ))}
        </ul>
        <p className="mx-auto mt-10 max-w-2xl text-center text-sm leading-relaxed text-slate-600">
          {t('landing.pricing.platformNote')}
        </p>
      </div>
    </section>
  );
}
