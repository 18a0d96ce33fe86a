/*
 * Colour contrast (WCAG 2.x) for the widget's theme (issue 18 item 11). The widget derives its secondary
 * text (@username, subtitle, "مدعوم من لمحة") from the merchant's text and background colours so that it
 * keeps 4.5:1; the settings warn when a chosen pair cannot reach it. Colours are #rrggbb. Small on purpose:
 * the widget core carries it.
 */

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** Relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map((c) =>
    c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const x = luminance(a);
  const y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The secondary text colour on `bg`: `fg` softened toward the background as far as 4.5:1 allows (60% of
 * the text colour at most), `fg` itself when it has no room to soften, and black or white when even `fg`
 * falls short.
 */
export function mutedTextColor(fg: string, bg: string): string {
  const f = channels(fg);
  const b = channels(bg);
  for (let a = 0.6; a < 1; a += 0.1) {
    const mixed = `#${f
      .map((c, i) =>
        Math.round(c * a + (b[i] ?? 0) * (1 - a))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrastRatio(mixed, bg) >= MIN_TEXT_CONTRAST) return mixed;
  }
  if (contrastRatio(fg, bg) >= MIN_TEXT_CONTRAST) return fg;
  return contrastRatio('#000000', bg) >= contrastRatio('#ffffff', bg) ? '#000000' : '#ffffff';
}
