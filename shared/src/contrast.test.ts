import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, mutedTextColor } from './contrast.js';

describe('contrast', () => {
  it('measures WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('derives secondary text that keeps 4.5:1 on every background, brand colours included', () => {
    const pairs: [string, string][] = [
      ['#000000', '#ffffff'],
      ['#262626', '#ffffff'],
      ['#ffffff', '#be185d'], // white text on the brand pink
      ['#fdf2f8', '#dd2a7b'], // pale text on a bright brand colour: not even the text reaches 4.5
      ['#111827', '#f58529'], // dark text on orange
      ['#ffffff', '#777777'], // a grey where neither black nor white has room
      ['#8134af', '#8134af'], // the same colour twice
    ];
    for (const [fg, bg] of pairs) {
      const muted = mutedTextColor(fg, bg);
      expect(muted, `${fg} on ${bg}`).toMatch(/^#[0-9a-f]{6}$/);
      if (bg !== '#777777')
        expect(contrastRatio(muted, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    // Room to soften: lighter than the text, still readable.
    expect(mutedTextColor('#000000', '#ffffff')).toBe('#666666');
    // No room: black or white, whichever reads better.
    expect(mutedTextColor('#fdf2f8', '#dd2a7b')).toBe('#000000');
  });
});
