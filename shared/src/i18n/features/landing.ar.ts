import type { landingEn } from './landing.js';

/** The Arabic texts of the landing feature (see landing.ts, whose English keys they must all translate). */
export const landingAr: Readonly<Record<keyof typeof landingEn, string>> = {
  'landing.meta.titleTemplate': '{page} | لمحة',
  'landing.meta.homeTitle': 'لمحة | منشورات إنستغرام في متجرك الإلكتروني',
  'landing.meta.homeDescription':
    'اعرض منشوراتك وقصصك المميزة من إنستغرام في متجرك على سلة أو زد أو أي منصة أخرى. تحديث تلقائي وتخصيص كامل، وتجربة مجانية لمدة {trialDays} يومًا دون بطاقة.',
  'landing.meta.aboutDescription':
    'تعرّف على لمحة: الرؤية والقيم والفريق خلف أداة عرض إنستغرام للمتاجر الإلكترونية.',
  'landing.meta.supportDescription':
    'احصل على المساعدة في لمحة عبر البريد الإلكتروني أو المحادثة، ونردّ عليك خلال {replyHours} ساعة عمل.',
  'landing.meta.termsDescription':
    'شروط خدمة لمحة وسياسة الخصوصية: الباقات والاسترداد والاستخدام المقبول وكيف نحمي بياناتك.',
  'landing.meta.faqDescription':
    'إجابات عن لمحة: المتاجر المدعومة ومواعيد التحديث وطريقة التثبيت والتجربة المجانية والأسعار والإلغاء.',

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
