import { formatNumber, type TCountWords, type TInsightsTotals } from '@app/shared';

export type TMetric = keyof TInsightsTotals;
export const METRICS: readonly TMetric[] = [
  'impressions',
  'post_opens',
  'story_opens',
  'product_clicks',
  'follow_clicks',
  'add_to_carts',
];

/**
 * The change from the previous period: '+12%' / '−5%', 'new' when there was nothing before, 'same' when
 * equal (nothing both times included). Whole percents, with the thousands comma past 999.
 */
export function changeOf(
  current: number,
  previous: number,
):
  | { kind: 'up' | 'down'; text: string }
  | {
      kind: 'new' | 'same';
    } {
  if (current === previous) return { kind: 'same' };
  if (previous === 0) return { kind: 'new' };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { kind: 'same' };
  return percent > 0
    ? { kind: 'up', text: `+${formatNumber(percent)}%` }
    : { kind: 'down', text: `−${formatNumber(-percent)}%` };
}

/** A rate in percent with one decimal, trailing .0 dropped: "33.3%", "5%". */
export const formatRate = (rate: number): string => `${rate.toFixed(1).replace(/\.0$/, '')}%`;

/** True when nothing at all was counted in both periods: the tab shows its explanation instead. */
export const isEmpty = (current: TInsightsTotals, previous: TInsightsTotals): boolean =>
  METRICS.every((m) => current[m] === 0 && previous[m] === 0);

/** Counted words of the top lists, by plural category ("فُتح 3 مرات", "فُتح 11 مرة", "1 open"). */
export const OPEN_WORDS: TCountWords = {
  ar: { one: 'فُتح مرة واحدة', two: 'فُتح مرتين', few: 'فُتح # مرات', other: 'فُتح # مرة' },
  en: { one: '1 open', other: '# opens' },
};
export const PRODUCT_CLICK_WORDS: TCountWords = {
  ar: {
    one: 'نقرة واحدة على منتجاته',
    two: 'نقرتان على منتجاته',
    few: '# نقرات على منتجاته',
    other: '# نقرة على منتجاته',
  },
  en: { one: '1 product click', other: '# product clicks' },
};
export const CLICK_WORDS: TCountWords = {
  ar: { one: 'نقرة واحدة', two: 'نقرتان', few: '# نقرات', other: '# نقرة' },
  en: { one: '1 click', other: '# clicks' },
};
export const CART_WORDS: TCountWords = {
  ar: {
    one: 'أُضيف إلى السلة مرة واحدة',
    two: 'أُضيف إلى السلة مرتين',
    few: 'أُضيف إلى السلة # مرات',
    other: 'أُضيف إلى السلة # مرة',
  },
  en: { one: '1 add to cart', other: '# adds to cart' },
};

/**
 * The chart's value axis for counts up to `max`: top, middle and 0, whole numbers, all different, the step
 * a round 1, 2 or 5 × 10ⁿ (1 → 2, 1, 0; 7 → 10, 5, 0; 37 → 40, 20, 0; 1,234 → 2,000, 1,000, 0).
 */
export function axisTicks(max: number): [number, number, number] {
  const half = Math.max(1, Math.ceil(max / 2));
  for (let scale = 1; ; scale *= 10) {
    const step = [1, 2, 5].map((m) => m * scale).find((s) => s >= half);
    if (step !== undefined) return [step * 2, step, 0];
  }
}
