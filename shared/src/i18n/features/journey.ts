/**
 * The merchant's journey in the dashboard (issue 18): the first-run steps, the embed tab's platforms and
 * installation check, the store card, the per-language widget titles. Loaded with the dashboard.
 */
export const journeyDashboardEn = {
  'dashboard.onboarding.title': 'Set up your widget',
  'dashboard.onboarding.progress': 'Step {step} of {total}',
  'dashboard.onboarding.stepsLabel': 'Setup steps',
  'dashboard.onboarding.step.store': 'Your store',
  'dashboard.onboarding.step.connect': 'Instagram',
  'dashboard.onboarding.step.ready': 'Your feed',
  'dashboard.onboarding.step.style': 'Style',
  'dashboard.onboarding.step.install': 'Install',
  'dashboard.onboarding.skipped': 'skipped',
  'dashboard.onboarding.doneMark': 'done',
  'dashboard.onboarding.skip': 'Skip for now',
  'dashboard.onboarding.back': 'Back',
  'dashboard.onboarding.next': 'Next',
  'dashboard.onboarding.finish': 'Finish',
  'dashboard.onboarding.dismiss': 'Hide the setup',
  'dashboard.onboarding.resume': 'Continue setting up ({done} of {total} done)',
  'dashboard.onboarding.storeIntro': 'What is your store called, and where do shoppers find it?',
  'dashboard.onboarding.connectIntro':
    'Connect your Instagram professional account to show posts, stories and highlights. You can also name a public professional account instead (posts only).',
  'dashboard.onboarding.usernameLabel': 'Or an Instagram username',
  'dashboard.onboarding.useUsername': 'Use this account',
  'dashboard.onboarding.readyTitle': 'Your feed is ready',
  'dashboard.onboarding.readyIntro': 'This is how your widget will look in your store, with your own posts.',
  'dashboard.onboarding.preparing': 'We are fetching your posts. This takes a moment…',
  'dashboard.onboarding.notConnectedYet': 'Connect Instagram first to see your feed here.',
  'dashboard.onboarding.styleIntro':
    'Pick the colours and the layout. You can change everything later in Settings.',
  'dashboard.onboarding.stylePrimary': 'Text and buttons',
  'dashboard.onboarding.styleBackground': 'Background',
  'dashboard.onboarding.installIntro': 'Add the widget to your store, then check that it shows.',
  'dashboard.onboarding.openEmbed': 'Open the installation guide',
  'dashboard.onboarding.finished': 'All set! Your widget is ready.',

  'dashboard.store.title': 'Your store',
  'dashboard.store.nameLabel': 'Store name',
  'dashboard.store.urlLabel': 'Store address',
  'dashboard.store.urlPlaceholder': 'mystore.com',
  'dashboard.store.urlHint': 'The address shoppers open, for example mystore.com or salla.sa/mystore.',
  'dashboard.store.nameRequired': 'Please enter the store name.',
  'dashboard.store.urlInvalid': 'Please enter a web address like mystore.com.',
  'dashboard.store.save': 'Save',
  'dashboard.store.saved': 'Store details saved.',
  'dashboard.store.edit': 'Edit store',
  'dashboard.store.noName': 'Not set yet',

  'dashboard.install.title': 'Installation check',
  'dashboard.install.installedOn': 'Installed on {origin}',
  'dashboard.install.lastSeen': 'last seen {ago}',
  'dashboard.install.notSeen': 'Not seen yet',
  'dashboard.install.notSeenHint':
    'We note each store page that loads your widget. Open a page of your store after adding the code, then check again.',
  'dashboard.install.checkAgain': 'Check again',
  'dashboard.install.checking': 'Checking…',
  'dashboard.install.justNow': 'just now',
  'dashboard.install.platformsLabel': 'Your store platform',
  'dashboard.install.platform.salla': 'Salla',
  'dashboard.install.platform.zid': 'Zid',
  'dashboard.install.platform.shopify': 'Shopify',
  'dashboard.install.platform.wordpress': 'WordPress / WooCommerce',
  'dashboard.install.platform.other': 'Any other site',
  'dashboard.install.sallaSteps':
    'Install Lamha from the Salla app store. The widget is added automatically: within a minute you should see your Instagram feed above the footer of your store pages. Nothing to paste.',
  'dashboard.install.zidSteps':
    'Install Lamha from the Zid app market. The widget is added automatically: within a minute you should see your Instagram feed above the footer of your store pages. Nothing to paste.',
  'dashboard.install.sallaManualSteps':
    'In your Salla dashboard, open the place where your theme accepts custom code and paste this code at the end of the page, just before </body>. The widget shows above your store’s footer.',
  'dashboard.install.zidManualSteps':
    'In your Zid dashboard, open the place where your theme accepts custom code and paste this code at the end of the page, just before </body>. The widget shows above your store’s footer.',
  'dashboard.install.sallaLink': 'Install on Salla',
  'dashboard.install.zidLink': 'Install on Zid',
  'dashboard.install.shopifySteps':
    'In Shopify admin open Online Store → Themes → ⋯ → Edit code, open layout/theme.liquid, paste the code just before </body>, and save.',
  'dashboard.install.wordpressSteps':
    'Add a "Custom HTML" block where the widget should show and paste the code into it, or paste the code into your theme footer (Appearance → Theme File Editor → footer.php, before </body>) or a header-and-footer plugin.',
  'dashboard.install.otherSteps':
    'Paste the code into your site’s HTML, just before the closing </body> tag. The widget shows near your footer.',
  'dashboard.install.slotTitle': 'Choose where it shows',
  'dashboard.install.slotBody':
    'By default the widget shows above your footer. To put it somewhere else, add this element where it should appear; the widget fills it.',
  'dashboard.install.copySlot': 'Copy element',
  'dashboard.install.demoLink': 'See it on the demo store',
  'dashboard.display.placementNoteSlot':
    'The widget shows above your store’s footer. To place it elsewhere, add the placement element from the Embed tab where it should appear.',
  'dashboard.display.openEmbed': 'Open the Embed tab',
  'dashboard.display.titleTextEn': 'Title on English pages',
  'dashboard.display.subtitleTextEn': 'Subtitle on English pages',
};

export const journeyDashboardAr: Record<keyof typeof journeyDashboardEn, string> = {
  'dashboard.onboarding.title': 'جهّز الودجت',
  'dashboard.onboarding.progress': 'الخطوة {step} من {total}',
  'dashboard.onboarding.stepsLabel': 'خطوات الإعداد',
  'dashboard.onboarding.step.store': 'متجرك',
  'dashboard.onboarding.step.connect': 'إنستغرام',
  'dashboard.onboarding.step.ready': 'منشوراتك',
  'dashboard.onboarding.step.style': 'التصميم',
  'dashboard.onboarding.step.install': 'التثبيت',
  'dashboard.onboarding.skipped': 'تُخطّيت',
  'dashboard.onboarding.doneMark': 'تمّت',
  'dashboard.onboarding.skip': 'تخطَّ الآن',
  'dashboard.onboarding.back': 'السابق',
  'dashboard.onboarding.next': 'التالي',
  'dashboard.onboarding.finish': 'إنهاء',
  'dashboard.onboarding.dismiss': 'إخفاء الإعداد',
  'dashboard.onboarding.resume': 'أكمل الإعداد ({done} من {total})',
  'dashboard.onboarding.storeIntro': 'ما اسم متجرك، وأين يجده المتسوّقون؟',
  'dashboard.onboarding.connectIntro':
    'اربط حسابك الاحترافي على إنستغرام لعرض المنشورات والقصص والقصص المميزة. ويمكنك بدلًا من ذلك كتابة اسم حساب تجاري عام (المنشورات فقط).',
  'dashboard.onboarding.usernameLabel': 'أو اسم مستخدم على إنستغرام',
  'dashboard.onboarding.useUsername': 'استخدم هذا الحساب',
  'dashboard.onboarding.readyTitle': 'منشوراتك جاهزة',
  'dashboard.onboarding.readyIntro': 'هكذا سيظهر الودجت في متجرك، بمنشوراتك أنت.',
  'dashboard.onboarding.preparing': 'نجلب منشوراتك الآن، لحظات…',
  'dashboard.onboarding.notConnectedYet': 'اربط إنستغرام أولًا لترى منشوراتك هنا.',
  'dashboard.onboarding.styleIntro': 'اختر الألوان وطريقة العرض. يمكنك تغيير كل شيء لاحقًا من الإعدادات.',
  'dashboard.onboarding.stylePrimary': 'النصوص والأزرار',
  'dashboard.onboarding.styleBackground': 'الخلفية',
  'dashboard.onboarding.installIntro': 'أضف الودجت إلى متجرك، ثم تحقّق من ظهوره.',
  'dashboard.onboarding.openEmbed': 'افتح دليل التثبيت',
  'dashboard.onboarding.finished': 'تم! الودجت جاهز.',

  'dashboard.store.title': 'متجرك',
  'dashboard.store.nameLabel': 'اسم المتجر',
  'dashboard.store.urlLabel': 'عنوان المتجر',
  'dashboard.store.urlPlaceholder': 'mystore.com',
  'dashboard.store.urlHint': 'العنوان الذي يفتحه المتسوّقون، مثل mystore.com أو salla.sa/mystore.',
  'dashboard.store.nameRequired': 'يرجى كتابة اسم المتجر.',
  'dashboard.store.urlInvalid': 'يرجى كتابة عنوان موقع مثل mystore.com.',
  'dashboard.store.save': 'حفظ',
  'dashboard.store.saved': 'حُفظت بيانات المتجر.',
  'dashboard.store.edit': 'تعديل المتجر',
  'dashboard.store.noName': 'لم يُحدَّد بعد',

  'dashboard.install.title': 'التحقّق من التثبيت',
  'dashboard.install.installedOn': 'مثبّت على {origin}',
  'dashboard.install.lastSeen': 'آخر ظهور {ago}',
  'dashboard.install.notSeen': 'لم يُرصد بعد',
  'dashboard.install.notSeenHint':
    'نرصد كل صفحة من متجرك تحمّل الودجت. افتح صفحة من متجرك بعد إضافة الكود، ثم تحقّق مرة أخرى.',
  'dashboard.install.checkAgain': 'تحقّق مرة أخرى',
  'dashboard.install.checking': 'جارٍ التحقّق…',
  'dashboard.install.justNow': 'الآن',
  'dashboard.install.platformsLabel': 'منصة متجرك',
  'dashboard.install.platform.salla': 'سلة',
  'dashboard.install.platform.zid': 'زد',
  'dashboard.install.platform.shopify': 'شوبيفاي',
  'dashboard.install.platform.wordpress': 'ووردبريس / ووكومرس',
  'dashboard.install.platform.other': 'أي موقع آخر',
  'dashboard.install.sallaSteps':
    'ثبّت لمحة من متجر تطبيقات سلة، ويُضاف الودجت تلقائيًا: خلال دقيقة سترى منشورات إنستغرام فوق تذييل صفحات متجرك، دون لصق أي كود.',
  'dashboard.install.zidSteps':
    'ثبّت لمحة من سوق تطبيقات زد، ويُضاف الودجت تلقائيًا: خلال دقيقة سترى منشورات إنستغرام فوق تذييل صفحات متجرك، دون لصق أي كود.',
  'dashboard.install.sallaManualSteps':
    'في لوحة تحكم متجرك على سلة، افتح المكان الذي يقبل فيه قالبك كودًا مخصّصًا، والصق هذا الكود في آخر الصفحة قبل ‎</body>‎ مباشرة. يظهر الودجت فوق تذييل متجرك.',
  'dashboard.install.zidManualSteps':
    'في لوحة تحكم متجرك على زد، افتح المكان الذي يقبل فيه قالبك كودًا مخصّصًا، والصق هذا الكود في آخر الصفحة قبل ‎</body>‎ مباشرة. يظهر الودجت فوق تذييل متجرك.',
  'dashboard.install.sallaLink': 'التثبيت على سلة',
  'dashboard.install.zidLink': 'التثبيت على زد',
  'dashboard.install.shopifySteps':
    'من لوحة شوبيفاي افتح: المتجر الإلكتروني ← القوالب ← ⋯ ← تعديل الكود، ثم افتح الملف layout/theme.liquid والصق الكود مباشرة قبل ‎</body>‎ واحفظ.',
  'dashboard.install.wordpressSteps':
    'أضف كتلة «HTML مخصّص» حيث تريد ظهور الودجت والصق الكود فيها، أو الصقه في تذييل القالب (المظهر ← محرّر ملفات القالب ← footer.php قبل ‎</body>‎) أو عبر إضافة للترويسة والتذييل.',
  'dashboard.install.otherSteps':
    'الصق الكود في HTML موقعك مباشرة قبل وسم ‎</body>‎ الختامي، ويظهر الودجت قرب التذييل.',
  'dashboard.install.slotTitle': 'اختر مكان الظهور',
  'dashboard.install.slotBody':
    'يظهر الودجت افتراضيًا فوق تذييل متجرك. لوضعه في مكان آخر، أضف هذا العنصر حيث تريد ظهوره، وسيملؤه الودجت.',
  'dashboard.install.copySlot': 'نسخ العنصر',
  'dashboard.install.demoLink': 'شاهده في المتجر التجريبي',
  'dashboard.display.placementNoteSlot':
    'يظهر الودجت فوق تذييل متجرك. لوضعه في مكان آخر، أضف عنصر الموضع من تبويب التضمين حيث تريد ظهوره.',
  'dashboard.display.openEmbed': 'افتح تبويب التضمين',
  'dashboard.display.titleTextEn': 'العنوان في الصفحات الإنجليزية',
  'dashboard.display.subtitleTextEn': 'العنوان الفرعي في الصفحات الإنجليزية',
};
