/**
 * Messages of the dashboard's Insights tab (issue 17). Keys start with 'dashboard.' so they load with the
 * dashboard's part; merged into the catalogues by en.ts and ar.ts.
 */
export const insightsDashboardEn = {
  'dashboard.tab.insights': 'Insights',
  'dashboard.insights.title': 'Insights',
  'dashboard.insights.subtitle':
    'What shoppers did with your widget. Counted without cookies or personal data, per day (Saudi time).',
  'dashboard.insights.period': 'Period',
  'dashboard.insights.days': 'Last {daysText}',
  'dashboard.insights.loading': 'Loading insights...',
  'dashboard.insights.loadFailed': 'Could not load your insights. Please try again.',
  'dashboard.insights.impressions': 'Widget views',
  'dashboard.insights.post_opens': 'Post opens',
  'dashboard.insights.story_opens': 'Story opens',
  'dashboard.insights.product_clicks': 'Product clicks',
  'dashboard.insights.follow_clicks': 'Follow clicks',
  'dashboard.insights.add_to_carts': 'Added to cart',
  'dashboard.insights.change': '{change} vs the {daysText} before',
  'dashboard.insights.changeNew': 'new in this period',
  'dashboard.insights.changeSame': 'same as the {daysText} before',
  'dashboard.insights.chartTitle': '{metric} per day',
  'dashboard.insights.chartShow': 'Show in the chart',
  'dashboard.insights.chartSummary': '{metric} per day from {from} to {to}; highest {max} on {maxDay}.',
  'dashboard.insights.date': 'Day',
  'dashboard.insights.topPosts': 'Most opened posts',
  'dashboard.insights.topPostsEmpty': 'No post has been opened in this period.',
  'dashboard.insights.postGone': 'Post no longer shown',
  'dashboard.insights.topProducts': 'Most clicked products',
  'dashboard.insights.topProductsEmpty':
    'No product clicks in this period. Link products to your posts in the Posts tab and shoppers can open them from the post viewer.',
  'dashboard.insights.ctr': '{rate} click-through',
  'dashboard.insights.ctrHelp': 'Clicks on the product ÷ opens of the posts that show it.',
  'dashboard.insights.productGone': 'Product no longer linked',
  'dashboard.insights.emptyTitle': 'Your insights will appear here',
  'dashboard.insights.emptyBody':
    'Once your widget is on your store, each day shows how many shoppers saw it, opened your posts and stories, clicked your linked products and tapped Follow, with your most opened posts and most clicked products. Counts arrive within a minute.',
  'dashboard.insights.privacy':
    'No cookies, no visitor tracking: only daily totals are kept. Visits from search engines and other bots are left out.',
} as const;

export const insightsDashboardAr: Readonly<Record<keyof typeof insightsDashboardEn, string>> = {
  'dashboard.tab.insights': 'الإحصاءات',
  'dashboard.insights.title': 'الإحصاءات',
  'dashboard.insights.subtitle':
    'ما فعله المتسوقون بالودجت في متجرك، يُحسب بلا ملفات تعريف ارتباط ولا بيانات شخصية، يومًا بيوم (بتوقيت السعودية).',
  'dashboard.insights.period': 'المدة',
  'dashboard.insights.days': 'آخر {daysText}',
  'dashboard.insights.loading': 'جارٍ تحميل الإحصاءات...',
  'dashboard.insights.loadFailed': 'تعذّر تحميل الإحصاءات. يُرجى المحاولة مرة أخرى.',
  'dashboard.insights.impressions': 'مشاهدات الودجت',
  'dashboard.insights.post_opens': 'فتح المنشورات',
  'dashboard.insights.story_opens': 'فتح القصص',
  'dashboard.insights.product_clicks': 'نقرات المنتجات',
  'dashboard.insights.follow_clicks': 'نقرات المتابعة',
  'dashboard.insights.add_to_carts': 'الإضافات إلى السلة',
  'dashboard.insights.change': '{change} مقارنة بالمدة السابقة ({daysText})',
  'dashboard.insights.changeNew': 'جديد في هذه المدة',
  'dashboard.insights.changeSame': 'مثل المدة السابقة ({daysText})',
  'dashboard.insights.chartTitle': '{metric} يوميًا',
  'dashboard.insights.chartShow': 'اعرضه في الرسم',
  'dashboard.insights.chartSummary': '{metric} يوميًا من {from} إلى {to}؛ أعلاها {max} في {maxDay}.',
  'dashboard.insights.date': 'اليوم',
  'dashboard.insights.topPosts': 'أكثر المنشورات فتحًا',
  'dashboard.insights.topPostsEmpty': 'لم يُفتح أي منشور في هذه المدة.',
  'dashboard.insights.postGone': 'منشور لم يعد معروضًا',
  'dashboard.insights.topProducts': 'أكثر المنتجات نقرًا',
  'dashboard.insights.topProductsEmpty':
    'لا نقرات على المنتجات في هذه المدة. اربط منتجاتك بمنشوراتك من تبويب المنشورات ليفتحها المتسوقون من عارض المنشور.',
  'dashboard.insights.ctr': 'نسبة النقر {rate}',
  'dashboard.insights.ctrHelp': 'نقرات المنتج ÷ مرات فتح المنشورات التي تعرضه.',
  'dashboard.insights.productGone': 'منتج لم يعد مرتبطًا',
  'dashboard.insights.emptyTitle': 'ستظهر إحصاءاتك هنا',
  'dashboard.insights.emptyBody':
    'بعد إضافة الودجت إلى متجرك، يعرض كل يوم عدد المتسوقين الذين شاهدوه، وفتحوا منشوراتك وقصصك، ونقروا على منتجاتك المرتبطة وعلى زر المتابعة، مع أكثر منشوراتك فتحًا وأكثر منتجاتك نقرًا. تصل الأرقام خلال دقيقة.',
  'dashboard.insights.privacy':
    'بلا ملفات تعريف ارتباط ولا تتبّع للزوار: نحفظ المجاميع اليومية فقط، ونستبعد زيارات محركات البحث وغيرها من البرامج الآلية.',
};
