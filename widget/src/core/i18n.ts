import type { Lang } from './types.js';

/** The core's copy (the viewer chunk has its own). product §8 texts where it gives them. */
const en = {
  more: 'Load more',
  poweredBy: 'Powered by Lamha',
  imageUnavailable: 'Image unavailable',
  highlights: 'Highlights',
  openPost: 'Open post',
};

export type CoreText = typeof en;

const ar: CoreText = {
  more: 'عرض المزيد',
  poweredBy: 'مدعوم من لمحة',
  imageUnavailable: 'الصورة غير متاحة',
  highlights: 'القصص المميزة',
  openPost: 'فتح المنشور',
};

export const coreText = (lang: Lang): CoreText => (lang === 'en' ? en : ar);
