import { dateLocale, sarAmount, type TLanguage } from '@app/shared';
import { actionEmail } from '../mail/templates.js';
import type { MailMessage } from '../mail/mail.port.js';

const dateIn = (language: TLanguage, d: Date) =>
  new Intl.DateTimeFormat(dateLocale(language, 'en-GB'), {
    dateStyle: 'long',
    timeZone: 'Asia/Riyadh',
  }).format(d);

interface Card {
  brand: string;
  last4: string;
}
const cardText = (c: Card) => `${c.brand} ···· ${c.last4}`;

/** Three days before the end: what will be charged to the saved card, and when. */
export function autoRenewNoticeEmail(
  to: string,
  language: TLanguage,
  input: { amountHalalas: number; chargeOn: Date; card: Card; link: string },
): MailMessage {
  const amount = sarAmount(input.amountHalalas);
  const date = dateIn(language, input.chargeOn);
  if (language === 'ar') {
    return actionEmail({
      to,
      language,
      subject: `تتجدد باقتك في لمحة تلقائيًا في ${date}`,
      paragraphs: [
        'مرحبًا،',
        `سنخصم ${amount} ر.س من بطاقتك ${cardText(input.card)} في ${date} لتجديد باقتك للفترة التالية.`,
        'يمكنك إيقاف التجديد التلقائي أو إزالة البطاقة من صفحة الباقة والفوترة قبل ذلك التاريخ.',
      ],
      button: 'الباقة والفوترة',
      link: input.link,
    });
  }
  return actionEmail({
    to,
    language,
    subject: `Your Lamha plan renews automatically on ${date}`,
    paragraphs: [
      'Hello,',
      `We will charge ${amount} SAR to your card ${cardText(input.card)} on ${date} to renew your plan for the next period.`,
      'You can turn automatic renewal off or remove the card on the Plan and billing page before then.',
    ],
    button: 'Plan and billing',
    link: input.link,
  });
}

/**
 * The charge did not go through: declined (pay by link; `retry` says when the card is tried again), or
 * the bank asks the cardholder to confirm it (3-D Secure: the link completes this very payment).
 */
export function autoRenewFailedEmail(
  to: string,
  language: TLanguage,
  input: {
    amountHalalas: number;
    card: Card;
    reason: 'declined' | '3ds';
    retryOn: Date | null;
    link: string;
  },
): MailMessage {
  const amount = sarAmount(input.amountHalalas);
  if (language === 'ar') {
    const retry = input.retryOn
      ? `سنحاول الخصم مرة أخرى في ${dateIn(language, input.retryOn)}، أو ادفع الآن بالرابط.`
      : 'لن نحاول الخصم مرة أخرى: ادفع بالرابط لتبقى الويدجت ظاهرة في متجرك.';
    return actionEmail({
      to,
      language,
      subject: input.reason === '3ds' ? 'أكّد دفعة تجديد باقتك في لمحة' : 'لم نتمكن من تجديد باقتك في لمحة',
      paragraphs: [
        'مرحبًا،',
        input.reason === '3ds'
          ? `طلب بنكك تأكيد خصم ${amount} ر.س من بطاقتك ${cardText(input.card)} لتجديد باقتك. أكّد الدفعة من الرابط.`
          : `رُفض خصم ${amount} ر.س من بطاقتك ${cardText(input.card)} لتجديد باقتك. ${retry}`,
      ],
      button: input.reason === '3ds' ? 'تأكيد الدفعة' : 'الباقة والفوترة',
      link: input.link,
      footnote:
        'بعد انتهاء باقتك تبقى الويدجت ظاهرة 3 أيام، ثم تتوقف عن الظهور حتى الدفع. تبقى إعداداتك ومحتواك محفوظة.',
    });
  }
  const retry = input.retryOn
    ? `We will try the card again on ${dateIn(language, input.retryOn)}, or you can pay now by the link.`
    : 'We will not try the card again: pay by the link to keep the widget on your store.';
  return actionEmail({
    to,
    language,
    subject:
      input.reason === '3ds'
        ? 'Confirm the renewal payment of your Lamha plan'
        : 'We could not renew your Lamha plan',
    paragraphs: [
      'Hello,',
      input.reason === '3ds'
        ? `Your bank asks you to confirm the charge of ${amount} SAR to your card ${cardText(input.card)} that renews your plan. Confirm it by the link.`
        : `The charge of ${amount} SAR to your card ${cardText(input.card)} that renews your plan was declined. ${retry}`,
    ],
    button: input.reason === '3ds' ? 'Confirm the payment' : 'Plan and billing',
    link: input.link,
    footnote:
      'After your plan ends the widget keeps showing for 3 days, then stops showing until you pay. Your settings and content are kept.',
  });
}
