import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TInsights, TInsightsTotals, TStoredImage } from '@app/shared';
import { I18nProvider } from '../../../i18n/I18nProvider';
import { loadCataloguePart } from '../../../i18n/catalogue';
import { apiError, fakeFetch, jsonResponse } from '../../../test/fixtures';
import { createInsightsApi } from '../lib/insights-api';
import { changeOf, formatRate } from '../lib/insights-format';
import { InsightsTab } from './InsightsTab';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 20_000 });

const image: TStoredImage = {
  kind: 'image',
  width: 1080,
  height: 1080,
  color: '#336699',
  renditions: [{ width: 320, height: 320, path: `/media/${'a'.repeat(64)}-320.webp` }],
};
const zero: TInsightsTotals = {
  impressions: 0,
  post_opens: 0,
  story_opens: 0,
  product_clicks: 0,
  follow_clicks: 0,
  add_to_carts: 0,
};
const days = (n: number, to = '2026-03-10') =>
  Array.from({ length: n }, (_, i) => {
    const date = new Date(Date.parse(`${to}T00:00:00Z`) - (n - 1 - i) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return { date, ...zero };
  });

function insightsFor(period: number): TInsights {
  const daily = days(period);
  daily[period - 1] = { ...daily[period - 1]!, impressions: 1200, post_opens: 40, product_clicks: 6 };
  daily[period - 2] = { ...daily[period - 2]!, impressions: 300, post_opens: 10, follow_clicks: 2 };
  return {
    days: period,
    from: daily[0]!.date,
    to: daily.at(-1)!.date,
    totals: {
      impressions: 1500,
      post_opens: 50,
      story_opens: 0,
      product_clicks: 6,
      follow_clicks: 2,
      add_to_carts: 3,
    },
    previous_totals: {
      impressions: 1000,
      post_opens: 60,
      story_opens: 0,
      product_clicks: 0,
      follow_clicks: 2,
      add_to_carts: 0,
    },
    daily,
    top_posts: [
      {
        post_id: '1790001',
        opens: 30,
        product_clicks: 6,
        add_to_carts: 3,
        image,
        caption: 'New abayas for Ramadan',
        permalink: 'https://www.instagram.com/p/abc/',
      },
      {
        post_id: '1790002',
        opens: 20,
        product_clicks: 0,
        add_to_carts: 0,
        image: null,
        caption: null,
        permalink: null,
      },
    ],
    top_products: [
      {
        product_id: 'p1',
        name_ar: 'عباية سوداء',
        name_en: 'Black abaya',
        image,
        clicks: 6,
        add_to_carts: 3,
        views: 18,
        click_through_rate: 33.3,
      },
    ],
  };
}

function fakeApi(answer: (days: number) => Response) {
  const double = fakeFetch((call) => {
    const match = /^\/api\/merchant\/insights\?days=(\d+)$/.exec(call.url);
    return match ? answer(Number(match[1])) : apiError(404, 'not_found', 'Not found');
  });
  return { api: createInsightsApi(double.fetch), calls: double.calls };
}

function renderTab(fake: ReturnType<typeof fakeApi>, lang: 'ar' | 'en' = 'en') {
  render(
    <I18nProvider initialLang={lang}>
      <InsightsTab api={fake.api} canTalk />
    </I18nProvider>,
  );
}

beforeEach(async () => {
  await loadCataloguePart('dashboard');
});

describe('Insights tab', () => {
  it('shows the totals with their change, the chart of the chosen metric, top posts and products', async () => {
    const fake = fakeApi((d) => jsonResponse(insightsFor(d)));
    renderTab(fake);
    const views = await screen.findByTestId('insights-total-impressions');
    expect(views.textContent).toContain('1,500');
    expect(views.textContent).toContain('+50% vs the 30 days before');
    expect(screen.getByTestId('insights-total-post_opens').textContent).toContain(
      '−17% vs the 30 days before',
    );
    expect(screen.getByTestId('insights-total-product_clicks').textContent).toContain('new in this period');
    expect(screen.getByTestId('insights-total-follow_clicks').textContent).toContain(
      'same as the 30 days before',
    );
    expect(screen.getByTestId('insights-total-add_to_carts').textContent).toContain('Added to cart');

    // The chart: one bar a day, the tallest on the best day; its words for screen readers.
    const chart = screen.getByTestId('insights-chart');
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    expect(bars[29]!.getAttribute('data-value')).toBe('1200');
    expect(chart.getAttribute('aria-label')).toBe(
      'Widget views per day from Feb 9 to Mar 10; highest 1,200 on Mar 10.',
    );
    fireEvent.click(screen.getByTestId('insights-total-post_opens'));
    expect(screen.getByTestId('insights-total-post_opens').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Post opens per day')).toBeTruthy();
    expect(
      screen.getByTestId('insights-chart').querySelectorAll('rect')[29]!.getAttribute('data-value'),
    ).toBe('40');

    const posts = within(screen.getByTestId('insights-top-posts')).getAllByRole('listitem');
    expect(posts[0]!.textContent).toContain('New abayas for Ramadan');
    expect(posts[0]!.textContent).toContain('30 opens · 6 product clicks · 3 adds to cart');
    expect(posts[0]!.querySelector('img')?.getAttribute('src')).toBe(image.renditions[0]!.path);
    expect(posts[1]!.textContent).toContain('Post no longer shown');
    const products = within(screen.getByTestId('insights-top-products')).getAllByRole('listitem');
    expect(products[0]!.textContent).toContain('Black abaya');
    expect(products[0]!.textContent).toContain('6 clicks · 3 adds to cart');
    expect(products[0]!.textContent).toContain('33.3% click-through');
  });

  it('asks the API for the chosen period', async () => {
    const fake = fakeApi((d) => jsonResponse(insightsFor(d)));
    renderTab(fake);
    await screen.findByTestId('insights-chart');
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(screen.getByTestId('insights-chart').querySelectorAll('rect')).toHaveLength(7),
    );
    expect(fake.calls.map((c) => c.url)).toEqual([
      '/api/merchant/insights?days=30',
      '/api/merchant/insights?days=7',
    ]);
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('explains what will appear while nothing has been counted', async () => {
    const fake = fakeApi((d) =>
      jsonResponse({
        ...insightsFor(d),
        totals: zero,
        previous_totals: zero,
        daily: days(d),
        top_posts: [],
        top_products: [],
      }),
    );
    renderTab(fake, 'ar');
    const empty = await screen.findByTestId('insights-empty');
    expect(empty.textContent).toContain('ستظهر إحصاءاتك هنا');
    expect(screen.queryByTestId('insights-chart')).toBeNull();
    expect(screen.getByRole('button', { name: 'آخر 30 يومًا' })).toBeTruthy();
    // Plurals through the shared rules: 3–10 take the plural.
    expect(screen.getByRole('button', { name: 'آخر 7 أيام' })).toBeTruthy();
  });

  it('reads Arabic right to left: the first day on the right of the chart', async () => {
    const fake = fakeApi((d) => jsonResponse(insightsFor(d)));
    renderTab(fake, 'ar');
    const chart = await screen.findByTestId('insights-chart');
    const bars = [...chart.querySelectorAll('rect')];
    // The last day (the tallest bar) is drawn leftmost.
    const lastDay = bars[29]!;
    expect(Number(lastDay.getAttribute('x'))).toBeLessThan(Number(bars[0]!.getAttribute('x')));
    expect(screen.getByTestId('insights-total-impressions').textContent).toContain('1,500');
    expect(within(screen.getByTestId('insights-top-products')).getByText('عباية سوداء')).toBeTruthy();
    // Counted words by Arabic plural category: 30 → مرة, 6 → نقرات.
    const posts = within(screen.getByTestId('insights-top-posts')).getAllByRole('listitem');
    expect(posts[0]!.textContent).toContain('فُتح 30 مرة');
    expect(posts[0]!.textContent).toContain('6 نقرات على منتجاته');
    expect(screen.getByTestId('insights-top-products').textContent).toContain('نسبة النقر 33.3%');
  });

  it('says when the insights cannot be loaded, and tries again', async () => {
    let fail = true;
    const fake = fakeApi((d) =>
      fail ? apiError(500, 'internal_error', 'boom') : jsonResponse(insightsFor(d)),
    );
    renderTab(fake);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load your insights');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('insights-chart');
  });
});

describe('insights numbers', () => {
  it('writes changes and rates the way the tab shows them', () => {
    expect(changeOf(150, 100)).toEqual({ kind: 'up', text: '+50%' });
    expect(changeOf(5, 6)).toEqual({ kind: 'down', text: '−17%' });
    expect(changeOf(25_000, 10)).toEqual({ kind: 'up', text: '+249,900%' });
    expect(changeOf(3, 0)).toEqual({ kind: 'new' });
    expect(changeOf(0, 0)).toEqual({ kind: 'same' });
    expect(changeOf(1001, 1000)).toEqual({ kind: 'same' });
    expect(formatRate(33.3)).toBe('33.3%');
    expect(formatRate(5)).toBe('5%');
  });
});
