import { countText, DAY_WORDS, daysRemaining, type TMerchant } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton } from '../../../ui/styles';

/** The trial countdown starts this many days before the trial ends (issue 32). */
export const TRIAL_COUNTDOWN_DAYS = 3;

/** Days left in a running trial when the countdown shows (1…3), else null. */
export function trialCountdown(merchant: TMerchant, now: Date): number | null {
  if (merchant.subscription_plan !== 'trial' || !merchant.trial_ends_at) return null;
  if (merchant.subscription_status !== undefined && merchant.subscription_status !== 'trial') return null;
  const ends = new Date(merchant.trial_ends_at);
  if (ends.getTime() <= now.getTime()) return null;
  const days = daysRemaining(ends, now);
  return days <= TRIAL_COUNTDOWN_DAYS ? days : null;
}

/** "Your free trial ends in 2 days": from 3 days out, with the way to a plan. */
export function TrialBanner({ merchant, onChoosePlan }: { merchant: TMerchant; onChoosePlan: () => void }) {
  const { t, lang } = useI18n();
  const days = trialCountdown(merchant, new Date());
  if (days === null) return null;
  const ends = new Date(merchant.trial_ends_at ?? 0);
  const today = ends.toDateString() === new Date().toDateString();
  return (
    <div
      role="status"
      data-testid="trial-banner"
      className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-slate-900"
    >
      <span>
        {today
          ? t('dashboard.trialBanner.lastDay')
          : t('dashboard.trialBanner.text', { daysText: countText(days, lang, DAY_WORDS) })}
      </span>
      <button type="button" className={primaryButton} onClick={onChoosePlan}>
        {t('dashboard.trialBanner.action')}
      </button>
    </div>
  );
}
