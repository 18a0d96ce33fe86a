import type { TPluralForms } from '@app/shared';
import type { Lang } from '../core/types.js';

const en = {
  close: 'Close',
  previous: 'Previous',
  next: 'Next',
  previousHighlight: 'Previous highlight',
  nextHighlight: 'Next highlight',
  play: 'Play',
  playSound: 'Play with sound',
  pause: 'Pause',
  mute: 'Mute',
  unmute: 'Unmute',
  /** The viewer's copy of shared LIKE_WORDS (text.test.ts keeps them equal): the core chunk need not carry it. */
  likes: { one: '# like', other: '# likes' } as TPluralForms,
  comments: (count: number, n: string) =>
    count === 1 ? 'View the comment on Instagram' : `View all ${n} comments on Instagram`,
  viewOnInstagram: 'View on Instagram',
  storiesError: 'Could not load stories for this highlight.',
  storiesEmpty: 'No stories found in this highlight.',
  imageUnavailable: 'Image unavailable',
  videoUnavailable: 'Video Unavailable',
  loading: 'Loading...',
  verified: 'Verified',
  products: 'Products in this post',
  shopNow: 'Shop now',
  soldOut: 'Sold out',
  was: 'Was',
  addToCart: 'Add to cart',
  adding: 'Adding…',
  added: 'Added to cart',
  cartOut: 'Out of stock: not added',
  cartOptions: 'Choose options on the product page',
  cartFailed: 'Not added. Try again',
};

export type ViewerText = typeof en;

const ar: ViewerText = {
  close: 'إغلاق',
  previous: 'السابق',
  next: 'التالي',
  previousHighlight: 'المجموعة المميزة السابقة',
  nextHighlight: 'المجموعة المميزة التالية',
  play: 'تشغيل',
  playSound: 'تشغيل بالصوت',
  pause: 'إيقاف مؤقت',
  mute: 'كتم الصوت',
  unmute: 'تشغيل الصوت',
  likes: { one: 'تسجيل إعجاب واحد', two: 'تسجيلا إعجاب', few: '# تسجيلات إعجاب', other: '# تسجيل إعجاب' },
  comments: (count, n) =>
    count === 1 ? 'عرض التعليق على إنستغرام' : `عرض جميع التعليقات (${n}) على إنستغرام`,
  viewOnInstagram: 'عرض على إنستغرام',
  storiesError: 'تعذّر تحميل القصص الخاصة بهذه المجموعة المميزة.',
  storiesEmpty: 'لا توجد قصص في هذه المجموعة المميزة.',
  imageUnavailable: 'الصورة غير متاحة',
  videoUnavailable: 'الفيديو غير متاح',
  loading: 'جارٍ التحميل...',
  verified: 'حساب موثّق',
  products: 'منتجات هذا المنشور',
  shopNow: 'تسوّق الآن',
  soldOut: 'نفدت الكمية',
  was: 'السعر السابق',
  addToCart: 'أضف إلى السلة',
  adding: 'جارٍ الإضافة…',
  added: 'أُضيف إلى السلة',
  cartOut: 'نفدت الكمية: لم يُضف',
  cartOptions: 'اختر الخيارات في صفحة المنتج',
  cartFailed: 'لم يُضف. حاول مرة أخرى',
};

export const viewerText = (lang: Lang): ViewerText => (lang === 'en' ? en : ar);
