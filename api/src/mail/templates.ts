import type { TLanguage } from '@app/shared';
import type { MailMessage } from './mail.port.js';
import { escapeHtml } from '../lib/html.js';

const copy = {
  ar: {
    subject: 'رابط تسجيل الدخول إلى لمحة',
    greeting: 'مرحبًا،',
    body: 'اضغط على الرابط أدناه لتسجيل الدخول إلى لمحة. إن لم يكن لديك حساب بعد، فسيُنشأ لك عند فتح الرابط.',
    button: 'تسجيل الدخول',
    expiry: 'ينتهي الرابط خلال 15 دقيقة ويعمل مرة واحدة فقط.',
    ignore: 'إن لم تطلب هذا الرابط فتجاهل هذه الرسالة؛ لن يتغير شيء في حسابك.',
  },
  en: {
    subject: 'Your Lamha sign-in link',
    greeting: 'Hello,',
    body: 'Use the link below to sign in to Lamha. If you do not have an account yet, one is created when you open it.',
    button: 'Sign in',
    expiry: 'The link expires in 15 minutes and works once.',
    ignore: 'If you did not ask for this link, ignore this e-mail; nothing changes in your account.',
  },
} as const;

/** The sign-in e-mail, plain text and HTML, in the user's language. */
export function magicLinkEmail(to: string, link: string, language: TLanguage): MailMessage {
  const c = copy[language];
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const text = `${c.greeting}\n\n${c.body}\n\n${link}\n\n${c.expiry}\n${c.ignore}\n`;
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<body style="margin:0;padding:24px;background:#f6f6f7;font-family:Tahoma,Arial,sans-serif;color:#1f2937">
  <div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;text-align:start">
    <p>${escapeHtml(c.greeting)}</p>
    <p>${escapeHtml(c.body)}</p>
    <p style="text-align:center;margin:28px 0">
      <a href="${escapeHtml(link)}" style="background:#c13584;color:#fff;padding:12px 24px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(c.button)}</a>
    </p>
    <p style="font-size:13px;color:#6b7280">${escapeHtml(c.expiry)}<br>${escapeHtml(c.ignore)}</p>
    <p style="font-size:12px;color:#9ca3af;word-break:break-all">${escapeHtml(link)}</p>
  </div>
</body>
</html>`;
  return { to, subject: c.subject, text, html, link };
}

const welcomeCopy = {
  ar: {
    subject: 'مرحبًا بك في لمحة: أصبح متجرك جاهزًا',
    greeting: 'أهلًا بك،',
    body: (platform: string) =>
      `ثُبّت تطبيق لمحة في متجرك على ${platform}. افتح لوحة التحكم من الرابط أدناه لتربط حساب إنستغرام وتخصّص الويدجت؛ سيظهر في متجرك تلقائيًا.`,
    button: 'فتح لوحة التحكم',
    expiry: 'ينتهي الرابط خلال 15 دقيقة ويعمل مرة واحدة. يمكنك طلب رابط جديد في أي وقت من صفحة تسجيل الدخول.',
  },
  en: {
    subject: 'Welcome to Lamha: your store is ready',
    greeting: 'Welcome,',
    body: (platform: string) =>
      `Lamha is installed in your ${platform} store. Open your dashboard with the link below to connect your Instagram account and customise the widget; it appears in your store automatically.`,
    button: 'Open my dashboard',
    expiry:
      'The link expires in 15 minutes and works once. You can ask for a new one any time on the sign-in page.',
  },
} as const;

/** The e-mail a Salla or Zid merchant gets on install: a sign-in link straight to the dashboard. */
export function welcomeEmail(
  to: string,
  link: string,
  language: TLanguage,
  platform: 'Salla' | 'Zid',
): MailMessage {
  const c = welcomeCopy[language];
  const platformName = language === 'ar' ? (platform === 'Salla' ? 'سلة' : 'زد') : platform;
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const text = `${c.greeting}\n\n${c.body(platformName)}\n\n${link}\n\n${c.expiry}\n`;
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<body style="margin:0;padding:24px;background:#f6f6f7;font-family:Tahoma,Arial,sans-serif;color:#1f2937">
  <div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;text-align:start">
    <p>${escapeHtml(c.greeting)}</p>
    <p>${escapeHtml(c.body(platformName))}</p>
    <p style="text-align:center;margin:28px 0">
      <a href="${escapeHtml(link)}" style="background:#c13584;color:#fff;padding:12px 24px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(c.button)}</a>
    </p>
    <p style="font-size:13px;color:#6b7280">${escapeHtml(c.expiry)}</p>
  </div>
</body>
</html>`;
  return { to, subject: c.subject, text, html, link };
}

/** A short e-mail with one button, plain text and HTML, in the reader's language and direction. */
export function actionEmail(input: {
  to: string;
  language: TLanguage;
  subject: string;
  paragraphs: string[];
  button: string;
  link: string;
  footnote?: string;
  /** A summary (label, value) after the paragraphs: a table in HTML, "label: value" lines in text. */
  rows?: [string, string][];
}): MailMessage {
  const dir = input.language === 'ar' ? 'rtl' : 'ltr';
  const rows = input.rows ?? [];
  const rowsText = rows.length ? `\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}` : '';
  const rowsHtml = rows.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;margin:16px 0">${rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:6px 0;color:#6b7280;border-bottom:1px solid #f1f1f3">${escapeHtml(k)}</td><td style="padding:6px 0;text-align:end;font-weight:600;border-bottom:1px solid #f1f1f3"><bdi>${escapeHtml(v)}</bdi></td></tr>`,
        )
        .join('')}</table>`
    : '';
  const text = `${input.paragraphs.join('\n\n')}${rowsText}\n\n${input.link}\n${input.footnote ? `\n${input.footnote}\n` : ''}`;
  const html = `<!doctype html>
<html lang="${input.language}" dir="${dir}">
<body style="margin:0;padding:24px;background:#f6f6f7;font-family:Tahoma,Arial,sans-serif;color:#1f2937">
  <div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;text-align:start">
    ${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n    ')}
    ${rowsHtml}
    <p style="text-align:center;margin:28px 0">
      <a href="${escapeHtml(input.link)}" style="background:#c13584;color:#fff;padding:12px 24px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(input.button)}</a>
    </p>
    ${input.footnote ? `<p style="font-size:13px;color:#6b7280">${escapeHtml(input.footnote)}</p>` : ''}
  </div>
</body>
</html>`;
  return { to: input.to, subject: input.subject, text, html, link: input.link };
}

const storeLinkCopy = {
  ar: {
    subject: (store: string) => `ربط المتجر ${store} بحسابك في لمحة؟`,
    body: (store: string, platform: string) =>
      `ثُبّت تطبيق لمحة في المتجر «${store}» على ${platform}، والبريد الإلكتروني لهذا المتجر هو بريد حسابك. لن يُربط المتجر بحسابك ولن يظهر فيه الويدجت ما لم تؤكد ذلك.`,
    button: 'مراجعة الطلب وتأكيد الربط',
    footnote:
      'يعمل الرابط مرة واحدة خلال 24 ساعة. إن لم تثبّت التطبيق بنفسك فتجاهل هذه الرسالة؛ لن يتغير شيء في حسابك.',
  },
  en: {
    subject: (store: string) => `Link store ${store} to your Lamha account?`,
    body: (store: string, platform: string) =>
      `The Lamha app was installed in the ${platform} store "${store}", whose e-mail address is your account's. The store is not linked to your account, and its widget stays hidden, until you confirm.`,
    button: 'Review and confirm the link',
    footnote:
      'The link works once within 24 hours. If you did not install the app yourself, ignore this e-mail; nothing changes in your account.',
  },
} as const;

/** "Link store X to your account?": the only way an install reaches an account that existed before it. */
export function storeLinkEmail(
  to: string,
  link: string,
  language: TLanguage,
  store: { platform: 'Salla' | 'Zid'; storeName: string },
): MailMessage {
  const c = storeLinkCopy[language];
  const platform = language === 'ar' ? (store.platform === 'Salla' ? 'سلة' : 'زد') : store.platform;
  return actionEmail({
    to,
    language,
    subject: c.subject(store.storeName),
    paragraphs: [c.body(store.storeName, platform)],
    button: c.button,
    link,
    footnote: c.footnote,
  });
}

const reauthoriseCopy = {
  ar: {
    subject: 'لمحة: أعد تفويض التطبيق في متجرك على زد',
    body: 'تعذّر على لمحة تجديد صلاحية الوصول إلى متجرك على زد. ما زال الويدجت يظهر في متجرك، لكن لن تصل إليه التغييرات من زد حتى تعيد تفويض التطبيق.',
    button: 'إعادة التفويض من زد',
    footnote: 'يفتح الرابط صفحة التفويض في زد؛ وافق على الأذونات وستعود إلى لوحة التحكم.',
  },
  en: {
    subject: 'Lamha: authorise the app on your Zid store again',
    body: 'Lamha could not renew its access to your Zid store. The widget still shows on your store, but nothing from Zid reaches Lamha until you authorise the app again.',
    button: 'Authorise again on Zid',
    footnote:
      'The link opens the authorisation page on Zid; approve the permissions and you come back to your dashboard.',
  },
} as const;

/** Sent once when a Zid connection's token renewal is refused. */
export function reauthoriseEmail(to: string, link: string, language: TLanguage): MailMessage {
  const c = reauthoriseCopy[language];
  return actionEmail({
    to,
    language,
    subject: c.subject,
    paragraphs: [c.body],
    button: c.button,
    link,
    footnote: c.footnote,
  });
}
