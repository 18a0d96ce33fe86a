import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../errors.js';
import { messages, type TMessageKey } from './index.js';
import { wrongForms } from './wrong-forms.js';

/** Arabic counted nouns right after a placeholder: "{days} يومًا" is right for 30 and wrong for 7. */
const COUNTED_AFTER_PLACEHOLDER =
  /\{(\w+)\} (?:يومًا|أيام|يوم|منشور|منشورات|منشورًا|ساعة|ساعات|تعليقًا|تعليقات|متابعًا|متابعين)(?![\p{L}])/u;
/**
 * Placeholders that only ever hold one fixed number, whose form the built pages are scanned for (e2e
 * text-scan): the trial (14 days), the money-back days (7), the plans' refresh hours and reply hours, the
 * plans' post limits (12 and 50). Every other count goes through countText and the shared nouns.
 */
const FIXED_NUMBERS = new Set([
  'trialDays',
  'moneyBackDays',
  'basicHours',
  'proHours',
  'hours',
  'replyHours',
  'count',
  'max',
]);
const FIXED_KEY_PREFIXES = ['landing.', 'salla.', 'page.'];

describe('wording a merchant must never see (issue 32)', () => {
  it('finds none of the known wrong forms in either catalogue or the error table', () => {
    const texts: [string, string][] = [
      ...(['ar', 'en'] as const).flatMap((lang) =>
        Object.entries(messages[lang]).map(([key, text]): [string, string] => [`${lang} ${key}`, text]),
      ),
      ...Object.entries(API_ERRORS).flatMap(([code, words]) => [
        [`ar ${code}`, words.ar] as [string, string],
        [`en ${code}`, words.en] as [string, string],
      ]),
    ];
    const found = texts.flatMap(([where, text]) => wrongForms(text).map((form) => `${where}: ${form}`));
    expect(found).toEqual([]);
  });

  it('counts that vary go through the shared plural rules, not a fixed noun after the number', () => {
    const fixed = (Object.entries(messages.ar) as [TMessageKey, string][]).filter(([key, text]) => {
      const match = COUNTED_AFTER_PLACEHOLDER.exec(text);
      if (!match) return false;
      const fixedNumber = FIXED_NUMBERS.has(match[1] ?? '');
      return !(fixedNumber || (match[1] === 'days' && FIXED_KEY_PREFIXES.some((p) => key.startsWith(p))));
    });
    expect(fixed.map(([key]) => key)).toEqual([]);
  });

  it("keeps «متابعة» for Follow: a step forward is «التالي», never the follow button's word", () => {
    const follow = (Object.entries(messages.ar) as [TMessageKey, string][])
      .filter(([, text]) => text.trim() === 'متابعة')
      .map(([key]) => key);
    expect(follow.filter((key) => !/follow/i.test(key))).toEqual([]);
    expect(messages.ar['dashboard.onboarding.next']).toBe('التالي');
  });

  it('knows the wrong forms when it sees them', () => {
    expect(wrongForms('آخر 7 يومًا')).toEqual(['3–10 with a singular noun']);
    expect(wrongForms('آخر 30 أيام')).toEqual(['11–99 with a plural noun']);
    expect(wrongForms('View all 1 comments')).toEqual(['1 with an English plural']);
    expect(wrongForms('مركز المساعدة — قريبًا')).toEqual(['coming soon (ar)']);
    expect(wrongForms('Help centre: Coming soon')).toEqual(['coming soon (en)']);
    expect(wrongForms('مرحبًا بعودتك، متجري')).toEqual(['welcome back']);
    expect(wrongForms('VAT (15 %)')).toEqual(['percent sign apart or Arabic']);
    expect(wrongForms('وفّر 16٪')).toEqual(['percent sign apart or Arabic']);
    for (const right of [
      'آخر 7 أيام',
      'آخر 30 يومًا',
      '14 يومًا',
      '149.50 ر.س',
      '1 day',
      '10 أيام',
      '2026/11/127',
      'VAT (15%)',
      'وفّر 16%',
    ])
      expect(wrongForms(right), right).toEqual([]);
  });
});
