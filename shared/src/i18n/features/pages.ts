/**
 * Messages of the marketing site's own pages (/about, /support, /terms, /faq), in both languages, their
 * descriptions for search engines included. Split from
 * landing.ts and landing.ar.ts so the landing page's first visit does not download them: the pages load them
 * with their chunk (parts.ts, part 'pages'). The keys keep their 'landing.' prefix; merged into the
 * catalogues by en.ts and ar.ts.
 */
export const pagesEn = {
  // The pages' descriptions for search engines and link previews.
  'landing.meta.aboutDescription':
    'Meet Lamha: the vision, values and team behind the Instagram feed widget for online stores.',
  'landing.meta.supportDescription':
    'Get help with Lamha by e-mail or chat. We reply within {replyHours} business hours.',
  'landing.meta.termsDescription':
    'Lamha terms of service and privacy policy: plans, refunds, acceptable use and how we protect your data.',
  'landing.meta.faqDescription':
    'Answers about Lamha: supported stores, refresh times, installation, the free trial, pricing and cancellation.',
  // About page
  'landing.about.lead':
    'Lamha (Arabic for “a glimpse”) gives online stores a window onto the life behind the brand: the photos, stories and moments merchants already share on Instagram.',
  'landing.about.visionTitle': 'Our vision',
  'landing.about.visionBody':
    'Every online store should feel as alive as its social accounts, without extra work for the merchant who runs it.',
  'landing.about.offerTitle': 'What we offer',
  'landing.about.offerBody':
    'A widget that shows your Instagram posts, highlights and profile banner on your store. It refreshes itself, takes on your brand’s colours, and is added in one click on Salla or Zid or with one line of code anywhere else.',
  'landing.about.valuesTitle': 'Our values',
  'landing.about.valueSimpleTitle': 'Simple',
  'landing.about.valueSimpleBody': 'Setting up takes minutes, not days, and needs no developer.',
  'landing.about.valueFastTitle': 'Fast',
  'landing.about.valueFastBody':
    'Your store stays fast: the widget loads after your page and serves optimised images.',
  'landing.about.valueArabicTitle': 'Arabic first',
  'landing.about.valueArabicBody': 'Designed right to left from day one, and just as good in English.',
  'landing.about.valueHonestTitle': 'Honest',
  'landing.about.valueHonestBody': 'Clear prices, a free trial and a money-back guarantee. No hidden fees.',
  'landing.about.ownershipTitle': 'Who is behind Lamha',
  'landing.about.teamBody': 'The team that builds Lamha runs it and answers your messages.',
  'landing.about.operatedBy':
    'Lamha is operated by {name}. The team that builds it runs it and answers your messages.',
  'landing.about.companyTitle': 'The company',
  'landing.about.legalName': 'Legal name',
  'landing.about.crLabel': 'Commercial registration',
  'landing.about.vatLabel': 'VAT registration number',
  'landing.about.ctaTitle': 'See Lamha on your own store',
  'landing.about.ctaBody': 'Start a {trialDays}-day free trial. No card needed.',

  // Support page
  'landing.supportPage.lead':
    'We are here to help you get the most out of Lamha, from the first setup to every refresh.',
  'landing.supportPage.contactTitle': 'Contact us',
  'landing.supportPage.emailLabel': 'Support e-mail',
  'landing.supportPage.chatLabel': 'Chat on WhatsApp',
  'landing.supportPage.replyTitle': 'Reply time',
  'landing.supportPage.replyBody': 'We aim to answer every message within {replyHours} business hours.',
  'landing.supportPage.tipsTitle': 'Help us help you faster',
  'landing.supportPage.tipsBody': 'When you write to us, please include:',
  'landing.supportPage.tipStore': 'Your store address',
  'landing.supportPage.tipUsername': 'The Instagram username you connected',
  'landing.supportPage.tipScreenshot': 'A screenshot of what you see',
  'landing.supportPage.faqTitle': 'Looking for a quick answer?',
  'landing.supportPage.faqBody':
    'Most questions about setup, refresh times and billing are answered in our FAQ.',

  // Terms page
  'landing.terms.lead':
    'These terms and this policy explain the rules for using Lamha and how we handle your data. Please read them before you sign up.',
  'landing.terms.lastUpdated': 'Last updated: {date}',
  'landing.terms.operator': 'Lamha is provided by {name}{details}.',
  'landing.terms.tocLabel': 'On this page',
  'landing.terms.tosTitle': 'Terms of Service',
  'landing.terms.privacyTitle': 'Privacy Policy',
  'landing.terms.tos1Title': 'Accepting these terms',
  'landing.terms.tos1Body':
    'By creating an account or using Lamha, you accept these terms for yourself and for the store you represent. If you do not accept them, please do not use the service.',
  'landing.terms.tos2Title': 'The service',
  'landing.terms.tos2Body':
    'Lamha shows content from an Instagram account that you name (posts, highlights and profile details) as a widget on your online store, and refreshes it on a schedule that depends on your plan.',
  'landing.terms.tos3Title': 'Your account',
  'landing.terms.tos3Body':
    'You must be at least 13 years old to use Lamha. You are responsible for the e-mail address you sign in with and for all activity under your account.',
  'landing.terms.tos4Title': 'Plans, trial and payment',
  'landing.terms.tos4Body':
    "New accounts get a {trialDays}-day free trial without a card. Paid plans are paid monthly or yearly in advance, in Saudi riyals with 15% VAT included, by mada, card, Apple Pay or STC Pay on our payment provider Moyasar's secure page, and each payment comes with a simplified tax invoice. Nothing renews by itself: we e-mail you a payment link 7 days and 1 day before your period ends. When a trial or paid period ends unpaid, the widget keeps showing for 3 days and then stops showing on your store until you pay; your settings and content are kept. Subscriptions made through Salla or Zid are billed and managed by that platform.",
  'landing.terms.tos5Title': 'Cancellation and refunds',
  'landing.terms.tos5Body':
    'You can cancel at any time by not paying for the next period; your plan stays active until the end of the period you paid for, and a move to a cheaper plan starts then too. If you are not satisfied, ask our support for a full refund within {days} days of your first payment; the refund ends the paid period.',
  'landing.terms.tos6Title': 'Acceptable use',
  'landing.terms.tos6Body':
    'Connect only accounts you own or are allowed to display. Do not use Lamha to show unlawful, misleading or infringing content, and do not try to disrupt, overload or reverse-engineer the service.',
  'landing.terms.tos7Title': 'Content and intellectual property',
  'landing.terms.tos7Body':
    'Your content stays yours. You give us the limited right to copy, store and display it only to run your widget. Lamha’s software, design and brand remain ours.',
  'landing.terms.tos8Title': 'Availability and liability',
  'landing.terms.tos8Body':
    'We work to keep Lamha available at all times, but it depends on third parties such as Instagram and your store platform and is provided “as is”. As far as the law allows, our liability is limited to the fees you paid in the previous three months.',
  'landing.terms.tos9Title': 'Changes and termination',
  'landing.terms.tos9Body':
    'We may update these terms and will tell you about important changes by e-mail or in your dashboard. We may suspend accounts that break them. Questions: {email}.',
  'landing.terms.privacy1Title': 'Information we collect',
  'landing.terms.privacy1Body':
    'Your e-mail address, your store address and platform, the Instagram username you connect, your widget settings, and the public content of that account (posts, highlights and profile details).',
  'landing.terms.privacy2Title': 'How we use it',
  'landing.terms.privacy2Body':
    'To sign you in, run and refresh your widget, answer your support requests, and tell you about your account and subscription. We do not use it for advertising.',
  'landing.terms.privacy3Title': 'Sharing',
  'landing.terms.privacy3Body':
    'We never sell your data. We share it only with providers that help us run Lamha (such as hosting and e-mail), with Salla or Zid when you install through them, or when the law requires it.',
  'landing.terms.privacy4Title': 'Cookies and local storage',
  'landing.terms.privacy4Body':
    'We use a secure cookie to keep you signed in and your browser’s storage to remember your language. We do not use the widget to track the visitors of your store.',
  'landing.terms.privacy5Title': 'Retention and security',
  'landing.terms.privacy5Body':
    'Data is encrypted in transit and only the staff who need it can access it. We keep your data while your account is open and delete it within 30 days after you ask us to close it.',
  'landing.terms.privacy6Title': 'Your rights',
  'landing.terms.privacy6Body':
    'You can ask to see, correct, export or delete your data at any time by writing to {email}.',
  'landing.terms.privacy7Title': 'Children',
  'landing.terms.privacy7Body':
    'Lamha is a service for businesses and is not meant for children. We do not knowingly collect data from children under 13; if we learn that we have, we delete it.',
  'landing.terms.privacy8Title': 'Changes to this policy',
  'landing.terms.privacy8Body':
    'If we change this policy we will update the date above and tell you about important changes before they apply.',

  // FAQ page
  'landing.faq.lead': 'Quick answers about Lamha. Cannot find yours? Our support team is one message away.',
  'landing.faq.generalTitle': 'General',
  'landing.faq.technicalTitle': 'Technical',
  'landing.faq.billingTitle': 'Subscription and payment',
  'landing.faq.whatQ': 'What is Lamha?',
  'landing.faq.whatA':
    'Lamha shows your Instagram posts, story highlights and profile banner as a widget on your online store, and keeps it up to date automatically.',
  'landing.faq.storesQ': 'Which stores does it work with?',
  'landing.faq.storesA':
    'Salla, Zid, Shopify, WooCommerce or your own site: you paste one line of code from your dashboard, and where our Salla or Zid app is installed it adds the widget for you.',
  'landing.faq.passwordQ': 'Do I have to give you my Instagram password?',
  'landing.faq.passwordA':
    'No. You press Connect with Instagram and approve Lamha on Instagram’s own page, so your password stays with Instagram. The account must be a professional (business or creator) account.',
  'landing.faq.languageQ': 'Is Lamha available in English?',
  'landing.faq.languageA': 'Yes. Lamha works in Arabic and English; switch at any time from the top bar.',
  'landing.faq.refreshQ': 'How often is my content refreshed?',
  'landing.faq.refreshA':
    'Every {proHours} hours on Pro and every {basicHours} hours on Basic. You can also refresh by hand from your dashboard at any time.',
  'landing.faq.speedQ': 'Will the widget slow down my store?',
  'landing.faq.speedA':
    'No. The script loads after your page, images come in sizes made for each screen, and the widget’s styles are sealed off so they never clash with your theme.',
  'landing.faq.embedQ': 'How do I add the widget to a store outside Salla and Zid?',
  'landing.faq.embedA':
    'Copy the code from the Embed code tab of your dashboard and paste it into your site’s HTML just before the closing body tag. The widget appears near your footer.',
  'landing.faq.brandQ': 'Can I match the widget to my brand?',
  'landing.faq.brandA':
    'Yes. Choose the layout, colours, title, subtitle, spacing and what the account banner shows, with a live preview before you save.',
  'landing.faq.trialQ': 'Is there a free trial?',
  'landing.faq.trialA':
    'Yes. Every new account gets {trialDays} days free with all Pro features. No card is needed to start.',
  'landing.faq.guaranteeQ': 'How does the money-back guarantee work?',
  'landing.faq.guaranteeA':
    'If Lamha is not right for you, ask for a refund within {days} days of your first payment and we will return it in full.',
  'landing.faq.annualQ': 'How much do I save with annual billing?',
  'landing.faq.annualA':
    'Annual billing saves {percent}%: Basic is {basicAnnual} SAR a year and Pro is {proAnnual} SAR a year.',
  'landing.faq.cancelQ': 'Can I cancel at any time?',
  'landing.faq.cancelA':
    'Yes, there is no commitment and nothing renews by itself. Your plan stays active until the end of the period you paid for. On Salla and Zid you manage your subscription from the platform.',
  'landing.faq.moreTitle': 'Still have a question?',
  'landing.faq.moreBody': 'Write to us and we will answer within {replyHours} business hours.',
  'landing.faq.moreAction': 'Contact support',
} as const satisfies Record<`landing.${string}`, string>;

/** The Arabic texts of the pages above, which must translate every English key. */
export const pagesAr: Readonly<Record<keyof typeof pagesEn, string>> = {
  'landing.meta.aboutDescription':
    'تعرّف على لمحة: الرؤية والقيم والفريق خلف أداة عرض إنستغرام للمتاجر الإلكترونية.',
  'landing.meta.supportDescription':
    'احصل على المساعدة في لمحة عبر البريد الإلكتروني أو المحادثة، ونردّ عليك خلال {replyHours} ساعة عمل.',
  'landing.meta.termsDescription':
    'شروط خدمة لمحة وسياسة الخصوصية: الباقات والاسترداد والاستخدام المقبول وكيف نحمي بياناتك.',
  'landing.meta.faqDescription':
    'إجابات عن لمحة: المتاجر المدعومة ومواعيد التحديث وطريقة التثبيت والتجربة المجانية والأسعار والإلغاء.',
  'landing.about.lead':
    'تمنح لمحة المتاجر الإلكترونية نافذة على الحياة خلف العلامة التجارية: الصور والقصص واللحظات التي يشاركها التجار أصلًا على إنستغرام.',
  'landing.about.visionTitle': 'رؤيتنا',
  'landing.about.visionBody':
    'أن يبدو كل متجر إلكتروني نابضًا بالحياة كحساباته على وسائل التواصل، دون أي جهد إضافي من التاجر.',
  'landing.about.offerTitle': 'ما نقدّمه',
  'landing.about.offerBody':
    'أداة تعرض منشوراتك وقصصك المميزة وبطاقة حسابك على إنستغرام في متجرك. تتحدّث من تلقاء نفسها، وتتلوّن بألوان علامتك، وتُضاف بنقرة واحدة في سلة أو زد، أو بسطر برمجي واحد في أي متجر آخر.',
  'landing.about.valuesTitle': 'قيمنا',
  'landing.about.valueSimpleTitle': 'البساطة',
  'landing.about.valueSimpleBody': 'الإعداد يستغرق دقائق لا أيامًا، ولا يحتاج إلى مبرمج.',
  'landing.about.valueFastTitle': 'السرعة',
  'landing.about.valueFastBody': 'يبقى متجرك سريعًا: الودجت تُحمَّل بعد صفحتك وتقدّم صورًا بأحجام محسّنة.',
  'landing.about.valueArabicTitle': 'العربية أولًا',
  'landing.about.valueArabicBody':
    'صُمّمت من اليمين إلى اليسار منذ اليوم الأول، وتعمل بالإنجليزية بالجودة نفسها.',
  'landing.about.valueHonestTitle': 'الوضوح',
  'landing.about.valueHonestBody': 'أسعار معلنة وتجربة مجانية وضمان استرداد، دون أي رسوم خفية.',
  'landing.about.ownershipTitle': 'من يقف خلف لمحة',
  'landing.about.teamBody': 'الفريق الذي يبني لمحة هو من يشغّلها ويردّ على رسائلك.',
  'landing.about.operatedBy': 'تشغّل لمحة {name}، والفريق الذي يبنيها هو من يشغّلها ويردّ على رسائلك.',
  'landing.about.companyTitle': 'الشركة',
  'landing.about.legalName': 'الاسم القانوني',
  'landing.about.crLabel': 'السجل التجاري',
  'landing.about.vatLabel': 'الرقم الضريبي',
  'landing.about.ctaTitle': 'شاهد لمحة في متجرك',
  'landing.about.ctaBody': 'ابدأ تجربة مجانية لمدة {trialDays} يومًا، دون الحاجة إلى بطاقة.',

  'landing.supportPage.lead':
    'نحن هنا لنساعدك على الاستفادة من لمحة إلى أقصى حد، من الإعداد الأول إلى كل تحديث.',
  'landing.supportPage.contactTitle': 'تواصل معنا',
  'landing.supportPage.emailLabel': 'بريد الدعم',
  'landing.supportPage.chatLabel': 'المحادثة عبر واتساب',
  'landing.supportPage.replyTitle': 'مدة الرد',
  'landing.supportPage.replyBody': 'نحرص على الرد على كل رسالة خلال {replyHours} ساعة عمل.',
  'landing.supportPage.tipsTitle': 'لنساعدك بشكل أسرع',
  'landing.supportPage.tipsBody': 'عند مراسلتنا، يُرجى إرفاق ما يلي:',
  'landing.supportPage.tipStore': 'رابط متجرك',
  'landing.supportPage.tipUsername': 'اسم مستخدم إنستغرام الذي ربطته',
  'landing.supportPage.tipScreenshot': 'لقطة شاشة لما يظهر لديك',
  'landing.supportPage.faqTitle': 'تبحث عن إجابة سريعة؟',
  'landing.supportPage.faqBody':
    'تجد إجابات أغلب الأسئلة عن الإعداد ومواعيد التحديث والفوترة في صفحة الأسئلة الشائعة.',

  'landing.terms.lead':
    'توضّح هذه الشروط والسياسة قواعد استخدام لمحة وكيفية تعاملنا مع بياناتك. يُرجى قراءتها قبل التسجيل.',
  'landing.terms.lastUpdated': 'آخر تحديث: {date}',
  'landing.terms.operator': 'تقدّم خدمة لمحة {name}{details}.',
  'landing.terms.tocLabel': 'في هذه الصفحة',
  'landing.terms.tosTitle': 'شروط الخدمة',
  'landing.terms.privacyTitle': 'سياسة الخصوصية',
  'landing.terms.tos1Title': 'القبول بالشروط',
  'landing.terms.tos1Body':
    'بإنشاء حساب في لمحة أو استخدامها، فإنك تقبل هذه الشروط بالأصالة عن نفسك وعن المتجر الذي تمثّله. وإن لم تقبلها، فيُرجى عدم استخدام الخدمة.',
  'landing.terms.tos2Title': 'الخدمة',
  'landing.terms.tos2Body':
    'تعرض لمحة محتوى حساب إنستغرام تحدّده أنت (المنشورات والقصص المميزة وبيانات الحساب) في صورة أداة داخل متجرك الإلكتروني، وتحدّثه وفق جدول زمني يعتمد على باقتك.',
  'landing.terms.tos3Title': 'حسابك',
  'landing.terms.tos3Body':
    'يجب ألا يقل عمرك عن 13 عامًا لاستخدام لمحة. وأنت مسؤول عن البريد الإلكتروني الذي تسجّل به الدخول وعن كل نشاط يجري من خلال حسابك.',
  'landing.terms.tos4Title': 'الباقات والتجربة والدفع',
  'landing.terms.tos4Body':
    'يحصل كل حساب جديد على تجربة مجانية لمدة {trialDays} يومًا دون بطاقة. وتُدفع الباقات المدفوعة مقدّمًا شهريًا أو سنويًا بالريال السعودي شاملةً ضريبة القيمة المضافة 15%، عبر مدى أو البطاقة أو Apple Pay أو STC Pay في صفحة الدفع الآمنة لمزوّد الدفع ميسّر، وتصدر مع كل دفعة فاتورة ضريبية مبسطة. لا شيء يتجدد تلقائيًا: نرسل لك رابط الدفع بالبريد قبل انتهاء فترتك بـ 7 أيام وبيوم واحد. وعند انتهاء الفترة التجريبية أو المدفوعة دون دفع تبقى الودجت ظاهرة 3 أيام ثم تتوقف عن الظهور في متجرك حتى الدفع، مع حفظ إعداداتك ومحتواك. أما الاشتراكات التي تتم عبر سلة أو زد فتتولّى المنصة فوترتها وإدارتها.',
  'landing.terms.tos5Title': 'الإلغاء واسترداد المبلغ',
  'landing.terms.tos5Body':
    'يمكنك إلغاء اشتراكك في أي وقت بعدم الدفع للفترة التالية، وتبقى باقتك فعّالة حتى نهاية المدة المدفوعة، وكذلك يبدأ الانتقال إلى باقة أرخص عندها. وإن لم تكن راضيًا، فاطلب من الدعم استرداد المبلغ كاملًا خلال {days} أيام من أول دفعة؛ وينهي الاسترداد الفترة المدفوعة.',
  'landing.terms.tos6Title': 'الاستخدام المقبول',
  'landing.terms.tos6Body':
    'لا تربط إلا الحسابات التي تملكها أو المصرَّح لك بعرضها، ولا تستخدم لمحة لعرض محتوى مخالف للأنظمة أو مضلِّل أو منتهِك لحقوق الغير، ولا تحاول تعطيل الخدمة أو إثقالها أو إجراء هندسة عكسية لها.',
  'landing.terms.tos7Title': 'المحتوى والملكية الفكرية',
  'landing.terms.tos7Body':
    'يبقى محتواك ملكًا لك، وتمنحنا حقًا محدودًا لنسخه وتخزينه وعرضه لغرض تشغيل أداتك فقط. أما برمجيات لمحة وتصميمها وعلامتها التجارية فتبقى ملكًا لنا.',
  'landing.terms.tos8Title': 'التوافر وحدود المسؤولية',
  'landing.terms.tos8Body':
    'نعمل على إبقاء لمحة متاحة في كل وقت، غير أنها تعتمد على أطراف أخرى مثل إنستغرام ومنصة متجرك، وتُقدَّم "كما هي". وفي الحدود التي يسمح بها النظام، تقتصر مسؤوليتنا على الرسوم التي دفعتها خلال الأشهر الثلاثة السابقة.',
  'landing.terms.tos9Title': 'التعديلات وإنهاء الخدمة',
  'landing.terms.tos9Body':
    'قد نحدّث هذه الشروط، وسنُبلغك بالتغييرات المهمة عبر البريد الإلكتروني أو في لوحة التحكم. ويحق لنا إيقاف الحسابات التي تخالفها. للاستفسارات: {email}.',
  'landing.terms.privacy1Title': 'المعلومات التي نجمعها',
  'landing.terms.privacy1Body':
    'بريدك الإلكتروني، ورابط متجرك ومنصته، واسم مستخدم إنستغرام الذي تربطه، وإعدادات أداتك، والمحتوى العام لذلك الحساب (المنشورات والقصص المميزة وبيانات الحساب).',
  'landing.terms.privacy2Title': 'كيف نستخدمها',
  'landing.terms.privacy2Body':
    'لتسجيل دخولك، وتشغيل أداتك وتحديثها، والرد على طلبات الدعم، وإبلاغك بما يخص حسابك واشتراكك. ولا نستخدمها لأغراض إعلانية.',
  'landing.terms.privacy3Title': 'مشاركة المعلومات',
  'landing.terms.privacy3Body':
    'لا نبيع بياناتك أبدًا، ولا نشاركها إلا مع مزوّدي الخدمات الذين يساعدوننا في تشغيل لمحة (كالاستضافة والبريد الإلكتروني)، أو مع سلة أو زد عند التثبيت من خلالهما، أو عندما يُلزمنا النظام بذلك.',
  'landing.terms.privacy4Title': 'ملفات تعريف الارتباط والتخزين المحلي',
  'landing.terms.privacy4Body':
    'نستخدم ملف تعريف ارتباط آمنًا لإبقائك مسجَّل الدخول، والتخزين المحلي في متصفحك لتذكّر لغتك. ولا نستخدم الودجت لتتبّع زوار متجرك.',
  'landing.terms.privacy5Title': 'الحفظ والأمان',
  'landing.terms.privacy5Body':
    'تُشفَّر البيانات أثناء نقلها، ولا يصل إليها إلا الموظفون الذين يحتاجونها. ونحتفظ ببياناتك ما دام حسابك قائمًا، ونحذفها خلال 30 يومًا من طلبك إغلاقه.',
  'landing.terms.privacy6Title': 'حقوقك',
  'landing.terms.privacy6Body':
    'يمكنك في أي وقت طلب الاطلاع على بياناتك أو تصحيحها أو تصديرها أو حذفها بمراسلتنا على {email}.',
  'landing.terms.privacy7Title': 'خصوصية الأطفال',
  'landing.terms.privacy7Body':
    'لمحة خدمة موجّهة إلى الأعمال التجارية وليست مخصّصة للأطفال. ولا نجمع عن علمٍ أي بيانات من الأطفال دون سن 13 عامًا، وإن علمنا بذلك حذفناها.',
  'landing.terms.privacy8Title': 'التعديلات على هذه السياسة',
  'landing.terms.privacy8Body':
    'إذا عدّلنا هذه السياسة فسنحدّث التاريخ أعلاه، ونُبلغك بالتغييرات المهمة قبل سريانها.',

  'landing.faq.lead': 'إجابات سريعة عن لمحة. لم تجد ما تبحث عنه؟ فريق الدعم على بُعد رسالة واحدة.',
  'landing.faq.generalTitle': 'أسئلة عامة',
  'landing.faq.technicalTitle': 'أسئلة تقنية',
  'landing.faq.billingTitle': 'الاشتراك والدفع',
  'landing.faq.whatQ': 'ما هي لمحة؟',
  'landing.faq.whatA':
    'لمحة أداة تعرض منشوراتك وقصصك المميزة وبطاقة حسابك على إنستغرام داخل متجرك الإلكتروني، وتبقيها محدّثة تلقائيًا.',
  'landing.faq.storesQ': 'مع أي المتاجر تعمل لمحة؟',
  'landing.faq.storesA':
    'سلة وزد وشوبيفاي وووكومرس وموقعك الخاص: تلصق سطر كود واحدًا من لوحة التحكم، وحيث يُثبَّت تطبيقنا على سلة أو زد يضيف الودجت عنك.',
  'landing.faq.passwordQ': 'هل عليّ مشاركة كلمة مرور إنستغرام؟',
  'landing.faq.passwordA':
    'لا، تضغط «ربط حساب إنستغرام» وتوافق على لمحة في صفحة إنستغرام نفسها، فتبقى كلمة مرورك لدى إنستغرام. ويجب أن يكون الحساب احترافيًا (حساب أعمال أو صانع محتوى).',
  'landing.faq.languageQ': 'هل تتوفّر لمحة باللغة الإنجليزية؟',
  'landing.faq.languageA':
    'نعم، تعمل لمحة بالعربية والإنجليزية، ويمكنك التبديل بينهما في أي وقت من الشريط العلوي.',
  'landing.faq.refreshQ': 'كم مرة يُحدَّث المحتوى؟',
  'landing.faq.refreshA':
    'كل {proHours} ساعات في الباقة الاحترافية، وكل {basicHours} ساعات في الباقة الأساسية. ويمكنك أيضًا التحديث يدويًا من لوحة التحكم في أي وقت.',
  'landing.faq.speedQ': 'هل تُبطئ الودجت متجري؟',
  'landing.faq.speedA':
    'لا، فالسكربت يُحمَّل بعد صفحتك، والصور تصل بأحجام تناسب كل شاشة، وتنسيقات الودجت معزولة فلا تتعارض مع قالب متجرك.',
  'landing.faq.embedQ': 'كيف أضيف الودجت إلى متجر خارج سلة وزد؟',
  'landing.faq.embedA':
    'انسخ الكود من تبويب «كود التضمين» في لوحة التحكم، والصقها في كود HTML لموقعك قبل وسم إغلاق body مباشرة، وستظهر الودجت قرب تذييل الصفحة.',
  'landing.faq.brandQ': 'هل يمكنني مطابقة الودجت مع هوية متجري؟',
  'landing.faq.brandA':
    'نعم، اختر التخطيط والألوان والعنوان والعنوان الفرعي والمسافات وما تعرضه بطاقة الحساب، مع معاينة حيّة قبل الحفظ.',
  'landing.faq.trialQ': 'هل توجد تجربة مجانية؟',
  'landing.faq.trialA':
    'نعم، يحصل كل حساب جديد على {trialDays} يومًا مجانًا بجميع مزايا الباقة الاحترافية، دون الحاجة إلى بطاقة للبدء.',
  'landing.faq.guaranteeQ': 'كيف يعمل ضمان استرداد المبلغ؟',
  'landing.faq.guaranteeA':
    'إن لم تناسبك لمحة، فاطلب استرداد المبلغ خلال {days} أيام من أول دفعة، وسنُعيده إليك كاملًا.',
  'landing.faq.annualQ': 'كم أوفّر مع الاشتراك السنوي؟',
  'landing.faq.annualA':
    'يوفّر الاشتراك السنوي {percent}%: الباقة الأساسية بـ{basicAnnual} ر.س سنويًا، والاحترافية بـ{proAnnual} ر.س سنويًا.',
  'landing.faq.cancelQ': 'هل يمكنني الإلغاء في أي وقت؟',
  'landing.faq.cancelA':
    'نعم، دون أي التزام ودون تجديد تلقائي، وتبقى باقتك فعّالة حتى نهاية المدة المدفوعة. وفي سلة وزد تدير اشتراكك من المنصة نفسها.',
  'landing.faq.moreTitle': 'ما زال لديك سؤال؟',
  'landing.faq.moreBody': 'راسلنا وسنجيبك خلال {replyHours} ساعة عمل.',
  'landing.faq.moreAction': 'تواصل مع الدعم',
};
