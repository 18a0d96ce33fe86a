/**
 * Wording a merchant must never see (issue 32): "coming soon" promises, a welcome back on a first visit, and
 * counted nouns in the wrong plural form, a percent sign in another form than "15%" — Arabic 3–10 take the plural (7 أيام), 11–99 the singular
 * accusative (30 يومًا), and English 1 the singular. Checked against the catalogues (shared) and the text of
 * the built pages (e2e).
 */
const FEW = '(?<![\\d.,٫])(?:[3-9]|10)';
const MANY = '(?<![\\d.,٫])(?:1[1-9]|[2-9]\\d)';
const WRONG_FORMS: readonly [string, RegExp][] = [
  ['coming soon (ar)', /(?<!\p{L})قريبً?ا/u],
  ['coming soon (en)', /coming soon/i],
  ['welcome back', /مرحبًا بعودتك|welcome back/i],
  [
    '3–10 with a singular noun',
    new RegExp(`${FEW} (?:يومًا|يوم(?!ان)|منشورًا|ساعة|تعليقًا|متابعًا)(?![\\p{L}])`, 'u'),
  ],
  ['11–99 with a plural noun', new RegExp(`${MANY} (?:أيام|منشورات|ساعات|تعليقات|متابعين)(?![\\p{L}])`, 'u')],
  ['1 with an English plural', /(?<![\d.,])1 (?:days|posts|hours|comments|followers|likes|stories|users)\b/],
  // One percent form in both languages: Western digits and "%" right after them ("15%").
  ['percent sign apart or Arabic', /\d[ \u00a0\u202f]+%|٪/u],
];

/** The names of the wrong forms found in `text` (empty when it reads right). */
export function wrongForms(text: string): string[] {
  return WRONG_FORMS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}
