import type { ReactNode } from 'react';
import { Link } from '../../../app/navigation';
import { useI18n } from '../../../i18n/useI18n';
import { SUPPORT_EMAIL, SUPPORT_EMAIL_HREF, SUPPORT_REPLY_HOURS } from '../lib/contact';
import { usePublicConfig } from '../lib/public-config';
import { Icon, type TIconName } from './Icon';

function SupportCard({
  icon,
  title,
  body,
  children,
}: {
  icon: TIconName;
  title: string;
  body: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7">
      <span className="grid size-12 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <Icon name={icon} className="size-6" />
      </span>
      <h3 className="mt-5 text-lg font-bold text-slate-900">{title}</h3>
      <p className="mt-2 flex-1 text-base leading-relaxed text-slate-600">{body}</p>
      <div className="mt-5">{children}</div>
    </li>
  );
}

const actionLink =
  'inline-flex min-h-11 items-center gap-2 rounded-xl font-semibold text-brand-700 underline-offset-4 transition hover:text-brand-800 hover:underline';

/**
 * The ways to get help that exist (product §2): live chat (only when SUPPORT_CHAT_URL or SUPPORT_WHATSAPP is
 * configured), e-mail, and the FAQ.
 */
export function SupportCards() {
  const { t } = useI18n();
  const { whatsappHref, support_chat_url: chatHref } = usePublicConfig();
  // The chat is the support WhatsApp unless SUPPORT_CHAT_URL names another place.
  const onWhatsapp = chatHref !== null && chatHref === whatsappHref;
  return (
    <ul className={`grid gap-5 ${chatHref ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
      {chatHref ? (
        <SupportCard
          icon="chat"
          title={t('landing.support.chatTitle')}
          body={t(onWhatsapp ? 'landing.support.chatBody' : 'landing.support.chatBodyOther')}
        >
          <a href={chatHref} target="_blank" rel="noopener noreferrer" className={actionLink}>
            {t(onWhatsapp ? 'landing.support.chatAction' : 'landing.support.chatActionOther')}
            <span className="sr-only"> {t('landing.common.newTab')}</span>
            <Icon name="arrow" className="size-4 rtl:-scale-x-100" />
          </a>
        </SupportCard>
      ) : null}
      <SupportCard
        icon="mail"
        title={t('landing.support.emailTitle')}
        body={t('landing.support.emailBody', { replyHours: SUPPORT_REPLY_HOURS })}
      >
        <a href={SUPPORT_EMAIL_HREF} className={actionLink} dir="ltr">
          {SUPPORT_EMAIL}
        </a>
      </SupportCard>
      <SupportCard icon="book" title={t('landing.support.faqTitle')} body={t('landing.support.faqBody')}>
        <Link to="/faq" className={actionLink}>
          {t('landing.support.helpAction')}
          <Icon name="arrow" className="size-4 rtl:-scale-x-100" />
        </Link>
      </SupportCard>
    </ul>
  );
}
