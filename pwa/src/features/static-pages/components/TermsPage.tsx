import { formatDate, MONEY_BACK_DAYS, TRIAL_DAYS, type TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Icon } from '../../marketing/components/Icon';
import { CONTAINER, HEADING, PageHeader } from '../../marketing/components/Section';
import { useHashScroll } from '../../marketing/hooks/useHashScroll';
import { usePageMeta } from '../../marketing/hooks/usePageMeta';
import { SUPPORT_EMAIL } from '../../marketing/lib/contact';
import { usePublicConfig } from '../../marketing/lib/public-config';
import {
  PRIVACY_ANCHOR,
  PRIVACY_POLICY,
  TERMS_ANCHOR,
  TERMS_LAST_UPDATED,
  TERMS_OF_SERVICE,
  type TLegalSection,
} from '../lib/legal';

function LegalPart({ id, title, sections }: { id: string; title: TMessageKey; sections: TLegalSection[] }) {
  const { t } = useI18n();
  const params = { trialDays: TRIAL_DAYS, days: MONEY_BACK_DAYS, email: SUPPORT_EMAIL };
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className={`text-3xl text-slate-900 ${HEADING}`}>
        {t(title)}
      </h2>
      <ol className="mt-8 flex flex-col gap-8">
        {sections.map((section, index) => (
          <li key={section.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-50 text-sm font-bold text-brand-800"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="text-lg font-bold text-slate-900">{t(section.title)}</h3>
              <p className="mt-2 text-base leading-relaxed text-slate-700">{t(section.body, params)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Terms and Policies (product §2): terms of service (9 sections) and privacy policy (8), anchors for both. */
export default function TermsPage() {
  const { t, lang } = useI18n();
  const { company } = usePublicConfig();
  const companyDetails = [
    company.commercial_registration && t('footer.cr', { number: company.commercial_registration }),
    company.vat_number && t('footer.vat', { number: company.vat_number }),
  ].filter(Boolean);
  const title = t('page.termsTitle');
  usePageMeta({
    title: t('landing.meta.titleTemplate', { page: title }),
    description: t('landing.meta.termsDescription'),
  });
  useHashScroll();

  const contents = [
    { id: TERMS_ANCHOR, label: t('landing.terms.tosTitle') },
    { id: PRIVACY_ANCHOR, label: t('landing.terms.privacyTitle') },
  ];

  return (
    <>
      <PageHeader title={title} lead={t('landing.terms.lead')}>
        <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200">
          <Icon name="clock" className="size-4 text-brand-700" />
          {t('landing.terms.lastUpdated', {
            date: formatDate(`${TERMS_LAST_UPDATED}T12:00:00Z`, lang, { dateStyle: 'long', timeZone: 'UTC' }),
          })}
        </p>
        {company.legal_name ? (
          <p className="mt-3 text-sm text-slate-700" data-testid="terms-operator">
            {t('landing.terms.operator', {
              name: company.legal_name,
              details:
                companyDetails.length > 0 ? ` (${companyDetails.join(lang === 'ar' ? '، ' : ', ')})` : '',
            })}
          </p>
        ) : null}
      </PageHeader>
      <div className={`${CONTAINER} grid gap-10 py-14 sm:py-20 lg:grid-cols-[14rem_1fr] lg:gap-16`}>
        <nav aria-label={t('landing.terms.tocLabel')} className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-bold text-slate-900">{t('landing.terms.tocLabel')}</p>
          <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col">
            {contents.map((entry) => (
              <li key={entry.id}>
                <a
                  href={`#${entry.id}`}
                  className="inline-flex min-h-11 items-center rounded-xl border border-slate-200 px-4 text-sm font-semibold text-slate-700 transition hover:border-brand-700 hover:text-brand-700 lg:w-full"
                >
                  {entry.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex max-w-3xl flex-col gap-16">
          <LegalPart id={TERMS_ANCHOR} title="landing.terms.tosTitle" sections={TERMS_OF_SERVICE} />
          <LegalPart id={PRIVACY_ANCHOR} title="landing.terms.privacyTitle" sections={PRIVACY_POLICY} />
        </div>
      </div>
    </>
  );
}
