/**
 * Messages of billing (issue 16): the dashboard's "Plan and billing" tab and invoice page ('dashboard.billing.'),
 * and the admin's payments and revenue ('admin.billing.'). Kept beside the feature; merged into the dashboard and
 * admin parts by parts.ts and into the catalogues by en.ts and ar.ts.
 */
export const billingDashboardEn = {
  'dashboard.tab.billing': 'Plan and billing',
  'dashboard.billing.title': 'Plan and billing',
  'dashboard.billing.subtitle': 'Your plan, what a payment buys, and your invoices.',
  'dashboard.billing.loadError': 'Could not load your plan. Please try again.',
  'dashboard.billing.current': 'Current plan',
  'dashboard.billing.trialUntil': 'Free trial with Pro features until {date}',
  'dashboard.billing.activeUntil': '{plan}, {period}, until {date}',
  'dashboard.billing.activeUntilPlatform': '{plan}, until {date}',
  'dashboard.billing.graceUntil': 'Ended on {date}. The widget keeps showing until {graceDate}.',
  'dashboard.billing.expired': 'No running plan. The widget is not showing on your store.',
  'dashboard.billing.scheduled': '{plan}, {period}, is paid and starts on {date}.',
  'dashboard.billing.banner.grace':
    'Your plan ended on {date}. The widget keeps showing on your store until {graceDate}; pay to keep it there.',
  'dashboard.billing.banner.expired':
    'Your plan has ended and the widget is not showing on your store. Your settings and content are kept: pay to show it again.',
  'dashboard.billing.banner.platform': 'Renew from your {platform} dashboard.',
  'dashboard.billing.banner.action': 'Choose a plan',
  'dashboard.billing.managed':
    'Your subscription is managed by your store platform. Change it from your Salla or Zid dashboard.',
  'dashboard.billing.paymentsOff':
    'Plans are paid through Salla or Zid only. Install Lamha from your store platform to subscribe.',
  'dashboard.billing.choosePlan': 'Plan',
  'dashboard.billing.choosePeriod': 'Period',
  'dashboard.billing.period.monthly': 'Monthly',
  'dashboard.billing.period.annual': 'Annual',
  'dashboard.billing.period.annualSave': 'Annual, save 16%',
  'dashboard.billing.amount': '{amount} SAR',
  'dashboard.billing.vatIncluded': 'Includes {vat} SAR VAT (15%).',
  'dashboard.billing.kind.new': 'Starts now and runs until {end}.',
  'dashboard.billing.kind.newAfterTrial':
    'Starts when your free trial ends, on {start}, and runs until {end}: you keep every trial day.',
  'dashboard.billing.kind.newNow': 'Starts now: the days left in your free trial are not kept.',
  'dashboard.billing.startNow': 'Start the paid plan now instead of when the trial ends',
  'dashboard.billing.kind.extension': 'Extends your plan from its end: {start} to {end}.',
  'dashboard.billing.kind.upgrade':
    'Pro starts now and runs until {end}. You pay the Pro price ({list} SAR) less {credit} SAR for the unused days of Basic.',
  'dashboard.billing.kind.downgrade':
    'Basic starts when your Pro period ends, on {start}, and runs until {end}. Until then you keep Pro.',
  'dashboard.billing.pay': 'Pay {amount} SAR',
  'dashboard.billing.autoRenew.tick': 'Renew automatically',
  'dashboard.billing.autoRenew.tickHelp':
    'Keep this card to pay each next period. We e-mail the amount and date 3 days before; turn it off any time.',
  'dashboard.billing.autoRenew.title': 'Automatic renewal',
  'dashboard.billing.autoRenew.card': 'Saved card: {brand} ending in {last4}',
  'dashboard.billing.autoRenew.switch': 'Renew automatically with this card',
  'dashboard.billing.autoRenew.on':
    'Each next period is charged to this card on the last day of the current one; we e-mail the amount and date 3 days before.',
  'dashboard.billing.autoRenew.off':
    'Renewal is off: we e-mail you a payment link 7 days and 1 day before your plan ends.',
  'dashboard.billing.autoRenew.remove': 'Remove card',
  'dashboard.billing.autoRenew.none':
    'No card is saved. Tick "Renew automatically" when you pay to keep your card for the next periods.',
  'dashboard.billing.opening': 'Opening the payment page...',
  'dashboard.billing.methods':
    "mada, Visa, Mastercard, Apple Pay or STC Pay, on Moyasar's secure payment page.",
  'dashboard.billing.rules.title': 'How plans work',
  'dashboard.billing.rules.extend':
    'Paying for your current plan extends it from its end; a new plan starts now, or when your free trial ends if you are in one.',
  'dashboard.billing.rules.upgrade':
    'Upgrading from Basic to Pro mid-period: you pay the Pro price less the unused days of Basic, and Pro starts now.',
  'dashboard.billing.rules.downgrade':
    'Moving down to Basic, or stopping, takes effect when the paid period ends. Nothing renews by itself: we e-mail you a payment link 7 days and 1 day before the end.',
  'dashboard.billing.rules.grace':
    'When a trial or paid period ends unpaid, the widget keeps showing for 3 more days, then stops showing on your store until you pay. Your settings, content and widget code are kept.',
  'dashboard.billing.rules.refund':
    'Money-back guarantee: ask within 7 days of your first payment for a full refund (the paid period then ends).',
  'dashboard.billing.checkout.pending': 'Waiting for the payment to be confirmed...',
  'dashboard.billing.checkout.paid': 'Payment received',
  'dashboard.billing.checkout.paidBody': 'Your plan is updated. Your invoice is in the list below.',
  'dashboard.billing.checkout.failed': 'The payment did not go through',
  'dashboard.billing.checkout.slow':
    'The confirmation has not arrived yet. It can take a few minutes; check again in a moment.',
  'dashboard.billing.checkout.checkAgain': 'Check again',
  'dashboard.billing.checkout.viewInvoice': 'View invoice',
  'dashboard.billing.failure.payment_failed': 'The payment was declined. Nothing was charged.',
  'dashboard.billing.decline.insufficient_funds':
    'Your card does not have enough funds for this payment. Nothing was charged: top the card up or pay with another one.',
  'dashboard.billing.decline.expired_card':
    'This card has expired. Nothing was charged: pay with another card.',
  'dashboard.billing.decline.limit':
    'This payment is above your card’s limit. Nothing was charged: ask your bank to raise the limit, or pay with another card.',
  'dashboard.billing.decline.verification':
    'Your bank’s check (the code sent to your phone) did not complete. Nothing was charged: try again, or pay with another card.',
  'dashboard.billing.decline.timeout':
    'The payment took longer than 15 minutes and was stopped. Nothing was charged: start it again and have your phone ready for the bank’s code.',
  'dashboard.billing.decline.blocked':
    'The bank blocked this payment without giving a reason. Nothing was charged: call your bank, or pay with another card.',
  'dashboard.billing.decline.declined':
    'Your bank declined this card. Nothing was charged: pay with another card, or ask your bank why.',
  'dashboard.billing.decline.details': 'Details for support: {message}',
  'dashboard.billing.failure.amount_mismatch':
    'The amount paid did not match the price, so the plan was not changed. Please contact support.',
  'dashboard.billing.failure.currency_mismatch':
    'The payment was not in Saudi riyals, so the plan was not changed. Please contact support.',
  'dashboard.billing.failure.refunded': 'This payment was refunded.',
  'dashboard.billing.invoices.title': 'Invoices',
  'dashboard.billing.invoices.empty': 'No invoices yet. Each payment issues a VAT invoice here.',
  'dashboard.billing.invoices.number': 'Invoice',
  'dashboard.billing.invoices.creditNote': 'Credit note',
  'dashboard.billing.invoices.refersTo': 'for invoice #{number}',
  'dashboard.billing.invoices.date': 'Date',
  'dashboard.billing.invoices.plan': 'Plan',
  'dashboard.billing.invoices.total': 'Total',
  'dashboard.billing.invoices.refunded': 'Refunded',
  'dashboard.billing.invoices.view': 'View',
  'dashboard.billing.invoice.print': 'Print',
  'dashboard.billing.invoice.back': 'Back to plan and billing',
  'dashboard.billing.invoice.loading': 'Loading the invoice...',
  'dashboard.billing.invoice.qrLabel': 'ZATCA QR code of invoice {number}',
  'dashboard.billing.invoices.saudiTime': 'Saudi time',
  'dashboard.billing.details.title': 'Company details for invoices',
  'dashboard.billing.details.description':
    'Printed as the buyer on invoices issued after you save them. Invoices already issued stay as they are.',
  'dashboard.billing.details.company': 'Company name',
  'dashboard.billing.details.vat': 'VAT registration number',
  'dashboard.billing.details.vatHint': '15 digits, starting and ending with 3.',
  'dashboard.billing.details.save': 'Save company details',
  'dashboard.billing.details.saved': 'Company details saved. Your next invoices will show them.',
} as const satisfies Record<`dashboard.${string}`, string>;

export const billingDashboardAr: Readonly<Record<keyof typeof billingDashboardEn, string>> = {
  'dashboard.tab.billing': 'الباقة والفوترة',
  'dashboard.billing.title': 'الباقة والفوترة',
  'dashboard.billing.subtitle': 'باقتك، وما يشتريه الدفع، وفواتيرك.',
  'dashboard.billing.loadError': 'تعذّر تحميل باقتك. يرجى المحاولة مرة أخرى.',
  'dashboard.billing.current': 'الباقة الحالية',
  'dashboard.billing.trialUntil': 'فترة تجريبية مجانية بمزايا الاحترافية حتى {date}',
  'dashboard.billing.activeUntil': '{plan}، {period}، حتى {date}',
  'dashboard.billing.activeUntilPlatform': '{plan}، حتى {date}',
  'dashboard.billing.graceUntil': 'انتهت في {date}. تبقى الودجت ظاهرة حتى {graceDate}.',
  'dashboard.billing.expired': 'لا توجد باقة سارية. الودجت غير ظاهرة في متجرك.',
  'dashboard.billing.scheduled': '{plan}، {period}، مدفوعة وتبدأ في {date}.',
  'dashboard.billing.banner.grace':
    'انتهت باقتك في {date}. تبقى الودجت ظاهرة في متجرك حتى {graceDate}؛ ادفع لتبقى ظاهرة.',
  'dashboard.billing.banner.expired':
    'انتهت باقتك والودجت غير ظاهرة في متجرك. إعداداتك ومحتواك محفوظة: ادفع لتظهر من جديد.',
  'dashboard.billing.banner.platform': 'جدّد اشتراكك من لوحة {platform}.',
  'dashboard.billing.banner.action': 'اختر باقة',
  'dashboard.billing.managed': 'اشتراكك تديره منصة متجرك. غيّره من لوحة تحكم سلة أو زد.',
  'dashboard.billing.paymentsOff': 'الباقات تُدفع عبر سلة أو زد فقط. ثبّت لمحة من منصة متجرك للاشتراك.',
  'dashboard.billing.choosePlan': 'الباقة',
  'dashboard.billing.choosePeriod': 'المدة',
  'dashboard.billing.period.monthly': 'شهري',
  'dashboard.billing.period.annual': 'سنوي',
  'dashboard.billing.period.annualSave': 'سنوي، وفّر 16%',
  'dashboard.billing.amount': '{amount} ر.س',
  'dashboard.billing.vatIncluded': 'يشمل {vat} ر.س ضريبة القيمة المضافة (15%).',
  'dashboard.billing.kind.new': 'تبدأ الآن وتستمر حتى {end}.',
  'dashboard.billing.kind.newAfterTrial':
    'تبدأ عند انتهاء فترتك التجريبية في {start} وتستمر حتى {end}: لا تخسر أي يوم من التجربة.',
  'dashboard.billing.kind.newNow': 'تبدأ الآن: لا تُحفظ الأيام المتبقية من فترتك التجريبية.',
  'dashboard.billing.startNow': 'ابدأ الباقة المدفوعة الآن بدلًا من انتهاء التجربة',
  'dashboard.billing.kind.extension': 'تمدّد باقتك من تاريخ انتهائها: من {start} إلى {end}.',
  'dashboard.billing.kind.upgrade':
    'تبدأ الاحترافية الآن وتستمر حتى {end}. تدفع سعر الاحترافية ({list} ر.س) مخصومًا منه {credit} ر.س عن الأيام غير المستخدمة من الأساسية.',
  'dashboard.billing.kind.downgrade':
    'تبدأ الأساسية عند انتهاء فترة الاحترافية في {start} وتستمر حتى {end}. حتى ذلك الحين تبقى على الاحترافية.',
  'dashboard.billing.pay': 'ادفع {amount} ر.س',
  'dashboard.billing.autoRenew.tick': 'جدّد تلقائيًا',
  'dashboard.billing.autoRenew.tickHelp':
    'احفظ هذه البطاقة لدفع كل فترة تالية. نرسل لك المبلغ والتاريخ بالبريد قبل 3 أيام، ويمكنك الإيقاف في أي وقت.',
  'dashboard.billing.autoRenew.title': 'التجديد التلقائي',
  'dashboard.billing.autoRenew.card': 'البطاقة المحفوظة: {brand} المنتهية بـ {last4}',
  'dashboard.billing.autoRenew.switch': 'جدّد تلقائيًا بهذه البطاقة',
  'dashboard.billing.autoRenew.on':
    'تُخصم كل فترة تالية من هذه البطاقة في آخر يوم من الفترة الحالية، ونرسل لك المبلغ والتاريخ بالبريد قبل 3 أيام.',
  'dashboard.billing.autoRenew.off':
    'التجديد التلقائي متوقف: نرسل لك رابط الدفع بالبريد قبل انتهاء باقتك بـ 7 أيام ويوم واحد.',
  'dashboard.billing.autoRenew.remove': 'إزالة البطاقة',
  'dashboard.billing.autoRenew.none':
    'لا توجد بطاقة محفوظة. حدّد «جدّد تلقائيًا» عند الدفع لحفظ بطاقتك للفترات التالية.',
  'dashboard.billing.opening': 'جارٍ فتح صفحة الدفع...',
  'dashboard.billing.methods':
    'مدى أو فيزا أو ماستركارد أو Apple Pay أو STC Pay، عبر صفحة الدفع الآمنة من ميسّر.',
  'dashboard.billing.rules.title': 'كيف تعمل الباقات',
  'dashboard.billing.rules.extend':
    'الدفع لباقتك الحالية يمدّدها من تاريخ انتهائها؛ والباقة الجديدة تبدأ الآن، أو عند انتهاء فترتك التجريبية إن كنت فيها.',
  'dashboard.billing.rules.upgrade':
    'الترقية من الأساسية إلى الاحترافية أثناء الفترة: تدفع سعر الاحترافية مخصومًا منه الأيام غير المستخدمة من الأساسية، وتبدأ الاحترافية الآن.',
  'dashboard.billing.rules.downgrade':
    'الانتقال إلى الأساسية أو التوقف يسري عند انتهاء الفترة المدفوعة. لا شيء يتجدد تلقائيًا: نرسل لك رابط الدفع بالبريد قبل الانتهاء بـ 7 أيام وبيوم واحد.',
  'dashboard.billing.rules.grace':
    'عند انتهاء الفترة التجريبية أو المدفوعة دون دفع، تبقى الودجت ظاهرة 3 أيام إضافية، ثم تتوقف عن الظهور في متجرك حتى الدفع. تبقى إعداداتك ومحتواك وكود الودجت محفوظة.',
  'dashboard.billing.rules.refund':
    'ضمان استرداد المبلغ: اطلب خلال 7 أيام من أول دفعة استردادًا كاملًا (وتنتهي عندها الفترة المدفوعة).',
  'dashboard.billing.checkout.pending': 'بانتظار تأكيد الدفع...',
  'dashboard.billing.checkout.paid': 'تم استلام الدفعة',
  'dashboard.billing.checkout.paidBody': 'تم تحديث باقتك. فاتورتك في القائمة أدناه.',
  'dashboard.billing.checkout.failed': 'لم تتم عملية الدفع',
  'dashboard.billing.checkout.slow': 'لم يصل التأكيد بعد. قد يستغرق ذلك بضع دقائق؛ تحقّق مرة أخرى بعد قليل.',
  'dashboard.billing.checkout.checkAgain': 'تحقّق مرة أخرى',
  'dashboard.billing.checkout.viewInvoice': 'عرض الفاتورة',
  'dashboard.billing.failure.payment_failed': 'رُفضت عملية الدفع. لم يُخصم أي مبلغ.',
  'dashboard.billing.decline.insufficient_funds':
    'لا يكفي رصيد بطاقتك لهذه الدفعة. لم يُخصم أي مبلغ: اشحن البطاقة أو ادفع ببطاقة أخرى.',
  'dashboard.billing.decline.expired_card': 'انتهت صلاحية هذه البطاقة. لم يُخصم أي مبلغ: ادفع ببطاقة أخرى.',
  'dashboard.billing.decline.limit':
    'تتجاوز هذه الدفعة الحد المسموح لبطاقتك. لم يُخصم أي مبلغ: اطلب من بنكك رفع الحد، أو ادفع ببطاقة أخرى.',
  'dashboard.billing.decline.verification':
    'لم يكتمل تحقق بنكك (الرمز المرسل إلى جوالك). لم يُخصم أي مبلغ: حاول مرة أخرى، أو ادفع ببطاقة أخرى.',
  'dashboard.billing.decline.timeout':
    'استغرقت عملية الدفع أكثر من 15 دقيقة فأُوقفت. لم يُخصم أي مبلغ: ابدأها من جديد وجهّز جوالك لرمز البنك.',
  'dashboard.billing.decline.blocked':
    'حجب البنك هذه الدفعة دون ذكر السبب. لم يُخصم أي مبلغ: تواصل مع بنكك، أو ادفع ببطاقة أخرى.',
  'dashboard.billing.decline.declined':
    'رفض بنكك هذه البطاقة. لم يُخصم أي مبلغ: ادفع ببطاقة أخرى، أو اسأل بنكك عن السبب.',
  'dashboard.billing.decline.details': 'تفاصيل للدعم: {message}',
  'dashboard.billing.failure.amount_mismatch':
    'المبلغ المدفوع لا يطابق السعر، لذلك لم تتغير الباقة. يرجى التواصل مع الدعم.',
  'dashboard.billing.failure.currency_mismatch':
    'لم تكن الدفعة بالريال السعودي، لذلك لم تتغير الباقة. يرجى التواصل مع الدعم.',
  'dashboard.billing.failure.refunded': 'تم استرداد هذه الدفعة.',
  'dashboard.billing.invoices.title': 'الفواتير',
  'dashboard.billing.invoices.empty': 'لا توجد فواتير بعد. كل دفعة تُصدر هنا فاتورة ضريبية.',
  'dashboard.billing.invoices.number': 'الفاتورة',
  'dashboard.billing.invoices.creditNote': 'إشعار دائن',
  'dashboard.billing.invoices.refersTo': 'للفاتورة رقم {number}',
  'dashboard.billing.invoices.date': 'التاريخ',
  'dashboard.billing.invoices.plan': 'الباقة',
  'dashboard.billing.invoices.total': 'الإجمالي',
  'dashboard.billing.invoices.refunded': 'مستردة',
  'dashboard.billing.invoices.view': 'عرض',
  'dashboard.billing.invoice.print': 'طباعة',
  'dashboard.billing.invoice.back': 'العودة إلى الباقة والفوترة',
  'dashboard.billing.invoice.loading': 'جارٍ تحميل الفاتورة...',
  'dashboard.billing.invoice.qrLabel': 'رمز QR لهيئة الزكاة والضريبة والجمارك للفاتورة {number}',
  'dashboard.billing.invoices.saudiTime': 'بتوقيت السعودية',
  'dashboard.billing.details.title': 'بيانات الشركة في الفواتير',
  'dashboard.billing.details.description':
    'تظهر بصفتك المشتري في الفواتير التي تصدر بعد حفظها. الفواتير الصادرة من قبل تبقى كما هي.',
  'dashboard.billing.details.company': 'اسم الشركة',
  'dashboard.billing.details.vat': 'الرقم الضريبي',
  'dashboard.billing.details.vatHint': '15 رقمًا، يبدأ بالرقم 3 وينتهي به.',
  'dashboard.billing.details.save': 'حفظ بيانات الشركة',
  'dashboard.billing.details.saved': 'حُفظت بيانات الشركة. ستظهر في فواتيرك القادمة.',
};

export const billingAdminEn = {
  'admin.billing.revenueTitle': 'Revenue',
  'admin.billing.payingMerchants': 'Paying merchants',
  'admin.billing.mrr': 'Monthly recurring revenue (without VAT)',
  'admin.billing.trialsEnding': 'Trials ending this week',
  'admin.billing.paymentsTitle': 'Payments',
  'admin.billing.paymentsSubtitle':
    'The latest plan payments. A first payment can be refunded within 7 days.',
  'admin.billing.empty': 'No payments yet.',
  'admin.billing.loadError': 'Could not load payments.',
  'admin.billing.merchant': 'Merchant',
  'admin.billing.plan': 'Plan',
  'admin.billing.amount': 'Amount',
  'admin.billing.status': 'Status',
  'admin.billing.date': 'Date',
  'admin.billing.status.pending': 'Pending',
  'admin.billing.status.paid': 'Paid',
  'admin.billing.status.failed': 'Failed',
  'admin.billing.status.refunded': 'Refunded',
  'admin.billing.status.cancelled': 'Cancelled',
  'admin.billing.refund': 'Refund',
  'admin.billing.refunding': 'Refunding...',
  'admin.billing.refundConfirm': 'Refund {amount} SAR to {email}? Their paid period ends now.',
  'admin.billing.refunded': 'Refunded {amount} SAR.',
  'admin.billing.refundFailed': 'Refund failed: {message}',
  'admin.billing.alertsTitle': 'Payments that need a look',
  'admin.billing.alert.amount_mismatch': 'Amount did not match the checkout',
  'admin.billing.alert.currency_mismatch': 'Currency did not match the checkout',
  'admin.billing.alert.unknown_checkout': 'Payment for no known checkout',
  'admin.billing.alert.error': 'Could not be processed',
  'admin.billing.alert.refunded_stale_quote': 'Paid for a plan state that had changed: refunded in full',
  'admin.billing.alert.refunded_overpaid': 'Cheaper at payment than quoted: the difference refunded',
  'admin.billing.alert.refund_failed': 'An automatic refund failed at Moyasar: retried by cron',
  'admin.billing.alert.provider_refund':
    "Refunded in Moyasar's dashboard: plan shortened, credit note issued",
  'admin.billing.alert.provider_void': "Voided in Moyasar's dashboard: plan ended, credit note issued",
  'admin.billing.period.monthly': 'monthly',
  'admin.billing.period.annual': 'annual',
} as const satisfies Record<`admin.${string}`, string>;

export const billingAdminAr: Readonly<Record<keyof typeof billingAdminEn, string>> = {
  'admin.billing.revenueTitle': 'الإيرادات',
  'admin.billing.payingMerchants': 'التجار الدافعون',
  'admin.billing.mrr': 'الإيراد الشهري المتكرر (دون ضريبة)',
  'admin.billing.trialsEnding': 'فترات تجريبية تنتهي هذا الأسبوع',
  'admin.billing.paymentsTitle': 'المدفوعات',
  'admin.billing.paymentsSubtitle': 'أحدث مدفوعات الباقات. يمكن استرداد أول دفعة خلال 7 أيام.',
  'admin.billing.empty': 'لا توجد مدفوعات بعد.',
  'admin.billing.loadError': 'تعذّر تحميل المدفوعات.',
  'admin.billing.merchant': 'التاجر',
  'admin.billing.plan': 'الباقة',
  'admin.billing.amount': 'المبلغ',
  'admin.billing.status': 'الحالة',
  'admin.billing.date': 'التاريخ',
  'admin.billing.status.pending': 'قيد الانتظار',
  'admin.billing.status.paid': 'مدفوعة',
  'admin.billing.status.failed': 'فشلت',
  'admin.billing.status.refunded': 'مستردة',
  'admin.billing.status.cancelled': 'ملغاة',
  'admin.billing.refund': 'استرداد',
  'admin.billing.refunding': 'جارٍ الاسترداد...',
  'admin.billing.refundConfirm': 'استرداد {amount} ر.س إلى {email}؟ تنتهي فترته المدفوعة الآن.',
  'admin.billing.refunded': 'تم استرداد {amount} ر.س.',
  'admin.billing.refundFailed': 'فشل الاسترداد: {message}',
  'admin.billing.alertsTitle': 'مدفوعات تحتاج إلى مراجعة',
  'admin.billing.alert.amount_mismatch': 'المبلغ لا يطابق عملية الدفع',
  'admin.billing.alert.currency_mismatch': 'العملة لا تطابق عملية الدفع',
  'admin.billing.alert.unknown_checkout': 'دفعة لعملية غير معروفة',
  'admin.billing.alert.error': 'تعذّرت معالجتها',
  'admin.billing.alert.refunded_stale_quote': 'دُفعت لحالة باقة تغيّرت: استُردّت كاملة',
  'admin.billing.alert.refunded_overpaid': 'السعر عند الدفع أقل من المعروض: استُردّ الفرق',
  'admin.billing.alert.refund_failed': 'تعذّر استرداد تلقائي لدى ميسّر: يعيده cron',
  'admin.billing.alert.provider_refund': 'استُردّت من لوحة ميسّر: قُصّرت الباقة وصدر إشعار دائن',
  'admin.billing.alert.provider_void': 'أُلغيت من لوحة ميسّر: انتهت الباقة وصدر إشعار دائن',
  'admin.billing.period.monthly': 'شهري',
  'admin.billing.period.annual': 'سنوي',
};
