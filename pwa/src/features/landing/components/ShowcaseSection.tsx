import { PLAN_LIMITS, WIDGET_FIRST_LOAD_KB } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { BELOW_FOLD, CONTAINER, SectionHeading } from '../../marketing/components/Section';

/**
 * The product as it really looks: screenshots of the widget on a store page and of the dashboard, made by
 * `npm run screenshots:marketing` from the running product (pwa/public/marketing/showcase-*.webp), and
 * facts whose numbers come from the code that makes them true (product-facts.ts, plans.ts).
 */
export function ShowcaseSection() {
  const { t, lang } = useI18n();
  const facts = [
    [t('landing.showcase.sizeValue', { kb: WIDGET_FIRST_LOAD_KB }), t('landing.showcase.sizeBody')],
    [
      t('landing.showcase.refreshValue', { hours: PLAN_LIMITS.pro.refreshHours }),
      t('landing.showcase.refreshBody', { basicHours: PLAN_LIMITS.basic.refreshHours }),
    ],
    [t('landing.showcase.languagesValue'), t('landing.showcase.languagesBody')],
    [t('landing.showcase.installValue'), t('landing.showcase.installBody')],
  ];
  return (
    <section
      id="product"
      aria-labelledby="showcase-title"
      className={`scroll-mt-20 border-t border-slate-100 bg-slate-50 py-20 sm:py-28 ${BELOW_FOLD}`}
    >
      <div className={CONTAINER}>
        <SectionHeading
          id="showcase-title"
          eyebrow={t('landing.showcase.eyebrow')}
          title={t('landing.showcase.title')}
          subtitle={t('landing.showcase.subtitle')}
        />
        <div className="mt-14 grid items-start gap-8 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)] lg:gap-12">
          <figure className="mx-auto w-full max-w-72">
            <div className="overflow-hidden rounded-[2rem] border-[6px] border-slate-900 bg-white shadow-xl shadow-slate-900/10">
              <img
                src={`/marketing/showcase-store-${lang}.webp`}
                alt={t('landing.showcase.storeAlt')}
                width="600"
                height="1137"
                loading="lazy"
                decoding="async"
                className="block h-auto w-full"
              />
            </div>
            <figcaption className="mt-4 text-center text-sm font-semibold text-slate-700">
              {t('landing.showcase.storeCaption')}
            </figcaption>
          </figure>
          <div className="min-w-0">
            <figure>
              <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/10">
                <img
                  src={`/marketing/showcase-dashboard-${lang}.webp`}
                  alt={t('landing.showcase.dashboardAlt')}
                  width="1200"
                  height="750"
                  loading="lazy"
                  decoding="async"
                  className="block h-auto w-full"
                />
              </div>
              <figcaption className="mt-4 text-center text-sm font-semibold text-slate-700">
                {t('landing.showcase.dashboardCaption')}
              </figcaption>
            </figure>
            <dl aria-label={t('landing.showcase.factsLabel')} className="mt-10 grid gap-4 sm:grid-cols-2">
              {facts.map(([value, body]) => (
                <div key={value} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200/70">
                  <dt className="text-2xl font-extrabold text-slate-900">{value}</dt>
                  <dd className="mt-1 text-base leading-relaxed text-slate-600">{body}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </div>
    </section>
  );
}
