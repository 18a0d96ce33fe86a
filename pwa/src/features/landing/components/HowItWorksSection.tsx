import type { TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Icon, type TIconName } from '../../marketing/components/Icon';
import { BELOW_FOLD, CONTAINER, SectionHeading } from '../../marketing/components/Section';

const STEPS: { icon: TIconName; title: TMessageKey; body: TMessageKey }[] = [
  { icon: 'at', title: 'landing.how.connectTitle', body: 'landing.how.connectBody' },
  { icon: 'sliders', title: 'landing.how.customiseTitle', body: 'landing.how.customiseBody' },
  { icon: 'store', title: 'landing.how.addTitle', body: 'landing.how.addBody' },
];

/** Connect with Instagram, customise, add to the store. */
export function HowItWorksSection() {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="how-title"
      className={`border-y border-slate-100 bg-slate-50 py-20 sm:py-28 ${BELOW_FOLD}`}
    >
      <div className={CONTAINER}>
        <SectionHeading id="how-title" eyebrow={t('landing.how.eyebrow')} title={t('landing.how.title')} />
        <div className="relative mt-14">
          <div
            aria-hidden="true"
            className="absolute inset-x-[16%] top-8 hidden h-px bg-linear-to-r from-transparent via-brand-200 to-transparent md:block"
          />
          <ol className="relative grid gap-5 md:grid-cols-3 md:gap-8">
            {STEPS.map((step, index) => (
              <li
                key={step.title}
                className="relative flex flex-col items-center rounded-3xl bg-white p-7 text-center shadow-sm ring-1 ring-slate-200/70 md:bg-transparent md:p-0 md:shadow-none md:ring-0"
              >
                <span className="relative grid size-16 place-items-center rounded-2xl bg-brand-gradient text-white shadow-lg shadow-brand-700/20">
                  <Icon name={step.icon} className="size-7" />
                </span>
                <p className="mt-5 text-sm font-bold text-brand-700">
                  {t('landing.how.step', { number: index + 1 })}
                </p>
                <h3 className="mt-1 text-xl font-bold text-slate-900">{t(step.title)}</h3>
                <p className="mt-2 max-w-xs text-base leading-relaxed text-slate-600">{t(step.body)}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
