import { MONEY_BACK_DAYS, TRIAL_DAYS } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Icon } from '../../marketing/components/Icon';
import { BELOW_FOLD, CONTAINER, Eyebrow, HEADING } from '../../marketing/components/Section';

/** The 7-day money-back guarantee, told apart from the 14-day free trial (docs/architecture.md plan table). */
export function GuaranteeSection() {
  const { t } = useI18n();
  const days = MONEY_BACK_DAYS;
  const points = [
    t('landing.guarantee.noCommitment'),
    t('landing.guarantee.cancelAnytime'),
    t('landing.guarantee.fullRefund', { days }),
  ];
  return (
    <section aria-labelledby="guarantee-title" className={`py-20 sm:py-24 ${BELOW_FOLD}`}>
      <div className={CONTAINER}>
        <div className="relative overflow-hidden rounded-[2rem] border border-emerald-100 bg-linear-to-br from-emerald-50 via-white to-white p-8 sm:p-12">
          <div className="flex flex-col items-center gap-8 text-center md:flex-row md:items-center md:text-start">
            <span className="grid size-24 shrink-0 place-items-center rounded-[1.75rem] bg-white text-emerald-700 shadow-lg shadow-emerald-900/10 ring-1 ring-emerald-100">
              <Icon name="shield" className="size-12" />
            </span>
            <div className="flex-1">
              <Eyebrow tone="text-emerald-800">{t('landing.guarantee.eyebrow')}</Eyebrow>
              <h2 id="guarantee-title" className={`mt-2 text-2xl text-slate-900 sm:text-3xl ${HEADING}`}>
                {t('landing.guarantee.title', { days })}
              </h2>
              <p className="mt-3 max-w-2xl text-base leading-relaxed text-slate-700 sm:text-lg sm:leading-relaxed">
                {t('landing.guarantee.body', { days, trialDays: TRIAL_DAYS })}
              </p>
              <ul className="mt-5 flex flex-wrap justify-center gap-x-6 gap-y-2 md:justify-start">
                {points.map((point) => (
                  <li
                    key={point}
                    className="inline-flex items-center gap-2 text-sm font-semibold text-slate-800"
                  >
                    <span className="grid size-5 place-items-center rounded-full bg-emerald-600 text-white">
                      <Icon name="check" className="size-3.5" />
                    </span>
                    {point}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
