import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TMerchantPost, TProduct, TStoredImage } from '@app/shared';
import { I18nProvider } from '../../../i18n/I18nProvider';
import { loadCataloguePart } from '../../../i18n/catalogue';
import { apiError, fakeFetch, jsonResponse, type TRecordedCall } from '../../../test/fixtures';
import type { TMerchantApi } from '../../dashboard/lib/merchant-api';
import { createPostsApi } from '../lib/posts-api';
import { PostsTab } from './PostsTab';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 20_000 });

const image: TStoredImage = {
  kind: 'image',
  width: 1080,
  height: 1080,
  color: '#336699',
  renditions: [{ width: 320, height: 320, path: `/media/${'a'.repeat(64)}-320.webp` }],
};
const post = (n: number, extra: Partial<TMerchantPost> = {}): TMerchantPost => ({
  id: `post-${n}`,
  media: { type: 'image', image },
  caption: `Caption ${n}`,
  timestamp: `2026-03-0${n}T10:00:00.000Z`,
  hidden: false,
  pinned_position: null,
  products: [],
  ...extra,
});
const product = (n: number, extra: Partial<TProduct> = {}): TProduct => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  source: 'manual',
  external_id: null,
  name_ar: `منتج ${n}`,
  name_en: `Product ${n}`,
  url: `https://shop.example.com/${n}`,
  price_halalas: 10000 * n,
  sale_price_halalas: null,
  currency: 'SAR',
  available: true,
  image: null,
  removed_at: null,
  ...extra,
});

function fakeApi(options: { posts?: TMerchantPost[]; planRequired?: boolean; removed?: TProduct[] } = {}) {
  let posts = options.posts ?? [post(3), post(2), post(1)];
  let removed = options.removed ?? [];
  const catalogue = [product(1), product(2, { available: false, sale_price_halalas: 15000 })];
  const double = fakeFetch((call: TRecordedCall) => {
    const { url, method } = call;
    if (url === '/api/merchant/posts' && method === 'GET') return jsonResponse(posts);
    if (url.startsWith('/api/merchant/products?')) {
      if (options.planRequired) return apiError(403, 'products_plan_required', 'Pro feature.');
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      return jsonResponse({
        catalogue: 'manual',
        products: catalogue.filter((p) => p.name_en!.includes(q)),
        page: 1,
        has_more: false,
        removed,
      });
    }
    const match = /^\/api\/merchant\/posts\/([^/]+)$/.exec(url);
    if (match && method === 'PATCH') {
      const body = call.body ?? {};
      posts = posts.map((p) =>
        p.id === match[1]
          ? {
              ...p,
              ...(typeof body.hidden === 'boolean' ? { hidden: body.hidden } : {}),
              ...('pinned_position' in body
                ? { pinned_position: body.pinned_position as number | null }
                : {}),
              ...(Array.isArray(body.product_ids)
                ? {
                    products: (body.product_ids as string[]).map((id) => catalogue.find((c) => c.id === id)!),
                  }
                : {}),
            }
          : p,
      );
      return jsonResponse(posts.find((p) => p.id === match[1]));
    }
    const productMatch = /^\/api\/merchant\/products\/([^/]+)$/.exec(url);
    if (productMatch && method === 'DELETE') {
      removed = removed.filter((p) => p.id !== productMatch[1]);
      return new Response(null, { status: 204 });
    }
    return apiError(404, 'not_found', 'Not found');
  });
  return { api: createPostsApi(double.fetch), calls: double.calls };
}

function renderTab(fake: ReturnType<typeof fakeApi>, lang: 'ar' | 'en' = 'en') {
  const onChoosePlan = vi.fn();
  const merchantApi = {
    widgetInit: vi.fn(() => Promise.resolve({ ok: false, failure: { kind: 'network' } })),
  };
  render(
    <I18nProvider initialLang={lang}>
      <PostsTab
        api={fake.api}
        merchantApi={merchantApi as unknown as TMerchantApi}
        widgetKey="wk_test"
        canTalk
        onChoosePlan={onChoosePlan}
        onConnect={vi.fn()}
      />
    </I18nProvider>,
  );
  return { onChoosePlan, merchantApi };
}

const card = (id: string) => document.querySelector<HTMLElement>(`li[data-post-id="${id}"]`)!;
const patches = (fake: ReturnType<typeof fakeApi>) =>
  fake.calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body]);

beforeEach(async () => {
  await loadCataloguePart('dashboard');
});

describe('Posts tab', () => {
  it('hides a post and pins one; the preview is asked again after each change', async () => {
    const fake = fakeApi();
    const { merchantApi } = renderTab(fake);
    await screen.findByTestId('posts-grid');
    fireEvent.click(within(card('post-2')).getByRole('button', { name: 'Hide this post from your store' }));
    await within(card('post-2')).findByText('Hidden');
    const show = within(card('post-2')).getByRole('button', { name: 'Show this post on your store' });
    expect(show.getAttribute('aria-pressed')).toBe('true');
    // The buttons wait while the hide is saved (shown at once, confirmed by the server's answer).
    const pin = within(card('post-1')).getByRole('button', { name: 'Pin this post first' });
    await waitFor(() => expect((pin as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pin);
    await within(card('post-1')).findByText('Pinned 1');
    expect(patches(fake)).toEqual([
      ['/api/merchant/posts/post-2', { hidden: true }],
      ['/api/merchant/posts/post-1', { pinned_position: 1 }],
    ]);
    await waitFor(() => expect(merchantApi.widgetInit.mock.calls.length).toBeGreaterThanOrEqual(3));
  });

  it('with 3 posts pinned the others cannot be pinned; arrows swap pinned places', async () => {
    const fake = fakeApi({
      posts: [
        post(4, { pinned_position: 2 }),
        post(3, { pinned_position: 1 }),
        post(2, { pinned_position: 3 }),
        post(1),
      ],
    });
    renderTab(fake);
    await screen.findByTestId('posts-grid');
    const pin = within(card('post-1')).getByRole('button', { name: 'Pin this post first' });
    expect((pin as HTMLButtonElement).disabled).toBe(true);
    // The reason is on the page in words, and the disabled button points at it.
    const note = screen.getByTestId('pins-full');
    expect(note.textContent).toBe('You can pin up to 3 posts. Unpin one first.');
    expect(pin.getAttribute('aria-describedby')).toBe(note.id);
    fireEvent.click(within(card('post-4')).getByRole('button', { name: 'Move earlier among pinned posts' }));
    await waitFor(() =>
      expect(patches(fake)).toEqual([['/api/merchant/posts/post-4', { pinned_position: 1 }]]),
    );
  });

  it('links products in the order chosen from the picker', async () => {
    const fake = fakeApi();
    renderTab(fake);
    await screen.findByTestId('posts-grid');
    fireEvent.click(within(card('post-3')).getByRole('button', { name: 'Link products' }));
    const picker = await screen.findByTestId('product-picker');
    await within(picker).findByTestId('product-results');
    expect(within(picker).getByText('Sold out')).toBeTruthy();
    fireEvent.click(within(picker).getByRole('button', { name: 'Add: Product 2' }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Add: Product 1' }));
    expect(
      (within(picker).getByRole('button', { name: 'Add: Product 1' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(picker).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('product-picker')).toBeNull());
    expect(patches(fake)).toEqual([
      ['/api/merchant/posts/post-3', { product_ids: [product(2).id, product(1).id] }],
    ]);
    expect(within(card('post-3')).getByText('Product 2')).toBeTruthy();
  });

  it('without Pro, Link products opens the plans; removed products show as a notice to dismiss', async () => {
    const basic = fakeApi({ planRequired: true });
    const { onChoosePlan } = renderTab(basic);
    await screen.findByText('Linking products to posts is a Pro feature.');
    fireEvent.click(within(card('post-3')).getByRole('button', { name: 'Link products' }));
    expect(onChoosePlan).toHaveBeenCalled();
  });

  it('shows a product the store deleted until the merchant dismisses it (Arabic)', async () => {
    const fake = fakeApi({
      removed: [product(7, { source: 'salla', removed_at: '2026-03-05T10:00:00.000Z' })],
    });
    renderTab(fake, 'ar');
    await screen.findByText('حُذف «منتج 7» من متجرك، فأُزيل من منشوراتك.');
    fireEvent.click(screen.getByRole('button', { name: 'إخفاء التنبيه' }));
    await waitFor(() => expect(screen.queryByText('منتجات حُذفت من متجرك')).toBeNull());
    expect(
      fake.calls.some((c) => c.method === 'DELETE' && c.url === `/api/merchant/products/${product(7).id}`),
    ).toBe(true);
  });
});
