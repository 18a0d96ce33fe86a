import type { TContentHealthState, TLanguage } from '@app/shared';
import { actionEmail } from '../mail/templates.js';
import type { MailMessage } from '../mail/mail.port.js';

/** "Your Instagram connection needs attention": sent once, then at most once a week while it lasts. */
export function contentHealthEmail(
  to: string,
  language: TLanguage,
  input: { state: Exclude<TContentHealthState, 'ok'>; username: string; link: string },
): MailMessage {
  if (language === 'ar') {
    return actionEmail({
      to,
      language,
      subject:
        input.state === 'needs_reconnect'
          ? 'حساب إنستغرام في لمحة يحتاج إلى إعادة ربط'
          : 'محتوى إنستغرام في متجرك لم يُحدَّث منذ مدة',
      paragraphs: [
        'مرحبًا،',
        input.state === 'needs_reconnect'
          ? `لم يعد إنستغرام يقبل ربط الحساب @${input.username}، فتوقف تحديث منشوراتك وقصصك في متجرك.`
          : `لم نتمكن من تحديث محتوى الحساب @${input.username} منذ مدة أطول من المعتاد.`,
        'يبقى متجرك يعرض آخر محتوى سليم. أعد الربط من لوحة التحكم ليعود التحديث.',
      ],
      button: 'إعادة الربط',
      link: input.link,
      footnote: 'نرسل هذا التنبيه مرة واحدة، ثم مرة في الأسبوع على الأكثر ما دامت المشكلة قائمة.',
    });
  }
  return actionEmail({
    to,
    language,
    subject:
      input.state === 'needs_reconnect'
        ? 'Your Instagram connection on Lamha needs reconnecting'
        : 'Your store’s Instagram content has not refreshed for a while',
    paragraphs: [
      'Hello,',
      input.state === 'needs_reconnect'
        ? `Instagram no longer accepts the connection of @${input.username}, so your posts and stories on your store stopped updating.`
        : `We have not been able to refresh the content of @${input.username} for longer than usual.`,
      'Your store keeps showing the last good content. Reconnect from your dashboard to start updating again.',
    ],
    button: 'Reconnect',
    link: input.link,
    footnote: 'We send this once, then at most once a week while the problem lasts.',
  });
}
