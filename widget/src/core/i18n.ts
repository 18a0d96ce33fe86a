import type { Lang } from './types.js';

/** The core's copy (the viewer chunk has its own). Spec §8 texts where the spec gives them. */
const en = {
  invalid: 'Widget identifier is invalid or missing.',
  notConnectedTitle: 'Please connect your Instagram account',
  notConnected: 'Please connect your Instagram account to display your content here.',
  goToAccount: 'Go to Account Settings',
  empty: 'No posts to show yet. New posts will appear here automatically.',
  crash: 'Something went wrong with the Instagram feed',
  more: 'Load more',
  poweredBy: 'Powered by Lamha',
  imageUnavailable: 'Image unavailable',
  highlights: 'Highlights',
  openPost: 'Open post',
  verified: 'Verified',
  products: 'Products',
};

export type CoreText = typeof en;

const ar: CoreText = {
  invalid: 'معرّف الودجت غير صالح أو مفقود.',
  notConnectedTitle: 'يرجى ربط حساب إنستغرام الخاص بك',
  notConnected: 'يرجى ربط حساب إنستغرام الخاص بك لعرض المحتوى هنا.',
  goToAccount: 'الانتقال إلى إعدادات الحساب',
  empty: 'لا توجد منشورات لعرضها بعد. ستظهر المنشورات الجديدة هنا تلقائيًا.',
  crash: 'حدث خطأ ما في عرض منشورات إنستغرام',
  more: 'عرض المزيد',
  poweredBy: 'مدعوم من لمحة',
  imageUnavailable: 'الصورة غير متاحة',
  highlights: 'القصص المميزة',
  openPost: 'فتح المنشور',
  verified: 'حساب موثّق',
  products: 'منتجات',
};

export const coreText = (lang: Lang): CoreText => (lang === 'en' ? en : ar);
