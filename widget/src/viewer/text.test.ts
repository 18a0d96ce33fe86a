import { LIKE_WORDS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { viewerText } from './text.js';

describe("the viewer's copy", () => {
  it('words likes as the shared formatter does, in both languages', () => {
    expect(viewerText('ar').likes).toEqual(LIKE_WORDS.ar);
    expect(viewerText('en').likes).toEqual(LIKE_WORDS.en);
  });
});
