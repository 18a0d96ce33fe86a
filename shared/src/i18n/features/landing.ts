/**
 * Messages of the landing feature, in both languages. Kept in their own file so features can grow their copy
 * side by side; merged into the catalogues by en.ts and ar.ts (the Arabic texts are in landing.ar.ts, so
 * that a page loads only the language it shows). Keys start with 'landing.'.
 *
 * Covers the marketing site: the landing page (/), the marketing additions to the shared footer, and every
 * page's title and description for search engines. The static pages' own copy (/about, /support, /terms,
 * /faq) is in pages.ts, loaded with those pages.
 * Plan facts (prices, days, hours, limits) are placeholders filled from shared/src/plans.ts, never typed in.
 */
export const landingEn = {
  // Titles and descriptions for search engines and link previews.
  'landing.meta.titleTemplate': '{page} | Lamha',
  'landing.meta.homeTitle': 'Lamha | Your Instagram feed in your online store',
  'landing.meta.homeDescription':
    'Show your Instagram posts and highlights on your Salla, Zid or any online store. Refreshed automatically, fully customisable, free for {trialDays} days with no card.',

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
} as const satisfies Record<`landing.${string}`, string>;
