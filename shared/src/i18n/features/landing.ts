/**
 * Messages of the landing feature, in both languages. Kept in their own file so features can grow their copy
 * side by side; merged into the catalogues by en.ts and ar.ts. Keys start with 'landing.'.
 *
 * Covers the marketing site: the landing page (/), the static pages (/about, /support, /terms, /faq), the
 * marketing additions to the shared footer, and every page's title and description for search engines.
 * Plan facts (prices, days, hours, limits) are placeholders filled from shared/src/plans.ts, never typed in.
 */
export const landingEn = {
  // Titles and descriptions for search engines and link previews.
  'landing.meta.titleTemplate': '{page} | Lamha',
  'landing.meta.homeTitle': 'Lamha | Your Instagram feed in your online store',
  'landing.meta.homeDescription':
    'Show your Instagram posts and highlights on your Salla, Zid or any online store. Refreshed automatically, fully customisable, free for {trialDays} days with no card.',
  'landing.meta.aboutDescription':
    'Meet Lamha: the vision, values and team behind the Instagram feed widget for online stores.',
  'landing.meta.supportDescription':
    'Get help with Lamha by e-mail or chat. We reply within {replyHours} business hours.',
  'landing.meta.termsDescription':
    'Lamha terms of service and privacy policy: plans, refunds, acceptable use and how we protect your data.',
  'landing.meta.faqDescription':
    'Answers about Lamha: supported stores, refresh times, installation, the free trial, pricing and cancellation.',

  'landing.common.newTab': '(opens in a new tab)',
  'landing.common.comingSoon': 'Coming soon',

  // Hero
  'landing.hero.eyebrow': 'For Salla, Zid and every online store',
  'landing.hero.subtitle':
    'Lamha turns your Instagram account into a living gallery on your store: posts, highlights and your profile banner, refreshed automatically so shoppers always see your latest.',
  'landing.hero.primaryCta': 'Start your free trial',
  'landing.hero.secondaryCta': 'See pricing',
  'landing.hero.trialDays': '{trialDays} days free',
  'landing.hero.noCard': 'No card needed',
  'landing.hero.cancelAnytime': 'Cancel anytime',
  'landing.hero.worksWith': 'Works with',
  'landing.hero.previewLabel':
    'Preview of the Lamha widget on a store page: an account banner, story highlights and a grid of nine posts.',
  'landing.hero.sampleStore': 'Ward & Oud',
  'landing.hero.sampleFollowers': '12.4K followers',
  'landing.hero.sampleFollow': 'Follow',
  'landing.hero.sampleTitle': 'From our Instagram',
  'landing.hero.sampleHighlightNew': 'New in',
  'landing.hero.sampleHighlightOud': 'Oud',
  'landing.hero.sampleHighlightGifts': 'Gifts',
  'landing.hero.sampleHighlightReviews': 'Reviews',
  'landing.hero.sampleUpdated': 'Updated 2 h ago',

  'landing.platform.salla': 'Salla',
  'landing.platform.zid': 'Zid',
  'landing.platform.any': 'Any online store',

  // Features
  'landing.features.eyebrow': 'Features',
  'landing.features.title': 'Everything your store needs to show off its Instagram',
  'landing.features.subtitle':
    'Set it up once. Lamha keeps your store’s gallery fresh while you focus on selling.',
  'landing.features.postsTitle': 'Posts and highlights',
  'landing.features.postsBody':
    'Your latest posts in a clean grid and your story highlights in a strip shoppers can tap through.',
  'landing.features.refreshTitle': 'Automatic refresh',
  'landing.features.refreshBody':
    'New posts appear on their own: every {proHours} hours on Pro, every {basicHours} hours on Basic. Nothing to re-upload.',
  'landing.features.bannerTitle': 'Account banner',
  'landing.features.bannerBody':
    'Your profile picture, name, follower count and a follow button, so store visitors become followers.',
  'landing.features.productsTitle': 'Products linked to posts',
  'landing.features.productsBody': 'Turn inspiration into orders by pointing a post to the product it shows.',
  'landing.features.customiseTitle': 'Full customisation',
  'landing.features.customiseBody':
    'Layout, colours, titles and spacing that match your brand, with a live preview before you publish.',
  'landing.features.platformsTitle': 'Works on any platform',
  'landing.features.platformsBody':
    'Added automatically on Salla and Zid, and with one pasted line of code on any other store.',

  // How it works
  'landing.how.eyebrow': 'How it works',
  'landing.how.title': 'Live on your store in three steps',
  'landing.how.step': 'Step {number}',
  'landing.how.usernameTitle': 'Enter your username',
  'landing.how.usernameBody':
    'Type your Instagram username. We check the account and bring in your posts and highlights.',
  'landing.how.customiseTitle': 'Customise',
  'landing.how.customiseBody': 'Pick the layout and colours and watch the live preview change as you go.',
  'landing.how.addTitle': 'Add it to your store',
  'landing.how.addBody':
    'On Salla and Zid it is added for you. On any other store, paste one line of code and you are live.',

  // Guarantee
  'landing.guarantee.eyebrow': 'Our guarantee',
  'landing.guarantee.title': '{days}-day money-back guarantee',
  'landing.guarantee.body':
    'Start with a {trialDays}-day free trial, no card needed. After you subscribe you still have {days} days to decide: if Lamha is not right for your store, we refund you in full.',
  'landing.guarantee.noCommitment': 'No commitment',
  'landing.guarantee.cancelAnytime': 'Cancel anytime',
  'landing.guarantee.fullRefund': 'Full refund within {days} days',

  // Pricing
  'landing.pricing.eyebrow': 'Pricing',
  'landing.pricing.title': 'Simple pricing, no surprises',
  'landing.pricing.subtitle': 'Every plan starts with a {trialDays}-day free trial. No card needed.',
  'landing.pricing.billingLabel': 'Billing period',
  'landing.pricing.monthly': 'Monthly',
  'landing.pricing.annual': 'Annual',
  'landing.pricing.save': 'Save {percent}%',
  'landing.pricing.currency': 'SAR',
  'landing.pricing.perMonth': 'per month',
  'landing.pricing.perYear': 'per year',
  'landing.pricing.monthlyNote': 'Billed monthly. Cancel anytime.',
  'landing.pricing.annualNote': 'Billed yearly instead of {full} SAR.',
  'landing.pricing.mostPopular': 'Most Popular',
  'landing.pricing.basicName': 'Basic',
  'landing.pricing.basicLabel': 'For stores getting started',
  'landing.pricing.proName': 'Pro',
  'landing.pricing.proLabel': 'For brands that sell through Instagram',
  'landing.pricing.cta': 'Start free trial',
  'landing.pricing.featuresOf': 'What the {plan} plan includes',
  'landing.pricing.included': 'Included:',
  'landing.pricing.notIncluded': 'Not included:',
  'landing.pricing.hot': 'Highlight',
  'landing.pricing.featureFeed': 'Instagram posts on your store',
  'landing.pricing.featurePostsAndHighlights': 'Posts and story highlights',
  'landing.pricing.featureHighlights': 'Story highlights',
  'landing.pricing.featureRefresh': 'Refreshed every {hours} hours',
  'landing.pricing.featureLimit': 'Up to {count} posts',
  'landing.pricing.featureBanner': 'Account banner and follow button',
  'landing.pricing.featureCustomise': 'Full customisation and live preview',
  'landing.pricing.featureEmailSupport': 'E-mail support',
  'landing.pricing.featureChatSupport': 'Chat support',
  'landing.pricing.featureRemoveBranding': 'Remove Lamha branding',
  'landing.pricing.platformNote':
    'On Salla and Zid you subscribe and pay through your store platform. Prices include all widget updates.',

  // Support
  'landing.support.eyebrow': 'Support',
  'landing.support.title': 'Real people, ready to help',
  'landing.support.subtitle':
    'Questions about setup or your plan? Reach us the way that suits you. We reply within {replyHours} business hours.',
  'landing.support.chatTitle': 'Chat with us',
  'landing.support.chatBody': 'Message our team on WhatsApp for quick answers while you set up.',
  'landing.support.chatAction': 'Open WhatsApp',
  'landing.support.emailTitle': 'E-mail us',
  'landing.support.emailBody': 'Send us the details and a screenshot. We reply within {replyHours} business hours.',
  'landing.support.helpTitle': 'Help centre',
  'landing.support.helpBody':
    'Step-by-step guides are on the way. Until then, the FAQ answers the most common questions.',
  'landing.support.helpAction': 'Read the FAQ',

  // Testimonials
  'landing.testimonials.eyebrow': 'Testimonials',
  'landing.testimonials.title': 'Merchants who let their Instagram sell',
  'landing.testimonials.rating': 'Rated {rating} out of 5',
  'landing.testimonials.nouraName': 'Noura Al-Otaibi',
  'landing.testimonials.nouraRole': 'Founder, Ward & Oud perfumes',
  'landing.testimonials.nouraQuote':
    'Our product pages finally feel alive. Shoppers see real photos from our account and ask for the exact bottle they saw in a post.',
  'landing.testimonials.faisalName': 'Faisal Al-Shehri',
  'landing.testimonials.faisalRole': 'Owner, Bayt Al-Bunn coffee roasters',
  'landing.testimonials.faisalQuote':
    'I installed it from the Salla App Store in two minutes. New posts show up on the store without me lifting a finger.',
  'landing.testimonials.reemName': 'Reem Al-Qahtani',
  'landing.testimonials.reemRole': 'Marketing lead, Lulu Abayas',
  'landing.testimonials.reemQuote':
    'We matched the widget to our brand colours in minutes, and the highlights for new collections get a lot of taps.',

  // Final call to action
  'landing.cta.title': 'Give shoppers a glimpse of your best work',
  'landing.cta.body': 'Try Lamha free for {trialDays} days. No card, no commitment.',

  // Footer additions
  'landing.footer.whatsapp': 'WhatsApp',
  'landing.footer.helpCentre': 'Help centre',

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
  'landing.about.valueFastBody': 'Your store stays fast: the widget loads after your page and serves optimised images.',
  'landing.about.valueArabicTitle': 'Arabic first',
  'landing.about.valueArabicBody': 'Designed right to left from day one, and just as good in English.',
  'landing.about.valueHonestTitle': 'Honest',
  'landing.about.valueHonestBody': 'Clear prices, a free trial and a money-back guarantee. No hidden fees.',
  'landing.about.ownershipTitle': 'Who is behind Lamha',
  'landing.about.ownershipBody':
    'Lamha is part of a family of e-commerce products and is owned and operated by its parent company. The same team designs it, runs it and answers your messages.',
  'landing.about.ctaTitle': 'See Lamha on your own store',
  'landing.about.ctaBody': 'Start a {trialDays}-day free trial. No card needed.',

  // Support page
  'landing.supportPage.lead': 'We are here to help you get the most out of Lamha, from the first setup to every refresh.',
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
  'landing.supportPage.faqBody': 'Most questions about setup, refresh times and billing are answered in our FAQ.',

  // Terms page
  'landing.terms.lead':
    'These terms and this policy explain the rules for using Lamha and how we handle your data. Please read them before you sign up.',
  'landing.terms.lastUpdated': 'Last updated: December 2024',
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
    'New accounts get a {trialDays}-day free trial without a card. Paid plans are billed monthly or yearly in advance, in Saudi riyals. Subscriptions made through Salla or Zid are billed and managed by that platform.',
  'landing.terms.tos5Title': 'Cancellation and refunds',
  'landing.terms.tos5Body':
    'You can cancel at any time; your plan stays active until the end of the period you paid for. If you are not satisfied, ask for a full refund within {days} days of your first payment.',
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
    'Salla and Zid stores get the widget added automatically. Any other store, such as Shopify, WooCommerce or a custom site, adds it by pasting one script tag.',
  'landing.faq.passwordQ': 'Do I have to give you my Instagram password?',
  'landing.faq.passwordA':
    'No. You only enter your username, and the account must be public. We will never ask for your Instagram password.',
  'landing.faq.languageQ': 'Is Lamha available in English?',
  'landing.faq.languageA':
    'Yes. Lamha works in Arabic and English; switch at any time from the top bar.',
  'landing.faq.refreshQ': 'How often is my content refreshed?',
  'landing.faq.refreshA':
    'Every {proHours} hours on Pro and every {basicHours} hours on Basic. You can also refresh by hand from your dashboard at any time.',
  'landing.faq.speedQ': 'Will the widget slow down my store?',
  'landing.faq.speedA':
    'No. The script loads after your page, images come in sizes made for each screen, and the widget’s styles are sealed off so they never clash with your theme.',
  'landing.faq.embedQ': 'How do I add the widget to a store outside Salla and Zid?',
  'landing.faq.embedA':
    'Copy the code from the Embed Code tab of your dashboard and paste it into your site’s HTML just before the closing body tag. The widget appears near your footer.',
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
    'Yes, there is no commitment. Your plan stays active until the end of the period you paid for. On Salla and Zid you manage your subscription from the platform.',
  'landing.faq.moreTitle': 'Still have a question?',
  'landing.faq.moreBody': 'Write to us and we will answer within {replyHours} business hours.',
  'landing.faq.moreAction': 'Contact support',
} as const satisfies Record<`landing.${string}`, string>;

export const landingAr: Readonly<Record<keyof typeof landingEn, string>> = {
  'landing.meta.titleTemplate': '{page} | لمحة',
  'landing.meta.homeTitle': 'لمحة | منشورات إنستغرام في متجرك الإلكتروني',
  'landing.meta.homeDescription':
    'اعرض منشوراتك وقصصك المميزة من إنستغرام في متجرك على سلة أو زد أو أي منصة أخرى. تحديث تلقائي وتخصيص كامل، وتجربة مجانية لمدة {trialDays} يومًا دون بطاقة.',
  'landing.meta.aboutDescription': 'تعرّف على لمحة: الرؤية والقيم والفريق خلف أداة عرض إنستغرام للمتاجر الإلكترونية.',
  'landing.meta.supportDescription':
    'احصل على المساعدة في لمحة عبر البريد الإلكتروني أو المحادثة، ونردّ عليك خلال {replyHours} ساعة عمل.',
  'landing.meta.termsDescription':
    'شروط خدمة لمحة وسياسة الخصوصية: الباقات والاسترداد والاستخدام المقبول وكيف نحمي بياناتك.',
  'landing.meta.faqDescription':
    'إجابات عن لمحة: المتاجر المدعومة ومواعيد التحديث وطريقة التثبيت والتجربة المجانية والأسعار والإلغاء.',

  'landing.common.newTab': '(يفتح في علامة تبويب جديدة)',
  'landing.common.comingSoon': 'قريبًا',

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
  'landing.hero.sampleStore': 'ورد وعود',
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
  'landing.features.productsBody': 'حوّل الإلهام إلى طلبات بربط كل منشور بالمنتج الذي يظهر فيه.',
  'landing.features.customiseTitle': 'تخصيص كامل',
  'landing.features.customiseBody': 'تخطيط وألوان وعناوين ومسافات تناسب هويتك، مع معاينة حيّة قبل النشر.',
  'landing.features.platformsTitle': 'يعمل على أي منصة',
  'landing.features.platformsBody': 'يُضاف تلقائيًا في سلة وزد، وبسطر برمجي واحد تلصقه في أي متجر آخر.',

  'landing.how.eyebrow': 'طريقة العمل',
  'landing.how.title': 'في متجرك خلال ثلاث خطوات',
  'landing.how.step': 'الخطوة {number}',
  'landing.how.usernameTitle': 'أدخل اسم المستخدم',
  'landing.how.usernameBody': 'اكتب اسم مستخدمك على إنستغرام، وسنتحقّق من الحساب ونجلب منشوراتك وقصصك المميزة.',
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
  'landing.pricing.monthlyNote': 'يُدفع شهريًا، ويمكنك الإلغاء متى شئت.',
  'landing.pricing.annualNote': 'يُدفع سنويًا بدلًا من {full} ر.س.',
  'landing.pricing.mostPopular': 'الأكثر طلبًا',
  'landing.pricing.basicName': 'الأساسية',
  'landing.pricing.basicLabel': 'للمتاجر في بداية طريقها',
  'landing.pricing.proName': 'الاحترافية',
  'landing.pricing.proLabel': 'للعلامات التي تبيع عبر إنستغرام',
  'landing.pricing.cta': 'ابدأ التجربة المجانية',
  'landing.pricing.featuresOf': 'ما تتضمّنه الباقة {plan}',
  'landing.pricing.included': 'مشمول:',
  'landing.pricing.notIncluded': 'غير مشمول:',
  'landing.pricing.hot': 'مميّز',
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
  'landing.pricing.platformNote':
    'في سلة وزد يتم الاشتراك والدفع من خلال منصة متجرك. وتشمل الأسعار جميع تحديثات الأداة.',

  'landing.support.eyebrow': 'الدعم',
  'landing.support.title': 'فريق حقيقي جاهز لمساعدتك',
  'landing.support.subtitle':
    'لديك سؤال عن الإعداد أو باقتك؟ تواصل معنا بالطريقة التي تناسبك، ونردّ عليك خلال {replyHours} ساعة عمل.',
  'landing.support.chatTitle': 'تحدّث معنا',
  'landing.support.chatBody': 'راسل فريقنا عبر واتساب للحصول على إجابة سريعة أثناء الإعداد.',
  'landing.support.chatAction': 'افتح واتساب',
  'landing.support.emailTitle': 'راسلنا بالبريد',
  'landing.support.emailBody': 'أرسل إلينا التفاصيل مع لقطة شاشة، ونردّ عليك خلال {replyHours} ساعة عمل.',
  'landing.support.helpTitle': 'مركز المساعدة',
  'landing.support.helpBody':
    'أدلّة مفصّلة خطوة بخطوة في طريقها إليك، وحتى ذلك الحين تجد في صفحة الأسئلة الشائعة إجابات أكثر الأسئلة تكرارًا.',
  'landing.support.helpAction': 'تصفّح الأسئلة الشائعة',

  'landing.testimonials.eyebrow': 'آراء العملاء',
  'landing.testimonials.title': 'تجار جعلوا إنستغرام يبيع لهم',
  'landing.testimonials.rating': 'التقييم {rating} من 5',
  'landing.testimonials.nouraName': 'نورة العتيبي',
  'landing.testimonials.nouraRole': 'مؤسِّسة متجر ورد وعود للعطور',
  'landing.testimonials.nouraQuote':
    'أخيرًا صارت صفحات منتجاتنا تنبض بالحياة. يرى العملاء صورًا حقيقية من حسابنا، ويطلبون العطر نفسه الذي شاهدوه في المنشور.',
  'landing.testimonials.faisalName': 'فيصل الشهري',
  'landing.testimonials.faisalRole': 'صاحب محمصة بيت البن',
  'landing.testimonials.faisalQuote':
    'ثبّتها من متجر تطبيقات سلة في دقيقتين، وصارت منشوراتي الجديدة تظهر في المتجر دون أن أحرّك ساكنًا.',
  'landing.testimonials.reemName': 'ريم القحطاني',
  'landing.testimonials.reemRole': 'مسؤولة التسويق في عبايات لولو',
  'landing.testimonials.reemQuote':
    'طابقنا ألوان الأداة مع هويتنا في دقائق، وتحظى القصص المميزة لمجموعاتنا الجديدة بتفاعل كبير من المتسوّقين.',

  'landing.cta.title': 'امنح عملاءك لمحة عن أجمل ما لديك',
  'landing.cta.body': 'جرّب لمحة مجانًا لمدة {trialDays} يومًا، دون بطاقة ودون التزام.',

  'landing.footer.whatsapp': 'واتساب',
  'landing.footer.helpCentre': 'مركز المساعدة',

  'landing.about.lead':
    'تمنح لمحة المتاجر الإلكترونية نافذة على الحياة خلف العلامة التجارية: الصور والقصص واللحظات التي يشاركها التجار أصلًا على إنستغرام.',
  'landing.about.visionTitle': 'رؤيتنا',
  'landing.about.visionBody': 'أن يبدو كل متجر إلكتروني نابضًا بالحياة كحساباته على وسائل التواصل، دون أي جهد إضافي من التاجر.',
  'landing.about.offerTitle': 'ما نقدّمه',
  'landing.about.offerBody':
    'أداة تعرض منشوراتك وقصصك المميزة وبطاقة حسابك على إنستغرام في متجرك. تتحدّث من تلقاء نفسها، وتتلوّن بألوان علامتك، وتُضاف بنقرة واحدة في سلة أو زد، أو بسطر برمجي واحد في أي متجر آخر.',
  'landing.about.valuesTitle': 'قيمنا',
  'landing.about.valueSimpleTitle': 'البساطة',
  'landing.about.valueSimpleBody': 'الإعداد يستغرق دقائق لا أيامًا، ولا يحتاج إلى مبرمج.',
  'landing.about.valueFastTitle': 'السرعة',
  'landing.about.valueFastBody': 'يبقى متجرك سريعًا: الأداة تُحمَّل بعد صفحتك وتقدّم صورًا بأحجام محسّنة.',
  'landing.about.valueArabicTitle': 'العربية أولًا',
  'landing.about.valueArabicBody': 'صُمّمت من اليمين إلى اليسار منذ اليوم الأول، وتعمل بالإنجليزية بالجودة نفسها.',
  'landing.about.valueHonestTitle': 'الوضوح',
  'landing.about.valueHonestBody': 'أسعار معلنة وتجربة مجانية وضمان استرداد، دون أي رسوم خفية.',
  'landing.about.ownershipTitle': 'من يقف خلف لمحة',
  'landing.about.ownershipBody':
    'لمحة جزء من مجموعة منتجات للتجارة الإلكترونية، وتملكها وتديرها الشركة الأم. والفريق نفسه هو من يصمّمها ويشغّلها ويردّ على رسائلك.',
  'landing.about.ctaTitle': 'شاهد لمحة في متجرك',
  'landing.about.ctaBody': 'ابدأ تجربة مجانية لمدة {trialDays} يومًا، دون الحاجة إلى بطاقة.',

  'landing.supportPage.lead': 'نحن هنا لنساعدك على الاستفادة من لمحة إلى أقصى حد، من الإعداد الأول إلى كل تحديث.',
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
  'landing.supportPage.faqBody': 'تجد إجابات أغلب الأسئلة عن الإعداد ومواعيد التحديث والفوترة في صفحة الأسئلة الشائعة.',

  'landing.terms.lead':
    'توضّح هذه الشروط والسياسة قواعد استخدام لمحة وكيفية تعاملنا مع بياناتك. يُرجى قراءتها قبل التسجيل.',
  'landing.terms.lastUpdated': 'آخر تحديث: ديسمبر 2024',
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
    'يحصل كل حساب جديد على تجربة مجانية لمدة {trialDays} يومًا دون بطاقة. وتُدفع الباقات المدفوعة مقدّمًا شهريًا أو سنويًا بالريال السعودي، أما الاشتراكات التي تتم عبر سلة أو زد فتتولّى المنصة فوترتها وإدارتها.',
  'landing.terms.tos5Title': 'الإلغاء واسترداد المبلغ',
  'landing.terms.tos5Body':
    'يمكنك إلغاء اشتراكك في أي وقت، وتبقى باقتك فعّالة حتى نهاية المدة المدفوعة. وإن لم تكن راضيًا، فاطلب استرداد المبلغ كاملًا خلال {days} أيام من أول دفعة.',
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
    'نستخدم ملف تعريف ارتباط آمنًا لإبقائك مسجَّل الدخول، والتخزين المحلي في متصفحك لتذكّر لغتك. ولا نستخدم الأداة لتتبّع زوار متجرك.',
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
    'تُضاف الأداة تلقائيًا إلى متاجر سلة وزد، ويمكن لأي متجر آخر، مثل شوبيفاي أو ووكومرس أو موقع مخصّص، إضافتها بلصق وسم برمجي واحد.',
  'landing.faq.passwordQ': 'هل عليّ مشاركة كلمة مرور إنستغرام؟',
  'landing.faq.passwordA':
    'لا، يكفي أن تُدخل اسم المستخدم، على أن يكون الحساب عامًّا. ولن نطلب منك كلمة مرور إنستغرام أبدًا.',
  'landing.faq.languageQ': 'هل تتوفّر لمحة باللغة الإنجليزية؟',
  'landing.faq.languageA': 'نعم، تعمل لمحة بالعربية والإنجليزية، ويمكنك التبديل بينهما في أي وقت من الشريط العلوي.',
  'landing.faq.refreshQ': 'كم مرة يُحدَّث المحتوى؟',
  'landing.faq.refreshA':
    'كل {proHours} ساعات في الباقة الاحترافية، وكل {basicHours} ساعات في الباقة الأساسية. ويمكنك أيضًا التحديث يدويًا من لوحة التحكم في أي وقت.',
  'landing.faq.speedQ': 'هل تُبطئ الأداة متجري؟',
  'landing.faq.speedA':
    'لا، فالسكربت يُحمَّل بعد صفحتك، والصور تصل بأحجام تناسب كل شاشة، وتنسيقات الأداة معزولة فلا تتعارض مع قالب متجرك.',
  'landing.faq.embedQ': 'كيف أضيف الأداة إلى متجر خارج سلة وزد؟',
  'landing.faq.embedA':
    'انسخ الشيفرة من تبويب "شيفرة التضمين" في لوحة التحكم، والصقها في شيفرة HTML لموقعك قبل وسم إغلاق body مباشرة، وستظهر الأداة قرب تذييل الصفحة.',
  'landing.faq.brandQ': 'هل يمكنني مطابقة الأداة مع هوية متجري؟',
  'landing.faq.brandA':
    'نعم، اختر التخطيط والألوان والعنوان والعنوان الفرعي والمسافات وما تعرضه بطاقة الحساب، مع معاينة حيّة قبل الحفظ.',
  'landing.faq.trialQ': 'هل توجد تجربة مجانية؟',
  'landing.faq.trialA':
    'نعم، يحصل كل حساب جديد على {trialDays} يومًا مجانًا بجميع مزايا الباقة الاحترافية، دون الحاجة إلى بطاقة للبدء.',
  'landing.faq.guaranteeQ': 'كيف يعمل ضمان استرداد المبلغ؟',
  'landing.faq.guaranteeA': 'إن لم تناسبك لمحة، فاطلب استرداد المبلغ خلال {days} أيام من أول دفعة، وسنُعيده إليك كاملًا.',
  'landing.faq.annualQ': 'كم أوفّر مع الاشتراك السنوي؟',
  'landing.faq.annualA':
    'يوفّر الاشتراك السنوي {percent}%: الباقة الأساسية بـ{basicAnnual} ر.س سنويًا، والاحترافية بـ{proAnnual} ر.س سنويًا.',
  'landing.faq.cancelQ': 'هل يمكنني الإلغاء في أي وقت؟',
  'landing.faq.cancelA':
    'نعم، دون أي التزام، وتبقى باقتك فعّالة حتى نهاية المدة المدفوعة. وفي سلة وزد تدير اشتراكك من المنصة نفسها.',
  'landing.faq.moreTitle': 'ما زال لديك سؤال؟',
  'landing.faq.moreBody': 'راسلنا وسنجيبك خلال {replyHours} ساعة عمل.',
  'landing.faq.moreAction': 'تواصل مع الدعم',
};
