import {
  dateLocale,
  saudiDate,
  saudiDateTime,
  sarAmount,
  type TInvoiceLine,
  type TLanguage,
} from '@app/shared';
import { actionEmail } from '../mail/templates.js';
import type { MailMessage } from '../mail/mail.port.js';

const dateIn = (language: TLanguage, d: Date) =>
  new Intl.DateTimeFormat(dateLocale(language, 'en-GB'), {
    dateStyle: 'long',
    timeZone: 'Asia/Riyadh',
  }).format(d);

/**
 * Renewal is a payment by link (no card is kept): 7 days and 1 day before a trial or paid period ends, the
 * merchant gets the link to their plan page.
 */
export function renewalEmail(
  to: string,
  language: TLanguage,
  input: { endsAt: Date; daysLeft: number; trial: boolean; link: string },
): MailMessage {
  const date = dateIn(language, input.endsAt);
  if (language === 'ar') {
    const when = input.daysLeft === 1 ? 'غدًا' : `خلال ${input.daysLeft} أيام`;
    return actionEmail({
      to,
      language,
      subject: input.trial ? `تنتهي فترتك التجريبية في لمحة ${when}` : `تنتهي باقتك في لمحة ${when}`,
      paragraphs: [
        'مرحبًا،',
        input.trial
          ? `تنتهي فترتك التجريبية في ${date}. اختر باقة وادفع لتبقى الويدجت ظاهرة في متجرك.`
          : `تنتهي باقتك في ${date}. لا يوجد تجديد تلقائي: ادفع للفترة التالية من صفحة الباقة والفوترة، وتمتد باقتك من تاريخ انتهائها.`,
      ],
      button: 'الباقة والفوترة',
      link: input.link,
      footnote:
        'بعد الانتهاء تبقى الويدجت ظاهرة 3 أيام، ثم تتوقف عن الظهور حتى الدفع. تبقى إعداداتك ومحتواك محفوظة.',
    });
  }
  const when = input.daysLeft === 1 ? 'tomorrow' : `in ${input.daysLeft} days`;
  return actionEmail({
    to,
    language,
    subject: input.trial ? `Your Lamha trial ends ${when}` : `Your Lamha plan ends ${when}`,
    paragraphs: [
      'Hello,',
      input.trial
        ? `Your trial ends on ${date}. Choose a plan and pay to keep the widget on your store.`
        : `Your plan ends on ${date}. Nothing renews by itself: pay for the next period on the Plan and billing page, and your plan is extended from its end.`,
    ],
    button: 'Plan and billing',
    link: input.link,
    footnote:
      'After the end the widget keeps showing for 3 days, then stops showing until you pay. Your settings and content are kept.',
  });
}

/** One e-mail when a trial or paid period has ended unpaid: the grace days left, and where to pay. */
export function graceEmail(
  to: string,
  language: TLanguage,
  input: { graceEndsAt: Date; link: string; platform: 'salla' | 'zid' | null },
): MailMessage {
  const date = dateIn(language, input.graceEndsAt);
  if (language === 'ar') {
    const where =
      input.platform === null
        ? 'ادفع من صفحة الباقة والفوترة لتعود الباقة فورًا.'
        : `جدّد اشتراكك من لوحة ${input.platform === 'salla' ? 'سلة' : 'زد'}.`;
    return actionEmail({
      to,
      language,
      subject: 'انتهت باقتك في لمحة: الويدجت ظاهرة حتى ' + date,
      paragraphs: [
        'مرحبًا،',
        `انتهت فترتك في لمحة. تبقى الويدجت ظاهرة في متجرك حتى ${date}، ثم تتوقف عن الظهور حتى الدفع. تبقى إعداداتك ومحتواك ورمز الويدجت محفوظة.`,
        where,
      ],
      button: 'الباقة والفوترة',
      link: input.link,
    });
  }
  const where =
    input.platform === null
      ? 'Pay on the Plan and billing page and your plan is back at once.'
      : `Renew your subscription from your ${input.platform === 'salla' ? 'Salla' : 'Zid'} dashboard.`;
  return actionEmail({
    to,
    language,
    subject: `Your Lamha plan has ended: the widget shows until ${date}`,
    paragraphs: [
      'Hello,',
      `Your Lamha period has ended. The widget keeps showing on your store until ${date}, then stops showing until you pay. Your settings, content and widget key are kept.`,
      where,
    ],
    button: 'Plan and billing',
    link: input.link,
  });
}

/**
 * A payment given back by us on our own decision: the price it was made for no longer held at payment
 * (another payment, a refund or a plan change came first), in full; or the price at payment was lower
 * than what was paid, the difference.
 */
export function automaticRefundEmail(
  to: string,
  language: TLanguage,
  input: { amountHalalas: number; reason: 'stale_quote' | 'overpaid'; link: string },
): MailMessage {
  const amount = sarAmount(input.amountHalalas);
  if (language === 'ar') {
    return actionEmail({
      to,
      language,
      subject: `أعدنا ${amount} ر.س إلى بطاقتك`,
      paragraphs: [
        'مرحبًا،',
        input.reason === 'stale_quote'
          ? `تغيّرت باقتك بعد فتح صفحة الدفع (دفعة أخرى أو استرداد أو تغيير في الباقة)، فلم يعد السعر الذي دفعته صحيحًا. لم نطبّق هذه الدفعة، وأعدنا مبلغها كاملًا (${amount} ر.س). باقتك كما كانت؛ يمكنك الدفع من جديد بالسعر الحالي.`
          : `كان سعر الباقة عند الدفع أقل مما دفعت، فطبّقنا الباقة بالسعر الحالي وأعدنا الفرق (${amount} ر.س).`,
        'يصل المبلغ المسترد إلى بطاقتك خلال أيام حسب البنك.',
      ],
      button: 'الباقة والفوترة',
      link: input.link,
    });
  }
  return actionEmail({
    to,
    language,
    subject: `We refunded ${amount} SAR to your card`,
    paragraphs: [
      'Hello,',
      input.reason === 'stale_quote'
        ? `Your plan changed after the payment page was opened (another payment, a refund or a plan change), so the price you paid no longer held. We did not apply this payment and refunded all of it (${amount} SAR). Your plan is as it was; you can pay again at the current price.`
        : `The plan's price at payment was lower than what you paid: we applied the plan at the current price and refunded the difference (${amount} SAR).`,
      'The refund reaches your card within a few days, depending on your bank.',
    ],
    button: 'Plan and billing',
    link: input.link,
  });
}

/**
 * A refund or void made at Moyasar (in its dashboard, not through our buttons): the amount, the credit
 * note that documents it, and what became of the plan.
 */
export function creditNoteEmail(
  to: string,
  language: TLanguage,
  input: { amountHalalas: number; noteNumber: number; issuedAt: Date; link: string; planEndsAt: Date | null },
): MailMessage {
  const amount = sarAmount(input.amountHalalas);
  const issued = saudiDateTime(input.issuedAt);
  if (language === 'ar') {
    return actionEmail({
      to,
      language,
      subject: `استرددنا ${amount} ر.س: إشعار دائن رقم ${input.noteNumber}`,
      paragraphs: [
        'مرحبًا،',
        `أُعيد ${amount} ر.س من دفعتك لباقة لمحة، وأصدرنا إشعارًا دائنًا برقم ${input.noteNumber} يشير إلى فاتورتها.`,
        input.planEndsAt
          ? `قُصّرت باقتك بقدر المبلغ المسترد، وتنتهي الآن في ${dateIn(language, input.planEndsAt)}.`
          : 'انتهت الفترة التي دفعت لها هذه الدفعة. يمكنك الدفع من جديد من صفحة الباقة والفوترة.',
        'يصل المبلغ المسترد إلى بطاقتك خلال أيام حسب البنك.',
      ],
      rows: [
        ['رقم الإشعار الدائن', String(input.noteNumber)],
        ['تاريخ ووقت الإصدار', `${issued} (بتوقيت السعودية)`],
        ['المبلغ المسترد شامل الضريبة', `${amount} ر.س`],
      ],
      button: 'عرض الإشعار الدائن',
      link: input.link,
    });
  }
  return actionEmail({
    to,
    language,
    subject: `${amount} SAR refunded: credit note ${input.noteNumber}`,
    paragraphs: [
      'Hello,',
      `${amount} SAR of your Lamha plan payment was refunded, and we issued credit note ${input.noteNumber}, which refers to its invoice.`,
      input.planEndsAt
        ? `Your plan was shortened by what was refunded and now ends on ${dateIn(language, input.planEndsAt)}.`
        : 'The period this payment bought has ended. You can pay again on the Plan and billing page.',
      'The refund reaches your card within a few days, depending on your bank.',
    ],
    rows: [
      ['Credit note number', String(input.noteNumber)],
      ['Issued', `${issued} (Saudi time)`],
      ['Refunded, VAT included', `${amount} SAR`],
    ],
    button: 'View the credit note',
    link: input.link,
  });
}

/** At the end of grace: the widget stopped showing on the store, and how to bring it back. */
export function expiredEmail(
  to: string,
  language: TLanguage,
  input: { link: string; platform: 'salla' | 'zid' | null },
): MailMessage {
  if (language === 'ar') {
    return actionEmail({
      to,
      language,
      subject: 'توقفت ويدجت لمحة عن الظهور في متجرك',
      paragraphs: [
        'مرحبًا،',
        'انتهت أيام السماح بعد انتهاء باقتك، فتوقفت الويدجت عن الظهور في متجرك وتوقف تحديث منشوراتك وقصصك. إعداداتك ومحتواك ورمز الويدجت محفوظة.',
        input.platform === null
          ? 'ادفع من صفحة الباقة والفوترة وتعود الويدجت فورًا ويُستأنف التحديث.'
          : `جدّد اشتراكك من لوحة ${input.platform === 'salla' ? 'سلة' : 'زد'} وتعود الويدجت فورًا.`,
      ],
      button: 'الباقة والفوترة',
      link: input.link,
    });
  }
  return actionEmail({
    to,
    language,
    subject: 'The Lamha widget stopped showing on your store',
    paragraphs: [
      'Hello,',
      'The grace days after your plan ended are over: the widget no longer shows on your store, and your posts and stories are no longer refreshed. Your settings, content and widget key are kept.',
      input.platform === null
        ? 'Pay on the Plan and billing page and the widget is back at once, with refreshes resumed.'
        : `Renew your subscription from your ${input.platform === 'salla' ? 'Salla' : 'Zid'} dashboard and the widget is back at once.`,
    ],
    button: 'Plan and billing',
    link: input.link,
  });
}

const PLAN_NAMES = {
  ar: { basic: 'الباقة الأساسية', pro: 'الباقة الاحترافية', monthly: 'شهري', annual: 'سنوي' },
  en: { basic: 'Basic plan', pro: 'Professional plan', monthly: 'monthly', annual: 'annual' },
} as const;

/** One invoice line in words: the plan and its dates (Saudi days), or the credit taken off it. */
function receiptLine(language: TLanguage, line: TInvoiceLine): string {
  const n = PLAN_NAMES[language];
  const range = `${saudiDate(line.period_start)} → ${saudiDate(line.period_end)}`;
  if (language === 'ar') {
    return line.kind === 'credit'
      ? `رصيد الأيام غير المستخدمة من ${n[line.tier]} (\u2066${range}\u2069)`
      : `لمحة: ${n[line.tier]}، ${n[line.period]} (\u2066${range}\u2069)`;
  }
  return line.kind === 'credit'
    ? `Credit for the unused days of the ${n[line.tier]} (${range})`
    : `Lamha ${n[line.tier]}, ${n[line.period]} (${range})`;
}

/**
 * The receipt of every payment applied (a checkout paid on Moyasar's page, an upgrade, a renewal charged
 * to the saved card or confirmed by 3-D Secure): a summary of its simplified tax invoice, with the link
 * to the invoice itself. Times are Saudi time.
 */
export function receiptEmail(
  to: string,
  language: TLanguage,
  input: {
    invoice: {
      number: number;
      issuedAt: Date;
      lines: TInvoiceLine[];
      totalHalalas: number;
      vatHalalas: number;
      buyerName: string | null;
      buyerVatNumber: string | null;
    };
    /** The saved card an automatic renewal was charged to. */
    card: { brand: string; last4: string } | null;
    link: string;
  },
): MailMessage {
  const inv = input.invoice;
  const ar = language === 'ar';
  const sar = (h: number) => (ar ? `${sarAmount(h)} ر.س` : `${sarAmount(h)} SAR`);
  const plan = inv.lines.find((l) => l.kind === 'plan');
  const rows: [string, string][] = [
    [ar ? 'رقم الفاتورة' : 'Invoice number', String(inv.number)],
    [
      ar ? 'تاريخ ووقت الإصدار' : 'Issued',
      `${saudiDateTime(inv.issuedAt)} ${ar ? '(بتوقيت السعودية)' : '(Saudi time)'}`,
    ],
    ...(inv.buyerName ? [[ar ? 'المشتري' : 'Buyer', inv.buyerName] as [string, string]] : []),
    ...(inv.buyerVatNumber
      ? [[ar ? 'الرقم الضريبي للمشتري' : 'Buyer VAT number', inv.buyerVatNumber] as [string, string]]
      : []),
    ...inv.lines.map((l): [string, string] => [receiptLine(language, l), sar(l.amount_halalas)]),
    [ar ? 'الإجمالي دون الضريبة' : 'Total excluding VAT', sar(inv.totalHalalas - inv.vatHalalas)],
    [ar ? 'ضريبة القيمة المضافة 15٪' : 'VAT 15 %', sar(inv.vatHalalas)],
    [ar ? 'الإجمالي شامل الضريبة' : 'Total including VAT', sar(inv.totalHalalas)],
  ];
  const card = input.card ? `${input.card.brand} ···· ${input.card.last4}` : null;
  const until = plan ? dateIn(language, new Date(plan.period_end)) : null;
  if (ar) {
    return actionEmail({
      to,
      language,
      subject: `إيصال دفعتك في لمحة: فاتورة رقم ${inv.number}`,
      paragraphs: [
        'مرحبًا،',
        card
          ? `جدّدنا باقتك تلقائيًا وخصمنا ${sar(inv.totalHalalas)} من بطاقتك ${card}.${until ? ` تعمل باقتك حتى ${until}.` : ''}`
          : `استلمنا دفعتك ${sar(inv.totalHalalas)}، شكرًا لك.${until ? ` تعمل باقتك حتى ${until}.` : ''}`,
        'هذا ملخص فاتورتك الضريبية المبسطة؛ الفاتورة نفسها (مع رمز QR) في الرابط.',
      ],
      rows,
      button: 'عرض الفاتورة',
      link: input.link,
    });
  }
  return actionEmail({
    to,
    language,
    subject: `Your Lamha receipt: invoice ${inv.number}`,
    paragraphs: [
      'Hello,',
      card
        ? `Your plan was renewed automatically: we charged ${sar(inv.totalHalalas)} to your card ${card}.${until ? ` Your plan runs until ${until}.` : ''}`
        : `We received your payment of ${sar(inv.totalHalalas)}, thank you.${until ? ` Your plan runs until ${until}.` : ''}`,
      'Here is a summary of your simplified tax invoice; the invoice itself (with its QR code) is at the link.',
    ],
    rows,
    button: 'View invoice',
    link: input.link,
  });
}
