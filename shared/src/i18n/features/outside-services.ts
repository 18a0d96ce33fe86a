/** The admin area's view of outside services that call us: Moyasar's webhook verification. */
export const outsideServicesAdminEn = {
  'admin.moyasar.title': 'Moyasar webhooks',
  'admin.moyasar.subtitle':
    'A new Moyasar webhook receives no payment events until it is verified. Lamha sends its code back as soon as Moyasar sends it.',
  'admin.moyasar.empty':
    'No verification code received yet. Add the webhook in Moyasar’s dashboard (Settings → Webhooks); its code appears here.',
  'admin.moyasar.loadError': 'Could not load the Moyasar webhooks.',
  'admin.moyasar.webhook': 'Webhook',
  'admin.moyasar.code': 'Code',
  'admin.moyasar.received': 'Received',
  'admin.moyasar.live': 'live',
  'admin.moyasar.test': 'test',
  'admin.moyasar.status.verified': 'Verified',
  'admin.moyasar.status.pending': 'Sending the code…',
  'admin.moyasar.status.failed': 'Not verified',
  'admin.moyasar.status.expired': 'Code expired',
  'admin.moyasar.verifiedAt': 'Verified {date}.',
  'admin.moyasar.stepFailed':
    'Moyasar did not take the code: {reason}. Send it again before {time}, or send it yourself with your secret key:',
  'admin.moyasar.stepExpired':
    'The code lasted 30 minutes and was not accepted. In Moyasar, ask for a new code for this webhook (Resend verification code): Lamha sends the new one back as it arrives.',
  'admin.moyasar.retry': 'Send the code again',
  'admin.moyasar.retrying': 'Sending…',
  'admin.moyasar.retried': 'Moyasar verified the webhook.',
} as const satisfies Record<`admin.${string}`, string>;

export const outsideServicesAdminAr: Readonly<Record<keyof typeof outsideServicesAdminEn, string>> = {
  'admin.moyasar.title': 'Webhooks ميسّر',
  'admin.moyasar.subtitle':
    'لا يستقبل Webhook ميسّر الجديد أي أحداث دفع حتى يتم التحقق منه. ترسل لمحة رمزه فور وصوله من ميسّر.',
  'admin.moyasar.empty':
    'لم يصل أي رمز تحقق بعد. أضف الـ Webhook من لوحة تحكم ميسّر (الإعدادات ← Webhooks) وسيظهر رمزه هنا.',
  'admin.moyasar.loadError': 'تعذّر تحميل Webhooks ميسّر.',
  'admin.moyasar.webhook': 'الـ Webhook',
  'admin.moyasar.code': 'الرمز',
  'admin.moyasar.received': 'وصل',
  'admin.moyasar.live': 'حي',
  'admin.moyasar.test': 'تجريبي',
  'admin.moyasar.status.verified': 'تم التحقق',
  'admin.moyasar.status.pending': 'جارٍ إرسال الرمز…',
  'admin.moyasar.status.failed': 'لم يتم التحقق',
  'admin.moyasar.status.expired': 'انتهت صلاحية الرمز',
  'admin.moyasar.verifiedAt': 'تم التحقق {date}.',
  'admin.moyasar.stepFailed':
    'لم يقبل ميسّر الرمز: {reason}. أرسله مرة أخرى قبل {time}، أو أرسله بنفسك بمفتاحك السري:',
  'admin.moyasar.stepExpired':
    'صلاحية الرمز 30 دقيقة ولم يُقبل. اطلب من ميسّر رمزًا جديدًا لهذا الـ Webhook (إعادة إرسال رمز التحقق)، وسترسله لمحة فور وصوله.',
  'admin.moyasar.retry': 'أرسل الرمز مرة أخرى',
  'admin.moyasar.retrying': 'جارٍ الإرسال…',
  'admin.moyasar.retried': 'تحقّق ميسّر من الـ Webhook.',
};
