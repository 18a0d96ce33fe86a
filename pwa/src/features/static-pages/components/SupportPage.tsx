import { Link } from 'react-router';
import type { TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { secondaryButton } from '../../../ui/styles';
import { Icon } from '../../marketing/components/Icon';
import { CONTAINER, HEADING, PageHeader } from '../../marketing/components/Section';
import { SupportCards } from '../../marketing/components/SupportCards';
import { usePageMeta } from '../../marketing/hooks/usePageMeta';
import { SUPPORT_EMAIL, SUPPORT_EMAIL_HREF, SUPPORT_REPLY_HOURS } from '../../marketing/lib/contact';
import { usePublicConfig } from '../../marketing/lib/public-config';

const TIPS: TMessageKey[] = [
  'landing.supportPage.tipStore',
  'landing.supportPage.tipUsername',
  'landing.supportPage.tipScreenshot',
];

/** Customer Support (product §2 static pages): support e-mail, chat link, reply within 24 business hours. */
export default function SupportPage() {
  const { t } = useI18n();
  const { whatsappHref } = usePublicConfig();
  const title = t('page.supportTitle');
  usePageMeta({
    title: t('landing.meta.titleTemplate', { page: title }),
    description: t('landing.meta.supportDescription', { replyHours: SUPPORT_REPLY_HOURS }),
  });

  return (
    <>
      <PageHeader title={title} lead={t('landing.supportPage.lead')} />
      <div className={`${CONTAINER} py-16 sm:py-20`}>
        <section aria-labelledby="support-contact">
          <h2 id="support-contact" className="sr-only">
            {t('landing.supportPage.contactTitle')}
          </h2>
          <SupportCards />
        </section>

        <div className="mt-12 grid gap-5 lg:grid-cols-2">
          <section
            aria-labelledby="support-reply"
            className="rounded-3xl bg-slate-50 p-7 ring-1 ring-slate-200/70 sm:p-9"
          >
            <span className="grid size-12 place-items-center rounded-2xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200/70">
              <Icon name="clock" className="size-6" />
            </span>
            <h2 id="support-reply" className={`mt-5 text-2xl text-slate-900 ${HEADING}`}>
              {t('landing.supportPage.replyTitle')}
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-slate-700">
              {t('landing.supportPage.replyBody', { replyHours: SUPPORT_REPLY_HOURS })}
            </p>
            <dl className="mt-6 grid gap-4 sm:grid-cols-2">
              <div>
                <dt className="text-sm font-semibold text-slate-600">
                  {t('landing.supportPage.emailLabel')}
                </dt>
                <dd className="mt-1">
                  <a
                    href={SUPPORT_EMAIL_HREF}
                    dir="ltr"
                    className="inline-flex min-h-11 items-center font-bold text-brand-700 underline underline-offset-4 hover:text-brand-800"
                  >
                    {SUPPORT_EMAIL}
                  </a>
                </dd>
              </div>
              {whatsappHref ? (
                <div>
                  <dt className="text-sm font-semibold text-slate-600">
                    {t('landing.supportPage.chatLabel')}
                  </dt>
                  <dd className="mt-1">
                    <a
                      href={whatsappHref}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-11 items-center font-bold text-brand-700 underline underline-offset-4 hover:text-brand-800"
                    >
                      {t('landing.support.chatAction')}
                      <span className="sr-only"> {t('landing.common.newTab')}</span>
                    </a>
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>

          <section
            aria-labelledby="support-tips"
            className="rounded-3xl bg-slate-50 p-7 ring-1 ring-slate-200/70 sm:p-9"
          >
            <span className="grid size-12 place-items-center rounded-2xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200/70">
              <Icon name="check" className="size-6" />
            </span>
            <h2 id="support-tips" className={`mt-5 text-2xl text-slate-900 ${HEADING}`}>
              {t('landing.supportPage.tipsTitle')}
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-slate-700">{t('landing.supportPage.tipsBody')}</p>
            <ul className="mt-4 flex flex-col gap-2.5">
              {TIPS.map((tip) => (
                <li key={tip} className="flex items-center gap-3 text-base text-slate-800">
                  <span className="grid size-5 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700">
                    <Icon name="check" className="size-3.5" />
                  </span>
                  {t(tip)}
                </li>
              ))}
            </ul>
          </section>
        </div>

        <section
          aria-labelledby="support-faq"
          className="mt-12 flex flex-col items-center gap-4 rounded-3xl border border-slate-200 px-6 py-10 text-center"
        >
          <h2 id="support-faq" className={`text-2xl text-slate-900 ${HEADING}`}>
            {t('landing.supportPage.faqTitle')}
          </h2>
          <p className="max-w-xl text-base leading-relaxed text-slate-600">
            {t('landing.supportPage.faqBody')}
          </p>
          <Link to="/faq" className={`${secondaryButton} mt-2`}>
            {t('landing.support.helpAction')}
          </Link>
        </section>
      </div>
    </>
  );
}
