import { PLAN_LIMITS, type TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Icon, type TIconName } from '../../marketing/components/Icon';
import { BELOW_FOLD, CONTAINER, SectionHeading } from '../../marketing/components/Section';

const FEATURES: { icon: TIconName; title: TMessageKey; body: TMessageKey }[] = [
  { icon: 'grid', title: 'landing.features.postsTitle', body: 'landing.features.postsBody' },
  { icon: 'refresh', title: 'landing.features.refreshTitle', body: 'landing.features.refreshBody' },
  { icon: 'badge', title: 'landing.features.bannerTitle', body: 'landing.features.bannerBody' },
  { icon: 'tag', title: 'landing.features.productsTitle', body: 'landing.features.productsBody' },
  { icon: 'sliders', title: 'landing.features.customiseTitle', body: 'landing.features.customiseBody' },
  { icon: 'globe', title: 'landing.features.platformsTitle', body: 'landing.features.platformsBody' },
];

export function FeaturesSection() {
  const { t } = useI18n();
  const hours = { proHours: PLAN_LIMITS.pro.refreshHours, basicHours: PLAN_LIMITS.basic.refreshHours };
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className={`scroll-mt-20 py-20 sm:py-28 ${BELOW_FOLD}`}
    >
      <div className={CONTAINER}>
        <SectionHeading
          id="features-title"
          eyebrow={t('landing.features.eyebrow')}
          title={t('landing.features.title')}
          subtitle={t('landing.features.subtitle')}
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li
              key={feature.title}
              className="group flex gap-4 rounded-3xl border border-slate-200 bg-white p-5 transition hover:border-brand-200 hover:shadow-lg hover:shadow-brand-700/5 sm:block sm:p-7"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-700 transition group-hover:bg-brand-gradient-soft group-hover:text-white">
                <Icon name={feature.icon} className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-bold text-slate-900 sm:mt-5">{t(feature.title)}</h3>
                <p className="mt-1.5 text-base leading-relaxed text-slate-600 sm:mt-2">
                  {t(feature.body, hours)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
