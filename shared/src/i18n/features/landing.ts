/**
 * Messages of the landing feature, in both languages. Kept in their own file so features can grow their copy
 * side by side; merged into the catalogues by en.ts and ar.ts (the Arabic texts are in landing.ar.ts, so
 * that a page loads only the language it shows). Keys start with 'landing.'.
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
  'landing.hero.sampleStore': 'Your store',
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
  'landing.features.productsBody':
    'Link up to 5 products from your Salla or Zid catalogue, or your own, to a post: shoppers see the price and a Shop now button in the post, on Salla stores they add it to your store’s cart without leaving the page, and Insights show what they click and add to cart.',
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
  'landing.how.connectTitle': 'Connect with Instagram',
  'landing.how.connectBody':
    'Sign in on Instagram’s own page and approve Lamha for your professional account. Your password stays with Instagram; your posts arrive within minutes.',
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
  'landing.pricing.perMonth': 'month',
  'landing.pricing.perYear': 'year',
  'landing.pricing.monthlyNote': 'Paid monthly, no automatic renewal. Cancel anytime.',
  'landing.pricing.annualNote': 'Billed yearly instead of {full} SAR.',
  'landing.pricing.vatIncluded': 'Prices include {vat}% VAT.',
  'landing.pricing.mostPopular': 'Most Popular',
  'landing.pricing.basicName': 'Basic',
  'landing.pricing.basicLabel': 'For stores getting started',
  'landing.pricing.proName': 'Pro',
  'landing.pricing.proLabel': 'For brands that sell through Instagram',
  'landing.pricing.cta': 'Start free trial',
  'landing.pricing.featuresOf': 'What the {plan} plan includes',
  'landing.pricing.included': 'Included:',
  'landing.pricing.notIncluded': 'Not included:',
  'landing.pricing.hot': 'Standout feature',
  'landing.pricing.featureFeed': 'Instagram posts on your store',
  'landing.pricing.featurePostsAndHighlights': 'Posts and story highlights',
  'landing.pricing.featureHighlights': 'Story highlights',
  'landing.pricing.featureRefresh': 'Refreshed every {hours} hours',
  'landing.pricing.featureLimit': 'Up to {count} posts',
  'landing.pricing.featureBanner': 'Account banner and follow button',
  'landing.pricing.featureCustomise': 'Full customisation and live preview',
  'landing.pricing.featureEmailSupport': 'E-mail support',
  'landing.pricing.featureChatSupport': 'Live chat support',
  'landing.pricing.featureRemoveBranding': 'Remove Lamha branding',
  'landing.pricing.featureProducts': 'Products linked to posts, with Shop now and Add to cart on Salla',
  'landing.pricing.featureInsights': 'Insights: views, opens and clicks',
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
  'landing.support.chatBodyOther': 'Chat with our team for quick answers while you set up.',
  'landing.support.chatActionOther': 'Open the chat',
  'landing.support.emailTitle': 'E-mail us',
  'landing.support.emailBody':
    'Send us the details and a screenshot. We reply within {replyHours} business hours.',
  'landing.support.faqTitle': 'Frequently asked questions',
  'landing.support.faqBody': 'Answers about setup, refresh times, plans and payment, ready whenever you are.',
  'landing.support.helpAction': 'Read the FAQ',

  // The product as it really looks (screenshots made by `npm run screenshots:marketing`) and facts about it
  'landing.showcase.eyebrow': 'See it for real',
  'landing.showcase.title': 'The product itself, not a mock-up',
  'landing.showcase.subtitle':
    'Screenshots of Lamha as it runs, showing a sample account: the widget on a store page and the dashboard you set it up in.',
  'landing.showcase.storeAlt':
    'Screenshot of a store page on a phone with the Lamha widget: a title, the account banner with a follow button, story highlights and a grid of posts.',
  'landing.showcase.storeCaption': 'On your store, on a phone',
  'landing.showcase.dashboardAlt':
    'Screenshot of the Lamha dashboard: the widget settings with layout choices beside a live preview of the widget.',
  'landing.showcase.dashboardCaption': 'Your dashboard: settings beside a live preview',
  'landing.showcase.factsLabel': 'Lamha in numbers',
  'landing.showcase.sizeValue': '{kb} KB',
  'landing.showcase.sizeBody':
    'of compressed code is all a store page loads before your feed shows. The post viewer comes with the first tap.',
  'landing.showcase.refreshValue': '{hours} hours',
  'landing.showcase.refreshBody':
    'between automatic refreshes on Pro ({basicHours} on Basic). Nothing to upload again.',
  'landing.showcase.languagesValue': 'Arabic and English',
  'landing.showcase.languagesBody':
    'Right to left from the start. The widget speaks your store page’s language.',
  'landing.showcase.installValue': '1 line of code',
  'landing.showcase.installBody':
    'adds the widget to any store: Salla, Zid, Shopify, WooCommerce or your own site.',

  // Final call to action
  'landing.cta.title': 'Give shoppers a glimpse of your best work',
  'landing.cta.body': 'Try Lamha free for {trialDays} days. No card, no commitment.',

  // Footer additions
  'landing.footer.chat': 'Live chat',

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
