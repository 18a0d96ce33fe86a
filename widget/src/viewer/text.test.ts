import { LIKE_WORDS, wrongForms } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { viewerText } from './text.js';

describe("the viewer's copy", () => {
  it('words likes as the shared formatter does, in both languages', () => {
    expect(viewerText('ar').likes).toEqual(LIKE_WORDS.ar);
    expect(viewerText('en').likes).toEqual(LIKE_WORDS.en);
  });

  it('never says "View all 1 comments"', () => {
    expect(viewerText('en').comments(1, '1')).toBe('View the comment on Instagram');
    expect(viewerText('en').comments(12, '12')).toBe('View all 12 comments on Instagram');
    expect(viewerText('ar').comments(1, '1')).toBe('عرض التعليق على إنستغرام');
    for (const lang of ['ar', 'en'] as const)
      for (const n of [1, 2, 5, 12]) expect(wrongForms(viewerText(lang).comments(n, String(n)))).toEqual([]);
  });
});
