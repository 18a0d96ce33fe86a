import { Link } from 'react-router';
import { MONEY_BACK_DAYS, TRIAL_DAYS, type TMessageKey } from '@app/shared';
import { LanguageSwitch } from '../../../app/LanguageSwitch';
import { useI18n } from '../../../i18n/useI18n';
import { LogoMark } from '../../../ui/Logo';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { CompanyIdentity } from '../../marketing/components/CompanyIdentity';
import { Icon, type TIconName } from '../../marketing/components/Icon';
import { CONTAINER, Eyebrow, GLOW, HEADING } from '../../marketing/components/Section';
import { usePageMeta } from '../../marketing/hooks/usePageMeta';
import { SUPPORT_EMAIL, SUPPORT_EMAIL_HREF } from '../../marketing/lib/contact';
import { usePublicConfig } from '../../marketing/lib/public-config';
import { installLink } from '../lib/install-links';

const STEPS: { icon: TIconName; title: TMessageKey; body: TMessageKey }[] = [
  { icon: 'bag', title: 'salla.steps.installTitle', body: 'salla.steps.installBody' },
  { icon: 'key', title: 'salla.steps.passwordTitle', body: 'salla.steps.passwordBody' },
  { icon: 'at', title: 'salla.steps.instagramTitle', body: 'salla.steps.instagramBody' },
];

const BENEFITS: { icon: TIconName; title: TMessageKey; body: TMessageKey }[] = [
  { icon: 'sliders', title: 'salla.benefits.autoTitle', body: 'salla.benefits.autoBody' },
  { icon: 'store', title: 'salla.benefits.billingTitle', body: 'salla.benefits.billingBody' },
  { icon: 'globe', title: 'salla.benefits.arabicTitle', body: 'salla.benefits.arabicBody' },
];

/**
 * While Lamha has no listing on the Salla App Store (SALLA_APP_URL unset) there is no app to install, no
 * automatic placement and no billing through Salla: the steps and benefits are those of adding the code by
 * hand, the way the install button's page explains.
 */
const STEPS_MANUAL: typeof STEPS = [
  { icon: 'at', title: 'salla.steps.instagramTitle', body: 'salla.steps.instagramBodyManual' },
  { icon: 'code', title: 'salla.steps.codeTitle', body: 'salla.steps.codeBody' },
  { icon: 'check', title: 'salla.manual.checkTitle', body: 'salla.manual.checkBody' },
];

const BENEFITS_MANUAL: typeof BENEFITS = [
  { icon: 'code', title: 'salla.benefits.codeTitle', body: 'salla.benefits.codeBody' },
  { icon: 'sliders', title: 'salla.benefits.previewTitle', body: 'salla.benefits.previewBody' },
  { icon: 'globe', title: 'salla.benefits.arabicTitle', body: 'salla.benefits.arabicBody' },
];

const FOOTER_LINKS: { to: string; label: TMessageKey }[] = [
  { to: '/faq', label: 'footer.faq' },
  { to: '/support', label: 'footer.customerSupport' },
  { to: '/terms', label: 'footer.terms' },
  { to: '/terms#privacy-policy', label: 'footer.privacy' },
];

/** Lamha's listing on the Salla App Store (SALLA_APP_URL), else the page on adding the widget by hand. */
function InstallButton({ className = '' }: { className?: string }) {
  const { t } = useI18n();
  const link = installLink('salla', usePublicConfig());
  const look = `${primaryButton} min-h-12 px-7 text-lg shadow-lg shadow-brand-700/20 ${className}`;
  const content = (
    <>
      {t('salla.install')}
      <Icon name="arrow" className="size-5 rtl:-scale-x-100" />
    </>
  );
  return link.listing ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={look}>
      {content}
      <span className="sr-only"> {t('landing.common.newTab')}</span>
    </a>
  ) : (
    <Link to={link.href} className={look}>
      {content}
    </Link>
  );
}

/**
 * The landing page for Salla merchants (/salla/*), outside the shared layout: why Lamha on Salla, the three
 * install steps, and the install button (see InstallButton).
 */
export default function SallaLandingPage() {
  const { t } = useI18n();
  const listed = installLink('salla', usePublicConfig()).listing;
  usePageMeta({
    title: t('salla.meta.title'),
    description: t(listed ? 'salla.meta.description' : 'salla.meta.descriptionManual', {
      trialDays: TRIAL_DAYS,
    }),
  });
  const trialNote = t('salla.trialNote', { trialDays: TRIAL_DAYS, moneyBackDays: MONEY_BACK_DAYS });

  return (
    <div className="flex min-h-dvh flex-col">
      {/* Outside the shared layout (product §2): a slim bar of its own rather than the site's banner. */}
      <nav aria-label={t('salla.topBar')} className="border-b border-slate-200/80 bg-white">
        <div className={`${CONTAINER} flex h-16 items-center gap-4`}>
          <Link
            to="/"
            className="flex min-h-11 items-center gap-2.5 rounded-xl pe-2"
            aria-label={t('salla.home')}
          >
            <LogoMark />
            <span className="text-xl font-extrabold text-slate-900 ltr:tracking-tight">{t('app.name')}</span>
          </Link>
          <span aria-hidden="true" className="h-6 w-px bg-slate-200" />
          <span className="text-sm font-bold text-teal-800">{t('landing.platform.salla')}</span>
          <LanguageSwitch className="ms-auto" />
        </div>
      </nav>

      <main id="main-content" className="flex-1">
        <section aria-labelledby="salla-title" className="relative overflow-hidden">
          <div aria-hidden="true" className={`absolute inset-0 ${GLOW}`} />
          <div className={`${CONTAINER} relative py-16 text-center sm:py-24`}>
            <p className="inline-flex items-center gap-2 rounded-full border border-teal-100 bg-white/80 px-4 py-1.5 text-sm font-semibold text-teal-800 shadow-sm">
              <Icon name="bag" className="size-4" />
              {t(listed ? 'salla.hero.eyebrow' : 'salla.hero.eyebrowManual')}
            </p>
            <h1
              id="salla-title"
              className={`mx-auto mt-6 max-w-3xl text-4xl text-slate-900 sm:text-5xl lg:text-6xl ${HEADING}`}
            >
              {t('page.sallaTitle')}
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-600 sm:text-xl sm:leading-relaxed">
              {t(listed ? 'salla.hero.subtitle' : 'salla.hero.subtitleManual')}
            </p>
            <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <InstallButton />
              <Link to="/" className={`${secondaryButton} min-h-12 px-7 text-lg`}>
                {t('salla.explore')}
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-600">
              {t(listed ? 'salla.installHint' : 'salla.installHintManual')}
            </p>
            <p className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-slate-700">
              <Icon name="shield" className="size-4 text-emerald-700" />
              {trialNote}
            </p>
          </div>
        </section>

        <section
          aria-labelledby="salla-steps"
          className="border-y border-slate-100 bg-slate-50 py-16 sm:py-24"
        >
          <div className={CONTAINER}>
            <h2 id="salla-steps" className={`text-center text-3xl text-slate-900 sm:text-4xl ${HEADING}`}>
              {t('salla.steps.title')}
            </h2>
            <ol className="mt-12 grid gap-5 md:grid-cols-3">
              {(listed ? STEPS : STEPS_MANUAL).map((step, index) => (
                <li key={step.title} className="rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200/70">
                  <div className="flex items-center gap-3">
                    <span className="grid size-12 place-items-center rounded-2xl bg-brand-gradient text-white shadow-md shadow-brand-700/20">
                      <Icon name={step.icon} className="size-6" />
                    </span>
                    <p className="text-sm font-bold text-brand-700">
                      {t('salla.steps.step', { number: index + 1 })}
                    </p>
                  </div>
                  <h3 className="mt-5 text-xl font-bold text-slate-900">{t(step.title)}</h3>
                  <p className="mt-2 text-base leading-relaxed text-slate-600">{t(step.body)}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="salla-benefits" className="py-16 sm:py-24">
          <div className={CONTAINER}>
            <div className="text-center">
              <Eyebrow tone="text-teal-800">{t('landing.platform.salla')}</Eyebrow>
              <h2 id="salla-benefits" className={`mt-3 text-3xl text-slate-900 sm:text-4xl ${HEADING}`}>
                {t('salla.benefits.title')}
              </h2>
            </div>
            <ul className="mt-12 grid gap-5 md:grid-cols-3">
              {(listed ? BENEFITS : BENEFITS_MANUAL).map((benefit) => (
                <li key={benefit.title} className="rounded-3xl border border-slate-200 p-7">
                  <span className="grid size-12 place-items-center rounded-2xl bg-teal-50 text-teal-800">
                    <Icon name={benefit.icon} className="size-6" />
                  </span>
                  <h3 className="mt-5 text-lg font-bold text-slate-900">{t(benefit.title)}</h3>
                  <p className="mt-2 text-base leading-relaxed text-slate-600">{t(benefit.body)}</p>
                </li>
              ))}
            </ul>

            <div className="mt-16 flex flex-col items-center gap-4 rounded-[2rem] bg-slate-900 px-6 py-14 text-center sm:px-12">
              <h2 className={`max-w-2xl text-3xl text-white ${HEADING}`}>{t('salla.cta.title')}</h2>
              <p className="text-base text-slate-300">
                {t('salla.cta.body')}{' '}
                <a
                  href={SUPPORT_EMAIL_HREF}
                  dir="ltr"
                  className="font-semibold text-white underline underline-offset-4"
                >
                  {SUPPORT_EMAIL}
                </a>
              </p>
              <InstallButton className="mt-4" />
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200 bg-slate-50">
        <div className={`${CONTAINER} flex flex-col items-center justify-between gap-4 py-6 sm:flex-row`}>
          <div className="text-center text-sm text-slate-600 sm:text-start">
            <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
            <CompanyIdentity className="mt-1" />
          </div>
          <nav aria-label={t('salla.footer.links')}>
            <ul className="flex flex-wrap justify-center gap-x-5">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-11 items-center text-sm text-slate-700 hover:text-brand-700"
                  >
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
