import { Link } from '../../../app/navigation';
import { TRIAL_DAYS } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { BELOW_FOLD, CONTAINER, HEADING } from '../../marketing/components/Section';

export function FinalCtaSection() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="cta-title" className={`py-20 sm:py-24 ${BELOW_FOLD}`}>
      <div className={CONTAINER}>
        <div className="relative overflow-hidden rounded-[2rem] bg-brand-gradient px-6 py-14 text-center shadow-2xl shadow-brand-700/20 sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-[radial-gradient(30rem_16rem_at_85%_0%,rgb(255_255_255/0.12),transparent_70%),radial-gradient(24rem_14rem_at_10%_100%,rgb(255_255_255/0.08),transparent_70%)]"
          />
          <h2
            id="cta-title"
            className={`relative mx-auto max-w-2xl text-3xl sm:text-4xl text-white ${HEADING}`}
          >
            {t('landing.cta.title')}
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg leading-relaxed text-white">
            {t('landing.cta.body', { trialDays: TRIAL_DAYS })}
          </p>
          <Link
            to="/login"
            className="relative mt-9 inline-flex min-h-12 items-center justify-center rounded-xl bg-white px-8 text-lg font-bold text-brand-800 shadow-lg transition hover:bg-brand-50"
          >
            {t('landing.hero.primaryCta')}
          </Link>
        </div>
      </div>
    </section>
  );
}
