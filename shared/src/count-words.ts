import type { TCountWords } from './format.js';

/** Counted nouns for countText/pluralForm (format.ts), every Arabic plural category that differs from other. */
export const POST_WORDS: TCountWords = {
  ar: {
    one: 'منشور واحد',
    two: 'منشوران',
    few: '# منشورات',
    many: '# منشورًا',
    other: '# منشور',
  },
  en: { one: '# post', other: '# posts' },
};
export const FOLLOWER_WORDS: TCountWords = {
  ar: {
    one: 'متابع واحد',
    two: 'متابعان',
    few: '# متابعين',
    many: '# متابعًا',
    other: '# متابع',
  },
  en: { one: '# follower', other: '# followers' },
};
export const LIKE_WORDS: TCountWords = {
  ar: {
    one: 'تسجيل إعجاب واحد',
    two: 'تسجيلا إعجاب',
    few: '# تسجيلات إعجاب',
    other: '# تسجيل إعجاب',
  },
  en: { one: '# like', other: '# likes' },
};
export const COMMENT_WORDS: TCountWords = {
  ar: {
    one: 'تعليق واحد',
    two: 'تعليقان',
    few: '# تعليقات',
    many: '# تعليقًا',
    other: '# تعليق',
  },
  en: { one: '# comment', other: '# comments' },
};
export const STORY_WORDS: TCountWords = {
  ar: { one: 'قصة واحدة', two: 'قصتان', few: '# قصص', other: '# قصة' },
  en: { one: '# story', other: '# stories' },
};
export const DAY_WORDS: TCountWords = {
  ar: { one: 'يوم واحد', two: 'يومان', few: '# أيام', many: '# يومًا', other: '# يوم' },
  en: { one: '# day', other: '# days' },
};
export const USER_WORDS: TCountWords = {
  ar: { one: 'مستخدم واحد', two: 'مستخدمان', few: '# مستخدمين', many: '# مستخدمًا', other: '# مستخدم' },
  en: { one: '# user', other: '# users' },
};
export const ACCOUNT_WORDS: TCountWords = {
  ar: { one: 'حساب واحد', two: 'حسابان', few: '# حسابات', many: '# حسابًا', other: '# حساب' },
  en: { one: '# account', other: '# accounts' },
};
