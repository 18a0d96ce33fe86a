import { Link } from 'react-router';
import { TRIAL_DAYS, type TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton } from '../../../ui/styles';
import { Icon, type TIconName } from '../../marketing/components/Icon';
import { CONTAINER, HEADING, PageHeader } from '../../marketing/components/Section';
import { usePageMeta } from '../../marketing/hooks/usePageMeta';
import { usePublicConfig } from '../../marketing/lib/public-config';

const VALUES: { icon: TIconName; title: TMessageKey; body: TMessageKey }[] = [
  { icon: 'sliders', title: 'landing.about.valueSimpleTitle', body: 'landing.about.valueSimpleBody' },
  { icon: 'refresh', title: 'landing.about.valueFastTitle', body: 'landing.about.valueFastBody' },
  { icon: 'globe', title: 'landing.about.valueArabicTitle', body: 'landing.about.valueArabicBody' },
  { icon: 'shield', title: 'landing.about.valueHonestTitle', body: 'landing.about.valueHonestBody' },
];

/**
 * About Us (product §2 static pages): vision, offer, values, and who runs Lamha: the company by its legal name
 * when the server names it (COMPANY_*), otherwise nothing that cannot be named.
 */
export default function AboutPage() {
  const { t } = useI18n();
  const { company } = usePublicConfig();
  const title = t('page.aboutTitle');
  usePageMeta({
    title: t('landing.meta.titleTemplate', { page: title }),
    description: t('landing.meta.aboutDescription'),
  });

  return (
    <>
      <PageHeader title={title} lead={t('landing.about.lead')} />
      <div className={`${CONTAINER} py-16 sm:py-20`}>
        <div className="grid gap-5 md:grid-cols-2">
          {(
            [
              ['about-vision', 'landing.about.visionTitle', 'landing.about.visionBody'],
              ['about-offer', 'landing.about.offerTitle', 'landing.about.offerBody'],
            ] as const
          ).map(([id, heading, body]) => (
            <section
              key={id}
              aria-labelledby={id}
              className="rounded-3xl border border-slate-200 bg-white p-7 sm:p-9"
            >
              <h2 id={id} className={`text-2xl text-slate-900 ${HEADING}`}>
                {t(heading)}
              </h2>
              <p className="mt-3 text-lg leading-relaxed text-slate-700">{t(body)}</p>
            </section>
          ))}
        </div>

        <section aria-labelledby="about-values" className="mt-16">
          <h2 id="about-values" className={`text-center text-3xl text-slate-900 ${HEADING}`}>
            {t('landing.about.valuesTitle')}
          </h2>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-3xl bg-slate-50 p-6 ring-1 ring-slate-200/70">
                <span className="grid size-11 place-items-center rounded-2xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200/70">
                  <Icon name={value.icon} className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-slate-900">{t(value.title)}</h3>
                <p className="mt-2 text-base leading-relaxed text-slate-600">{t(value.body)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="about-ownership" className="mx-auto mt-16 max-w-3xl text-center">
          <h2 id="about-ownership" className={`text-2xl text-slate-900 sm:text-3xl ${HEADING}`}>
            {t('landing.about.ownershipTitle')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            {company.legal_name
              ? t('landing.about.operatedBy', { name: company.legal_name })
              : t('landing.about.teamBody')}
          </p>
          <CompanyFacts />
        </section>

        <section
          aria-labelledby="about-cta"
          className="mx-auto mt-16 flex max-w-3xl flex-col items-center gap-4 rounded-3xl bg-brand-50 px-6 py-10 text-center ring-1 ring-brand-100"
        >
          <h2 id="about-cta" className={`text-2xl text-slate-900 ${HEADING}`}>
            {t('landing.about.ctaTitle')}
          </h2>
          <p className="text-base text-slate-700">{t('landing.about.ctaBody', { trialDays: TRIAL_DAYS })}</p>
          <Link to="/login" className={`${primaryButton} mt-2`}>
            {t('landing.hero.primaryCta')}
          </Link>
        </section>
      </div>
    </>
  );
}

/** The company's legal identity from the server's configuration; each line only when it is set. */
function CompanyFacts() {
  const { t } = useI18n();
  const { company } = usePublicConfig();
  const facts = [
    ['landing.about.legalName', company.legal_name],
    ['landing.about.crLabel', company.commercial_registration],
    ['landing.about.vatLabel', company.vat_number],
  ].filter((fact): fact is [TMessageKey, string] => Boolean(fact[1]));
  if (facts.length === 0) return null;
  return (
    <dl
      aria-label={t('landing.about.companyTitle')}
      className="mx-auto mt-6 grid max-w-xl gap-3 rounded-2xl bg-slate-50 p-5 text-start ring-1 ring-slate-200/70 sm:grid-cols-3"
    >
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-semibold text-slate-600">{t(label)}</dt>
          <dd className="mt-1 font-bold text-slate-900">
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
