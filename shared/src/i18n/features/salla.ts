/**
 * Messages of the salla feature, in both languages. Kept in their own file so features can grow their copy
 * side by side; merged into the catalogues by en.ts and ar.ts. Keys start with 'salla.'.
 */
export const sallaEn = {
  'salla.meta.title': 'Lamha for Salla | Your Instagram feed on your Salla store',
  'salla.meta.description':
    'Install Lamha from the Salla App Store and show your Instagram posts and highlights on your store automatically. {trialDays}-day free trial.',
  // While Lamha has no listing on the Salla App Store (SALLA_APP_URL unset), the page says what is true then.
  'salla.meta.descriptionManual':
    'Connect with Instagram and add one line of code to your Salla store: your Instagram posts and highlights show there, always up to date. {trialDays}-day free trial.',
  'salla.home': 'Lamha home',
  'salla.hero.eyebrow': 'Salla App Store',
  'salla.hero.eyebrowManual': 'For Salla stores',
  'salla.hero.subtitleManual':
    'Connect with Instagram, paste one line of code into your Salla store, and your Instagram posts and highlights show there, always up to date.',
  'salla.hero.subtitle':
    'Install Lamha from the Salla App Store and your Instagram posts and highlights appear on your store by themselves. No code, no copy and paste.',
  'salla.install': 'Install on Salla',
  'salla.installHint': 'Opens Lamha’s page on the Salla App Store',
  'salla.installHintManual': 'Shows how to add the widget to your Salla store with one line of code',
  'salla.explore': 'Explore Lamha',
  'salla.trialNote': '{trialDays}-day free trial · {moneyBackDays}-day money-back guarantee',
  'salla.steps.title': 'Install in three steps',
  'salla.steps.step': 'Step {number}',
  'salla.steps.installTitle': 'Install from the Salla App Store',
  'salla.steps.installBody':
    'Press Install on Lamha’s page in the Salla App Store and approve the permissions it asks for.',
  'salla.steps.passwordTitle': 'Set your password',
  'salla.steps.passwordBody':
    'Your Lamha account is created from your Salla store. Sign in with your store’s e-mail and choose a password.',
  'salla.steps.instagramTitle': 'Connect with Instagram',
  'salla.steps.instagramBody':
    'Press Connect with Instagram, approve Lamha on Instagram’s own page and customise the look. The widget appears on your store on its own.',
  'salla.steps.instagramBodyManual':
    'Sign in with your e-mail, press Connect with Instagram and approve Lamha on Instagram’s own page. Then pick the layout and colours.',
  'salla.steps.codeTitle': 'Add the code to your store',
  'salla.steps.codeBody':
    'Copy your code from the Embed code tab and paste it where your Salla theme accepts custom code. About two minutes.',
  'salla.benefits.title': 'Made for Salla merchants',
  'salla.benefits.autoTitle': 'Added automatically',
  'salla.benefits.autoBody': 'No theme edits: Lamha places the widget on your store for you.',
  'salla.benefits.billingTitle': 'Billing through Salla',
  'salla.benefits.billingBody': 'Subscribe to a plan and manage it from your Salla dashboard.',
  'salla.benefits.arabicTitle': 'Arabic first',
  'salla.benefits.arabicBody': 'A right-to-left widget that feels at home in Arabic stores.',
  'salla.benefits.codeTitle': 'One line of code',
  'salla.benefits.codeBody': 'Paste it once: your store shows your newest posts from then on.',
  'salla.benefits.previewTitle': 'See it before you save',
  'salla.benefits.previewBody': 'Pick the layout and colours and watch the live preview change as you go.',
  'salla.cta.title': 'Ready to bring your Instagram to your Salla store?',
  'salla.cta.body': 'Questions before you install? Write to us at',
  'salla.topBar': 'Lamha home and language',
  'salla.footer.links': 'Lamha links',
  // The page "Install on Salla/Zid" leads to while this service has no listing there (/install/:platform).
  'salla.manual.title': 'Add Lamha to your {platform} store',
  'salla.manual.lead':
    'Lamha’s {platform} app is not available from this site, so you add the widget yourself: one line of code, about two minutes.',
  'salla.manual.stepsLabel': 'How to add the widget by hand',
  'salla.manual.copyTitle': 'Copy your code',
  'salla.manual.copyBody':
    'Sign in, connect your Instagram account and open the Embed code tab of your dashboard. Copy the code shown there.',
  'salla.manual.pasteTitle': 'Paste it into your {platform} store',
  'salla.manual.pasteBody':
    'In your store’s dashboard, open the place where your theme accepts custom code and paste the code at the end of the page, just before </body>. Save.',
  'salla.manual.checkTitle': 'Check your store',
  'salla.manual.checkBody':
    'Open any page of your store: your Instagram feed shows above the footer. The Embed code tab tells you when it has seen your store load it.',
  'salla.manual.openCode': 'Open my embed code',
  'salla.manual.help': 'Cannot find where to paste it? Write to us and we will help:',
} as const satisfies Record<`salla.${string}`, string>;

export const sallaAr: Readonly<Record<keyof typeof sallaEn, string>> = {
  'salla.meta.title': 'لمحة لسلة | منشورات إنستغرام في متجرك على سلة',
  'salla.meta.description':
    'ثبّت لمحة من متجر تطبيقات سلة، واعرض منشوراتك وقصصك المميزة من إنستغرام في متجرك تلقائيًا. تجربة مجانية لمدة {trialDays} يومًا.',
  'salla.meta.descriptionManual':
    'اربط حساب إنستغرام وأضف سطر كود واحدًا إلى متجرك على سلة، فتظهر فيه منشوراتك وقصصك المميزة محدّثة دائمًا. تجربة مجانية لمدة {trialDays} يومًا.',
  'salla.home': 'الصفحة الرئيسية للمحة',
  'salla.hero.eyebrow': 'متجر تطبيقات سلة',
  'salla.hero.eyebrowManual': 'لمتاجر سلة',
  'salla.hero.subtitle':
    'ثبّت لمحة من متجر تطبيقات سلة، وستظهر منشوراتك وقصصك المميزة من إنستغرام في متجرك من تلقاء نفسها، دون كود ودون نسخ ولصق.',
  'salla.hero.subtitleManual':
    'اربط حساب إنستغرام، والصق سطر كود واحدًا في متجرك على سلة، فتظهر فيه منشوراتك وقصصك المميزة من إنستغرام محدّثة دائمًا.',
  'salla.install': 'ثبّت لمحة على سلة',
  'salla.installHint': 'ينقلك إلى صفحة لمحة في متجر تطبيقات سلة',
  'salla.installHintManual': 'يشرح لك كيف تضيف الودجت إلى متجرك على سلة بسطر كود واحد',
  'salla.explore': 'تعرّف على لمحة',
  'salla.trialNote': 'تجربة مجانية لمدة {trialDays} يومًا · ضمان استرداد خلال {moneyBackDays} أيام',
  'salla.steps.title': 'التثبيت في ثلاث خطوات',
  'salla.steps.step': 'الخطوة {number}',
  'salla.steps.installTitle': 'ثبّت التطبيق من متجر سلة',
  'salla.steps.installBody':
    'اضغط "تثبيت" في صفحة لمحة داخل متجر تطبيقات سلة، ثم وافق على الصلاحيات المطلوبة.',
  'salla.steps.passwordTitle': 'عيّن كلمة المرور',
  'salla.steps.passwordBody':
    'يُنشأ حسابك في لمحة من بيانات متجرك على سلة. سجّل الدخول ببريد متجرك واختر كلمة مرور.',
  'salla.steps.instagramTitle': 'اربط حساب إنستغرام',
  'salla.steps.instagramBody':
    'اضغط «ربط حساب إنستغرام» ووافق على لمحة في صفحة إنستغرام نفسها، ثم خصّص المظهر، وستظهر الودجت في متجرك من تلقاء نفسها.',
  'salla.steps.instagramBodyManual':
    'سجّل الدخول ببريدك، واضغط «ربط حساب إنستغرام» ووافق على لمحة في صفحة إنستغرام نفسها، ثم اختر التخطيط والألوان.',
  'salla.steps.codeTitle': 'أضف الكود إلى متجرك',
  'salla.steps.codeBody':
    'انسخ الكود من تبويب «كود التضمين» والصقه في المكان الذي يقبل فيه قالب متجرك على سلة كودًا مخصّصًا. دقيقتان تقريبًا.',
  'salla.benefits.title': 'صُمّمت لتجار سلة',
  'salla.benefits.autoTitle': 'إضافة تلقائية',
  'salla.benefits.autoBody': 'لا حاجة إلى تعديل القالب، فلمحة تضع الودجت في متجرك بنفسها.',
  'salla.benefits.billingTitle': 'الفوترة عبر سلة',
  'salla.benefits.billingBody': 'اشترك في الباقة التي تناسبك وأدِرها من لوحة تحكم متجرك في سلة.',
  'salla.benefits.arabicTitle': 'العربية أولًا',
  'salla.benefits.arabicBody': 'ودجت مصمّمة من اليمين إلى اليسار تنسجم مع المتاجر العربية.',
  'salla.benefits.codeTitle': 'سطر كود واحد',
  'salla.benefits.codeBody': 'تلصقه مرة واحدة، ويعرض متجرك أحدث منشوراتك من بعدها.',
  'salla.benefits.previewTitle': 'شاهدها قبل الحفظ',
  'salla.benefits.previewBody': 'اختر التخطيط والألوان، وشاهد المعاينة الحيّة تتغيّر مع كل تعديل.',
  'salla.cta.title': 'جاهز لتعرض إنستغرام في متجرك على سلة؟',
  'salla.cta.body': 'لديك سؤال قبل التثبيت؟ راسلنا على',
  'salla.topBar': 'الصفحة الرئيسية للمحة واللغة',
  'salla.footer.links': 'روابط لمحة',
  'salla.manual.title': 'أضف لمحة إلى متجرك على {platform}',
  'salla.manual.lead':
    'تطبيق لمحة على {platform} غير متاح من هذا الموقع، لذا تضيف الودجت بنفسك: سطر كود واحد في دقيقتين تقريبًا.',
  'salla.manual.stepsLabel': 'كيف تضيف الودجت يدويًا',
  'salla.manual.copyTitle': 'انسخ الكود الخاص بك',
  'salla.manual.copyBody':
    'سجّل الدخول واربط حساب إنستغرام، ثم افتح تبويب «كود التضمين» في لوحة التحكم وانسخ الكود الظاهر فيه.',
  'salla.manual.pasteTitle': 'الصقه في متجرك على {platform}',
  'salla.manual.pasteBody':
    'في لوحة تحكم متجرك، افتح المكان الذي يقبل فيه قالبك كودًا مخصّصًا، والصق الكود في آخر الصفحة قبل ‎</body>‎ مباشرة، ثم احفظ.',
  'salla.manual.checkTitle': 'تحقّق من متجرك',
  'salla.manual.checkBody':
    'افتح أي صفحة في متجرك: تظهر منشوراتك فوق تذييل الصفحة. ويخبرك تبويب «كود التضمين» حين يرى متجرك يحمّلها.',
  'salla.manual.openCode': 'افتح كود التضمين',
  'salla.manual.help': 'لم تجد مكان اللصق؟ راسلنا وسنساعدك:',
};
