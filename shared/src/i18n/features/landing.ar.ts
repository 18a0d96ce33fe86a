import type { landingEn } from './landing.js';

/** The Arabic texts of the landing feature (see landing.ts, whose English keys they must all translate). */
export const landingAr: Readonly<Record<keyof typeof landingEn, string>> = {
  'landing.meta.titleTemplate': '{page} | لمحة',
  'landing.meta.homeTitle': 'لمحة | منشورات إنستغرام في متجرك الإلكتروني',
  'landing.meta.homeDescription':
    'اعرض منشوراتك وقصصك المميزة من إنستغرام في متجرك على سلة أو زد أو أي منصة أخرى. تحديث تلقائي وتخصيص كامل، وتجربة مجانية لمدة {trialDays} يومًا دون بطاقة.',

  'landing.common.newTab': '(يفتح في علامة تبويب جديدة)',

  'landing.hero.eyebrow': 'لمتاجر سلة وزد وكل متجر إلكتروني',
  'landing.hero.subtitle':
    'تحوّل لمحة حسابك على إنستغرام إلى معرض حيّ في متجرك: منشوراتك وقصصك المميزة وبطاقة حسابك، تتحدّث تلقائيًا ليرى عملاؤك جديدك دائمًا.',
  'landing.hero.primaryCta': 'ابدأ تجربتك المجانية',
  'landing.hero.secondaryCta': 'اطّلع على الأسعار',
  'landing.hero.trialDays': '{trialDays} يومًا مجانًا',
  'landing.hero.noCard': 'دون بطاقة ائتمانية',
  'landing.hero.cancelAnytime': 'ألغِ متى شئت',
  'landing.hero.worksWith': 'يعمل مع',
  'landing.hero.previewLabel':
    'معاينة لأداة لمحة في صفحة متجر: بطاقة الحساب والقصص المميزة وشبكة من تسعة منشورات.',
  'landing.hero.sampleStore': 'متجرك',
  'landing.hero.sampleFollowers': '12.4 ألف متابع',
  'landing.hero.sampleFollow': 'متابعة',
  'landing.hero.sampleTitle': 'من حسابنا على إنستغرام',
  'landing.hero.sampleHighlightNew': 'جديدنا',
  'landing.hero.sampleHighlightOud': 'العود',
  'landing.hero.sampleHighlightGifts': 'الهدايا',
  'landing.hero.sampleHighlightReviews': 'آراؤكم',
  'landing.hero.sampleUpdated': 'حُدّث قبل ساعتين',

  'landing.platform.salla': 'سلة',
  'landing.platform.zid': 'زد',
  'landing.platform.any': 'أي متجر إلكتروني',

  'landing.features.eyebrow': 'المميزات',
  'landing.features.title': 'كل ما يحتاجه متجرك ليعرض إنستغرام باحتراف',
  'landing.features.subtitle': 'أعدّها مرة واحدة، وتتولّى لمحة إبقاء معرض متجرك محدّثًا بينما تتفرّغ أنت للبيع.',
  'landing.features.postsTitle': 'المنشورات والقصص المميزة',
  'landing.features.postsBody': 'أحدث منشوراتك في شبكة أنيقة، وقصصك المميزة في شريط يتصفّحه عملاؤك بلمسة.',
  'landing.features.refreshTitle': 'تحديث تلقائي',
  'landing.features.refreshBody':
    'تظهر منشوراتك الجديدة من تلقاء نفسها: كل {proHours} ساعات في الباقة الاحترافية، وكل {basicHours} ساعات في الباقة الأساسية، دون أي رفع يدوي.',
  'landing.features.bannerTitle': 'بطاقة الحساب',
  'landing.features.bannerBody': 'صورة حسابك واسمه وعدد متابعيه مع زر متابعة، ليتحوّل زوار متجرك إلى متابعين.',
  'landing.features.productsTitle': 'منتجات مرتبطة بالمنشورات',
  'landing.features.productsBody':
    'اربط حتى 5 منتجات من كتالوج سلة أو زد، أو منتجاتك الخاصة، بأي منشور: يرى المتسوقون السعر وزر «تسوّق الآن» داخل المنشور، وعلى متاجر سلة يضيفون المنتج إلى سلة متجرك دون مغادرة الصفحة، وتُظهر لك الإحصاءات ما ينقرون عليه وما يضيفونه إلى السلة.',
  'landing.features.customiseTitle': 'تخصيص كامل',
  'landing.features.customiseBody': 'تخطيط وألوان وعناوين ومسافات تناسب هويتك، مع معاينة حيّة قبل النشر.',
  'landing.features.platformsTitle': 'يعمل على أي منصة',
  'landing.features.platformsBody': 'يُضاف تلقائيًا في سلة وزد، وبسطر برمجي واحد تلصقه في أي متجر آخر.',

  'landing.how.eyebrow': 'طريقة العمل',
  'landing.how.title': 'في متجرك خلال ثلاث خطوات',
  'landing.how.step': 'الخطوة {number}',
  'landing.how.connectTitle': 'اربط حساب إنستغرام',
  'landing.how.connectBody':
    'سجّل الدخول في صفحة إنستغرام نفسها ووافق على لمحة لحسابك الاحترافي. تبقى كلمة مرورك لدى إنستغرام، وتصل منشوراتك خلال دقائق.',
  'landing.how.customiseTitle': 'خصّص المظهر',
  'landing.how.customiseBody': 'اختر التخطيط والألوان، وشاهد المعاينة الحيّة تتغيّر مع كل تعديل.',
  'landing.how.addTitle': 'أضِفها إلى متجرك',
  'landing.how.addBody': 'في سلة وزد تُضاف تلقائيًا، وفي أي متجر آخر يكفي أن تلصق سطرًا برمجيًا واحدًا.',

  'landing.guarantee.eyebrow': 'ضماننا لك',
  'landing.guarantee.title': 'ضمان استرداد المبلغ خلال {days} أيام',
  'landing.guarantee.body':
    'ابدأ بتجربة مجانية لمدة {trialDays} يومًا دون بطاقة. وبعد اشتراكك يبقى أمامك {days} أيام لتقرّر: إن لم تناسب لمحة متجرك، نُعِد إليك المبلغ كاملًا.',
  'landing.guarantee.noCommitment': 'دون أي التزام',
  'landing.guarantee.cancelAnytime': 'ألغِ في أي وقت',
  'landing.guarantee.fullRefund': 'استرداد كامل خلال {days} أيام',

  'landing.pricing.eyebrow': 'الأسعار',
  'landing.pricing.title': 'أسعار واضحة دون مفاجآت',
  'landing.pricing.subtitle': 'تبدأ كل باقة بتجربة مجانية لمدة {trialDays} يومًا، دون الحاجة إلى بطاقة.',
  'landing.pricing.billingLabel': 'مدة الاشتراك',
  'landing.pricing.monthly': 'شهري',
  'landing.pricing.annual': 'سنوي',
  'landing.pricing.save': 'وفّر {percent}%',
  'landing.pricing.currency': 'ر.س',
  'landing.pricing.perMonth': 'شهريًا',
  'landing.pricing.perYear': 'سنويًا',
  'landing.pricing.monthlyNote': 'يُدفع شهريًا دون تجديد تلقائي، ويمكنك الإلغاء متى شئت.',
  'landing.pricing.annualNote': 'يُدفع سنويًا بدلًا من {full} ر.س.',
  'landing.pricing.vatIncluded': 'الأسعار شاملة ضريبة القيمة المضافة {vat}%.',
  'landing.pricing.mostPopular': 'الأكثر طلبًا',
  'landing.pricing.basicName': 'الأساسية',
  'landing.pricing.basicLabel': 'للمتاجر في بداية طريقها',
  'landing.pricing.proName': 'الاحترافية',
  'landing.pricing.proLabel': 'للعلامات التي تبيع عبر إنستغرام',
  'landing.pricing.cta': 'ابدأ التجربة المجانية',
  'landing.pricing.featuresOf': 'ما تتضمّنه الباقة {plan}',
  'landing.pricing.included': 'مشمول:',
  'landing.pricing.notIncluded': 'غير مشمول:',
  'landing.pricing.hot': 'ميزة بارزة',
  'landing.pricing.featureFeed': 'منشورات إنستغرام في متجرك',
  'landing.pricing.featurePostsAndHighlights': 'المنشورات والقصص المميزة',
  'landing.pricing.featureHighlights': 'القصص المميزة',
  'landing.pricing.featureRefresh': 'تحديث كل {hours} ساعات',
  'landing.pricing.featureLimit': 'حتى {count} منشورًا',
  'landing.pricing.featureBanner': 'بطاقة الحساب وزر المتابعة',
  'landing.pricing.featureCustomise': 'تخصيص كامل ومعاينة حيّة',
  'landing.pricing.featureEmailSupport': 'دعم عبر البريد الإلكتروني',
  'landing.pricing.featureChatSupport': 'دعم مباشر عبر المحادثة',
  'landing.pricing.featureRemoveBranding': 'إخفاء شعار لمحة',
  'landing.pricing.featureProducts': 'منتجات مرتبطة بالمنشورات مع «تسوّق الآن» و«أضف إلى السلة» في متاجر سلة',
  'landing.pricing.featureInsights': 'إحصاءات المشاهدات وفتح المنشورات والنقرات',
  'landing.pricing.platformNote':
    'في سلة وزد يتم الاشتراك والدفع من خلال منصة متجرك. وتشمل الأسعار جميع تحديثات الودجت.',

  'landing.support.eyebrow': 'الدعم',
  'landing.support.title': 'فريق حقيقي جاهز لمساعدتك',
  'landing.support.subtitle':
    'لديك سؤال عن الإعداد أو باقتك؟ تواصل معنا بالطريقة التي تناسبك، ونردّ عليك خلال {replyHours} ساعة عمل.',
  'landing.support.chatTitle': 'تحدّث معنا',
  'landing.support.chatBody': 'راسل فريقنا عبر واتساب للحصول على إجابة سريعة أثناء الإعداد.',
  'landing.support.chatAction': 'افتح واتساب',
  'landing.support.chatBodyOther': 'تحدّث مع فريقنا للحصول على إجابة سريعة أثناء الإعداد.',
  'landing.support.chatActionOther': 'افتح المحادثة',
  'landing.support.emailTitle': 'راسلنا بالبريد',
  'landing.support.emailBody': 'أرسل إلينا التفاصيل مع لقطة شاشة، ونردّ عليك خلال {replyHours} ساعة عمل.',
  'landing.support.faqTitle': 'الأسئلة الشائعة',
  'landing.support.faqBody': 'إجابات عن الإعداد ومواعيد التحديث والباقات والدفع، جاهزة متى احتجتها.',
  'landing.support.helpAction': 'تصفّح الأسئلة الشائعة',

  'landing.showcase.eyebrow': 'شاهدها كما هي',
  'landing.showcase.title': 'المنتج نفسه، لا تصميم تخيّلي',
  'landing.showcase.subtitle':
    'لقطات شاشة من لمحة أثناء عملها بمحتوى حساب تجريبي: الودجت في صفحة متجر، ولوحة التحكم التي تضبطها منها.',
  'landing.showcase.storeAlt':
    'لقطة شاشة لصفحة متجر على الجوال فيها ودجت لمحة: العنوان، وبطاقة الحساب مع زر المتابعة، والقصص المميزة، وشبكة من المنشورات.',
  'landing.showcase.storeCaption': 'في متجرك، على الجوال',
  'landing.showcase.dashboardAlt':
    'لقطة شاشة للوحة تحكم لمحة: إعدادات الودجت وخيارات التخطيط بجانب معاينة حيّة للودجت.',
  'landing.showcase.dashboardCaption': 'لوحة تحكمك: الإعدادات بجانب معاينة حيّة',
  'landing.showcase.factsLabel': 'لمحة بالأرقام',
  'landing.showcase.sizeValue': '{kb} كيلوبايت',
  'landing.showcase.sizeBody':
    'من الكود المضغوط هي كل ما تحمّله صفحة متجرك قبل ظهور منشوراتك، وعارض المنشورات يصل مع أول لمسة.',
  'landing.showcase.refreshValue': 'كل {hours} ساعات',
  'landing.showcase.refreshBody':
    'تحديث تلقائي في الباقة الاحترافية (وكل {basicHours} ساعات في الأساسية)، دون أي رفع من جديد.',
  'landing.showcase.languagesValue': 'العربية والإنجليزية',
  'landing.showcase.languagesBody': 'من اليمين إلى اليسار منذ البداية، والودجت يتحدث بلغة صفحة متجرك.',
  'landing.showcase.installValue': 'سطر كود واحد',
  'landing.showcase.installBody': 'يضيف الودجت إلى أي متجر: سلة وزد وشوبيفاي وووكومرس وموقعك الخاص.',

  'landing.cta.title': 'امنح عملاءك لمحة عن أجمل ما لديك',
  'landing.cta.body': 'جرّب لمحة مجانًا لمدة {trialDays} يومًا، دون بطاقة ودون التزام.',

  'landing.footer.chat': 'المحادثة المباشرة',
};
