import { Link, useParams } from 'react-router';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { Icon, type TIconName } from '../../marketing/components/Icon';
import { CONTAINER, HEADING, PageHeader } from '../../marketing/components/Section';
import { usePageMeta } from '../../marketing/hooks/usePageMeta';
import { SUPPORT_EMAIL, SUPPORT_EMAIL_HREF } from '../../marketing/lib/contact';
import NotFoundPage from '../../not-found/components/NotFoundPage';
import { isInstallPlatform } from '../lib/install-links';

const STEP_ICONS: TIconName[] = ['code', 'store', 'check'];

/**
 * Where "Install on Salla" / "Install on Zid" lead while this service has no listing on that platform
 * (SALLA_APP_URL / ZID_APP_URL unset, or the Zid app not configured): how to add the widget by hand with
 * the embed code, in the site's own look, never an error answer.
 */
export default function ManualInstallPage() {
  const { t } = useI18n();
  const { platform } = useParams();
  const name = isInstallPlatform(platform) ? t(`landing.platform.${platform}`) : '';
  const title = t('salla.manual.title', { platform: name });
  usePageMeta({
    title: t('landing.meta.titleTemplate', { page: title }),
    description: t('salla.manual.lead', { platform: name }),
  });
  if (!isInstallPlatform(platform)) return <NotFoundPage />;
  const steps = [
    { title: t('salla.manual.copyTitle'), body: t('salla.manual.copyBody') },
    { title: t('salla.manual.pasteTitle', { platform: name }), body: t('salla.manual.pasteBody') },
    { title: t('salla.manual.checkTitle'), body: t('salla.manual.checkBody') },
  ];
  return (
    <>
      <PageHeader title={title} lead={t('salla.manual.lead', { platform: name })} />
      <div className={`${CONTAINER} py-14 sm:py-20`}>
        <ol className="mx-auto grid max-w-3xl gap-5" aria-label={t('salla.manual.stepsLabel')}>
          {steps.map((step, index) => (
            <li
              key={step.title}
              className="flex gap-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-700">
                <Icon name={STEP_ICONS[index] ?? 'check'} className="size-6" />
              </span>
              <div>
                <p className="text-sm font-bold text-brand-700">
                  {t('salla.steps.step', { number: index + 1 })}
                </p>
                <h2 className={`mt-1 text-xl text-slate-900 ${HEADING}`}>{step.title}</h2>
                <p className="mt-2 text-base leading-relaxed text-slate-700">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mx-auto mt-10 flex max-w-3xl flex-col items-center gap-3 sm:flex-row sm:justify-center">
          <Link to="/dashboard#embed" className={`${primaryButton} min-h-12 px-7`}>
            {t('salla.manual.openCode')}
          </Link>
          <Link to="/faq" className={`${secondaryButton} min-h-12 px-7`}>
            {t('footer.faq')}
          </Link>
        </div>
        <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-slate-600">
          {t('salla.manual.help')}{' '}
          <a href={SUPPORT_EMAIL_HREF} dir="ltr" className="font-semibold text-brand-700 underline">
            {SUPPORT_EMAIL}
          </a>
        </p>
      </div>
    </>
  );
}
