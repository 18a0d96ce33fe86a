import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TContentHealth } from '@app/shared';
import { I18nProvider } from '../../../i18n/I18nProvider';
import { loadCataloguePart } from '../../../i18n/catalogue';
import { fakeFetch, jsonResponse } from '../../../test/fixtures';
import { createMerchantApi } from '../lib/merchant-api';
import { HealthBanner } from './HealthBanner';

const health = (over: Partial<TContentHealth>): TContentHealth => ({
  state: 'ok',
  last_good_refresh_at: '2026-03-01T09:00:00.000Z',
  refresh_hours: 3,
  login_connection: true,
  ...over,
});

function renderBanner(answer: TContentHealth, lang: 'ar' | 'en' = 'en') {
  const double = fakeFetch((call) =>
    call.url === '/api/instagram/connect'
      ? jsonResponse({ url: 'https://www.instagram.com/oauth/authorize?client_id=1' })
      : jsonResponse(answer),
  );
  const onOpenAccount = vi.fn();
  const view = render(
    <I18nProvider initialLang={lang}>
      <HealthBanner api={createMerchantApi(double.fetch)} canTalk onOpenAccount={onOpenAccount} />
    </I18nProvider>,
  );
  return { ...view, calls: double.calls, onOpenAccount };
}

beforeEach(async () => {
  await loadCataloguePart('dashboard');
});

describe('content health banner', () => {
  it('shows nothing while the content is healthy', async () => {
    const { calls, container } = renderBanner(health({ state: 'ok' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/merchant/content-health')).toBe(true));
    expect(container.querySelector('[data-testid="health-banner"]')).toBeNull();
  });

  it('a refused connection: says so and Reconnect starts Instagram Login again', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = renderBanner(health({ state: 'needs_reconnect' }));
    expect((await screen.findByTestId('health-banner')).textContent).toContain(
      'Instagram no longer accepts your connection',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.instagram.com/oauth/authorize?client_id=1'),
    );
    expect(calls.filter((c) => c.url === '/api/instagram/connect' && c.method === 'POST')).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('stale content names the last good refresh (Arabic); an account named by username opens the account tab', async () => {
    const { onOpenAccount, calls } = renderBanner(health({ state: 'stale', login_connection: false }), 'ar');
    const banner = await screen.findByTestId('health-banner');
    expect(banner.textContent).toContain('لم يُحدَّث محتواك منذ');
    fireEvent.click(screen.getByRole('button', { name: 'إعادة الربط' }));
    expect(onOpenAccount).toHaveBeenCalledOnce();
    expect(calls.some((c) => c.url === '/api/instagram/connect')).toBe(false);
  });
});
