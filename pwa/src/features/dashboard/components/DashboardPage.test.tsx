import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { DEFAULT_WIDGET_SETTINGS, EMPTY_PUBLIC_CONFIG, type TMerchant } from '@app/shared';
import { resetLocalDataForTests } from '../../../db';
import {
  apiError,
  fakeFetch,
  isRefresh,
  jsonResponse,
  makeSession,
  type TRecordedCall,
} from '../../../test/fixtures';
import { renderApp, setLanguage } from '../../../test/render-app';
import { API_ERRORS } from '@app/shared';
import { setPublicConfigForTests } from '../../marketing/lib/public-config';

function makeMerchant(overrides: Partial<TMerchant> = {}): TMerchant {
  return {
    id: 'u1',
    user_id: '5d0f6a3e-8a0b-4a52-9f55-2f4b8b0d2c11',
    business_name: 'Oud House',
    instagram_username: 'oudhouse',
    public_widget_key: 'wk_test_123',
    email: 'owner@store.sa',
    login_email: 'owner@store.sa',
    store_url: 'oudhouse.sa',
    store_platform: 'other',
    trial_ends_at: new Date(Date.now() + 2.5 * 86_400_000).toISOString(),
    subscription_tier: 'trial',
    subscription_plan: 'trial',
    subscription_tier_id: null,
    subscription_end_date: null,
    last_refresh: '2026-01-05T10:00:00.000Z',
    last_error: null,
    next_refresh_at: null,
    salla_connection: null,
    display_settings: DEFAULT_WIDGET_SETTINGS,
    settings_version: 1,
    language_preference: 'en',
    widget_content_ready: true,
    needs_password_setup: false,
    support_chat_url: 'https://chat.example/lamha',
    ...overrides,
  };
}

// The dashboard reads this device's database before it shows anything; give slow machines time.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 20_000 });

type THandler = (call: TRecordedCall) => Response | Promise<Response> | undefined;

/** The API as the dashboard sees it; `extra` answers first (return undefined to fall through). */
function dashboardApi(merchant: TMerchant, extra: THandler = () => undefined) {
  return fakeFetch(async (call) => {
    const answer = await extra(call);
    if (answer) return answer;
    if (isRefresh(call)) return jsonResponse(makeSession());
    if (call.url === '/api/merchant' && call.method === 'GET') return jsonResponse(merchant);
    if (call.url === '/api/merchant/settings') {
      return jsonResponse({ settings: call.body?.settings, version: Number(call.body?.version) + 1 });
    }
    return apiError(404, 'not_found', 'Not found');
  });
}

// The first render of /dashboard compiles its lazy modules (seconds on a loaded machine: CI once waited
// past the 8 s above). Done once here, so each test waits on the dashboard's behaviour, not on compiling.
beforeAll(async () => {
  document.cookie = 'lamha_signed_in=1; path=/'; // as setup.ts does before each test
  setLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => apiError(404, 'widget_not_found', 'Widget identifier is invalid or missing.')),
  );
  renderApp('/dashboard', { fetch: dashboardApi(makeMerchant()).fetch });
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 60_000 });
  cleanup();
  vi.unstubAllGlobals();
  await resetLocalDataForTests();
}, 90_000);

beforeEach(async () => {
  // Toasts live in sonner's module-wide store: start each test without the previous one's.
  toast.dismiss();
  await resetLocalDataForTests();
  setLanguage('en');
  // The preview's public widget call: nothing to show in these tests.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => apiError(404, 'widget_not_found', 'Widget identifier is invalid or missing.')),
  );
});

describe('dashboard tabs', () => {
  it('opens the account tab by default, with the product header and sidebar', async () => {
    renderApp('/dashboard', { fetch: dashboardApi(makeMerchant()).fetch });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'My Account' }).getAttribute('aria-selected')).toBe('true');
    const help = screen.getAllByRole('link', { name: 'Need Help' })[0]!;
    expect(help.getAttribute('href')).toBe('https://chat.example/lamha');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByRole('button', { name: 'Logout' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('selects the tab named by the hash or by ?tab=', async () => {
    renderApp('/dashboard#embed', { fetch: dashboardApi(makeMerchant()).fetch });
    expect((await screen.findByRole('tab', { name: 'Embed Code' })).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it("words the account's last Instagram error in Arabic, with the professional-account how-to", async () => {
    setLanguage('ar');
    const merchant = makeMerchant({ last_error: API_ERRORS.instagram_not_business.en });
    renderApp('/dashboard', { fetch: dashboardApi(merchant).fetch });
    expect(await screen.findByText(new RegExp(API_ERRORS.instagram_not_business.ar))).toBeTruthy();
    expect(screen.queryByText(/not a business or creator account/)).toBeNull();
    const howto = screen.getByTestId('professional-howto');
    expect(within(howto).getByRole('heading').textContent).toBe('حوّل حسابك إلى حساب احترافي في 3 خطوات');
    expect(within(howto).getAllByRole('listitem')).toHaveLength(3);
    expect(howto.querySelectorAll('svg')).toHaveLength(3);
  });

  it('warns while the merchant picks two colours that cannot be read together', async () => {
    renderApp('/dashboard?tab=settings', { fetch: dashboardApi(makeMerchant()).fetch });
    const primary = await screen.findByLabelText('Primary colour');
    expect(screen.queryByTestId('contrast-warning')).toBeNull();
    fireEvent.change(primary, { target: { value: '#f9a8d4' } });
    expect((await screen.findByTestId('contrast-warning')).textContent).toMatch(
      /contrast 1\.\d:1, at least 4\.5:1/,
    );
    fireEvent.change(primary, { target: { value: '#111827' } });
    await waitFor(() => expect(screen.queryByTestId('contrast-warning')).toBeNull());
  });

  it('selects the settings tab from ?tab=settings with one save button there', async () => {
    renderApp('/dashboard?tab=settings', { fetch: dashboardApi(makeMerchant()).fetch });
    expect((await screen.findByRole('tab', { name: 'Settings' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /save/i })).toHaveLength(1);
  });

  it('hides Need Help when no chat link is configured', async () => {
    renderApp('/dashboard', { fetch: dashboardApi(makeMerchant({ support_chat_url: null })).fetch });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(screen.queryByRole('link', { name: 'Need Help' })).toBeNull();
  });

  it('says so when the merchant cannot be loaded', async () => {
    const api = fakeFetch((call) =>
      isRefresh(call) ? jsonResponse(makeSession()) : apiError(500, 'internal', 'boom'),
    );
    renderApp('/dashboard', { fetch: api.fetch });
    expect(await screen.findByText('Failed to load merchant data. Please try again later.')).toBeTruthy();
  });
});

describe('account card', () => {
  it('shows the account, the e-mail, the store link with https, the plan label and trial days rounded up', async () => {
    renderApp('/dashboard', { fetch: dashboardApi(makeMerchant()).fetch });
    const link = await screen.findByRole('link', { name: 'Open @oudhouse on Instagram' });
    expect(link.getAttribute('href')).toBe('https://instagram.com/oudhouse');
    expect(screen.getByText('owner@store.sa')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'oudhouse.sa' }).getAttribute('href')).toBe(
      'https://oudhouse.sa',
    );
    expect(screen.getAllByText('Instagram linked').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Trial').length).toBeGreaterThan(0);
    expect(screen.getByText('Trial: 3 days remaining')).toBeTruthy();
  });

  it("hides the 'instagram' placeholder, says nothing is connected, and shows 'No email added'", async () => {
    const merchant = makeMerchant({
      instagram_username: 'instagram',
      email: null,
      subscription_tier: '',
      subscription_plan: 'free',
    });
    renderApp('/dashboard', { fetch: dashboardApi(merchant).fetch });
    expect(await screen.findByText(/No Instagram account is connected yet/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /@instagram/ })).toBeNull();
    expect(screen.getByText('No email added')).toBeTruthy();
    expect(screen.getAllByText('Instagram not linked').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Free').length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: /Refresh Content/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('shows an expired trial', async () => {
    renderApp('/dashboard', {
      fetch: dashboardApi(makeMerchant({ trial_ends_at: new Date(Date.now() - 1000).toISOString() })).fetch,
    });
    expect(await screen.findByText('Your trial has expired')).toBeTruthy();
  });

  it('counts the trial down from 3 days out, and not before', async () => {
    renderApp('/dashboard', {
      fetch: dashboardApi(
        makeMerchant({ trial_ends_at: new Date(Date.now() + 2.5 * 86_400_000).toISOString() }),
      ).fetch,
    });
    const banner = await screen.findByTestId('trial-banner');
    expect(banner.textContent).toContain(
      'Your free trial ends in 3 days. Choose a plan to keep the widget on your store.',
    );
    fireEvent.click(within(banner).getByRole('button', { name: 'Choose a plan' }));
    expect(await screen.findByRole('tab', { name: 'Plan and billing', selected: true })).toBeTruthy();
  });

  it('shows no countdown 5 days out', async () => {
    renderApp('/dashboard', {
      fetch: dashboardApi(
        makeMerchant({ trial_ends_at: new Date(Date.now() + 5 * 86_400_000).toISOString() }),
      ).fetch,
    });
    expect(await screen.findByText('Trial: 5 days remaining')).toBeTruthy();
    expect(screen.queryByTestId('trial-banner')).toBeNull();
  });

  it('says "grace period" on the plan badge in grace and "Expired" after, never "Free"', async () => {
    const graced = makeMerchant({
      subscription_tier: 'Basic',
      subscription_plan: 'basic',
      subscription_status: 'grace',
      trial_ends_at: null,
    });
    const { unmount } = renderApp('/dashboard', { fetch: dashboardApi(graced).fetch });
    expect((await screen.findAllByText('Basic · grace period')).length).toBeGreaterThan(0);
    unmount();
    await resetLocalDataForTests();
    const expired = makeMerchant({
      subscription_tier: '',
      subscription_plan: 'free',
      subscription_status: 'expired',
      trial_ends_at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    });
    renderApp('/dashboard', { fetch: dashboardApi(expired).fetch });
    expect((await screen.findAllByText('Expired')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Free')).toBeNull();
  });

  it('cuts a long tier name to 12 characters and an ellipsis', async () => {
    const merchant = makeMerchant({
      subscription_tier: 'enterprise unlimited',
      subscription_plan: 'basic',
      trial_ends_at: null,
    });
    renderApp('/dashboard', { fetch: dashboardApi(merchant).fetch });
    expect((await screen.findAllByText('Enterprise u…')).length).toBeGreaterThan(0);
  });

  it('checks the username before saving, then sends it without spaces or @', async () => {
    const api = dashboardApi(makeMerchant({ instagram_username: null }), (call) =>
      call.url === '/api/merchant/account'
        ? jsonResponse({
            instagram_username: 'newshop',
            public_widget_key: 'wk_new',
            is_validated: true,
            widget_content_ready: false,
            email: null,
          })
        : undefined,
    );
    renderApp('/dashboard', { fetch: api.fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByText('Enter the username without @. The account must be public.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter an Instagram username.');
    expect(api.calls.some((c) => c.url === '/api/merchant/account')).toBe(false);

    fireEvent.change(screen.getByLabelText('Instagram username'), { target: { value: '  @NewShop ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account updated successfully')).toBeTruthy();
    const saved = api.calls.find((c) => c.url === '/api/merchant/account');
    expect(saved?.body).toEqual({ instagram_username: 'newshop' });
  });

  it('hides the username field where the server cannot read usernames, and sends only the e-mail', async () => {
    const api = dashboardApi(makeMerchant({ instagram_username: null }), (call) =>
      call.url === '/api/instagram/connection'
        ? jsonResponse({
            connected: false,
            login_available: true,
            username_available: false,
            username: null,
            account_type: null,
            status: null,
            sample_content: false,
            connected_at: null,
            token_expires_at: null,
          })
        : call.url === '/api/merchant/account'
          ? jsonResponse({
              instagram_username: null,
              public_widget_key: null,
              is_validated: false,
              widget_content_ready: false,
              email: 'new@store.sa',
            })
          : undefined,
    );
    renderApp('/dashboard', { fetch: api.fetch });
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/instagram/connection')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.queryByLabelText('Instagram username')).toBeNull());
    const email = screen.getByLabelText('Contact e-mail (optional)');
    // An invalid address is said on the field itself, and nothing is sent.
    fireEvent.change(email, { target: { value: 'owner@store' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter a valid e-mail address.',
    );
    expect(api.calls.some((c) => c.url === '/api/merchant/account')).toBe(false);

    fireEvent.change(email, { target: { value: 'new@store.sa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account updated successfully')).toBeTruthy();
    const saved = api.calls.find((c) => c.url === '/api/merchant/account');
    expect(saved?.body).toEqual({ email: 'new@store.sa' });
  });

  it("shows the server's reason when the account cannot be saved", async () => {
    const api = dashboardApi(makeMerchant(), (call) =>
      call.url === '/api/merchant/account'
        ? apiError(400, 'instagram_not_business', 'This account is not a business account.')
        : undefined,
    );
    renderApp('/dashboard', { fetch: api.fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Error updating account: This account is not a business account.'),
    ).toBeTruthy();
  });

  it('says when a limited refresh or account check is available again, and waits until then', async () => {
    const retryAfter = 240;
    const limited = (code: string, message: string) =>
      jsonResponse({ error: { code, message, details: { retry_after: retryAfter } } }, 429);
    const api = dashboardApi(makeMerchant(), (call) =>
      call.url === '/api/merchant/refresh'
        ? limited('refresh_too_soon', 'You can refresh your content once every 5 minutes.')
        : call.url === '/api/merchant/account'
          ? limited('instagram_checks_limited', 'Too many Instagram account checks.')
          : undefined,
    );
    renderApp('/dashboard', { fetch: api.fetch });
    const before = Date.now();
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh Content' }));
    const time = (at: number) =>
      new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(new Date(at));
    // The clock may pass a minute boundary between the click and the answer: either minute is right.
    const expected = [time(before + retryAfter * 1000), time(Date.now() + retryAfter * 1000)];
    const button = await screen.findByRole('button', { name: /^Available at / });
    expect(expected.map((t) => `Available at ${t}`)).toContain(button.textContent);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const toastText = (await screen.findByText(/Refresh is available again at/)).textContent;
    expect(
      expected.map(
        (t) => `You can refresh your content once every 5 minutes. Refresh is available again at ${t}.`,
      ),
    ).toContain(toastText);

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText(/You can try again at/)).textContent).toMatch(
      /Too many Instagram account checks this hour\. You can try again at \d{1,2}:\d{2}\s?[AP]M\.$/,
    );
  });

  it('Cancel puts the inputs back', async () => {
    renderApp('/dashboard', { fetch: dashboardApi(makeMerchant()).fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Instagram username'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('Instagram username') as HTMLInputElement).value).toBe('oudhouse');
  });
});

describe('plan and billing in the dashboard', () => {
  const grace = {
    tier: null,
    status: 'grace',
    period: null,
    current_period_end: '2026-03-01T09:00:00.000Z',
    grace_ends_at: '2026-03-04T09:00:00.000Z',
    managed_by: 'direct',
    payments_enabled: true,
    scheduled: null,
    options: [],
    card_saving: false,
    auto_renew: false,
    card: null,
    details: { company_name: null, vat_number: null },
  };

  it('shows the grace banner on every tab and leads to the billing tab; nothing grants a plan for free', async () => {
    const api = dashboardApi(makeMerchant(), (call) =>
      call.url === '/api/billing/subscription'
        ? jsonResponse(grace)
        : call.url === '/api/billing/invoices'
          ? jsonResponse({ invoices: [] })
          : undefined,
    );
    renderApp('/dashboard', { fetch: api.fetch });
    const banner = await screen.findByText(
      /Your plan ended on .* The widget keeps showing on your store until/,
    );
    expect(banner).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save plan' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose a plan' }));
    expect(await screen.findByRole('heading', { name: 'How plans work' })).toBeTruthy();
    expect(screen.getByText('No invoices yet. Each payment issues a VAT invoice here.')).toBeTruthy();
    expect(api.calls.some((c) => c.url === '/api/user/subscription')).toBe(false);
  });

  it('says the widget is off after grace', async () => {
    const api = dashboardApi(makeMerchant(), (call) =>
      call.url === '/api/billing/subscription' ? jsonResponse({ ...grace, status: 'expired' }) : undefined,
    );
    renderApp('/dashboard#billing', { fetch: api.fetch });
    expect(
      await screen.findByText(/the widget is not showing on your store\. Your settings and content are kept/),
    ).toBeTruthy();
  });
});

describe('settings tab', () => {
  it('asks to connect Instagram first when there is no account', async () => {
    renderApp('/dashboard#settings', {
      fetch: dashboardApi(makeMerchant({ instagram_username: null, public_widget_key: null })).fetch,
    });
    expect(await screen.findByRole('heading', { name: 'Connect Instagram First' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Account' }).getAttribute('href')).toBe('#account');
  });

  it('turns a non-numeric margin into 0 and saves the edited settings with their version', async () => {
    const api = dashboardApi(makeMerchant());
    renderApp('/dashboard#settings', { fetch: api.fetch });
    const top = await screen.findByRole('spinbutton', { name: 'Title margins (px): Top' });
    fireEvent.change(top, { target: { value: '12' } });
    expect((top as HTMLInputElement).value).toBe('12');
    const left = screen.getByRole('spinbutton', { name: 'Title margins (px): Left' });
    fireEvent.change(left, { target: { value: 'abc' } });
    expect((left as HTMLInputElement).value).toBe('0');
    // Arabic-Indic digits are numbers too (spec: every number field).
    const bottom = screen.getByRole('spinbutton', { name: 'Title margins (px): Bottom' });
    fireEvent.change(bottom, { target: { value: '٨' } });
    expect((bottom as HTMLInputElement).value).toBe('8');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Our latest posts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Saved. Your store shows the new look the next time a page loads.'),
    ).toBeTruthy();
    const put = api.calls.find((c) => c.url === '/api/merchant/settings');
    expect(put?.body?.version).toBe(1);
    const sent = put?.body?.settings as typeof DEFAULT_WIDGET_SETTINGS;
    expect(sent.title_settings.title_margin).toEqual({ top: 12, bottom: 8, left: 0, right: 0 });
    expect(sent.title_settings.title).toBe('Our latest posts');
  });

  it('changes the layout, posts limit, captions, highlights, motion and muting, and saves them', async () => {
    const api = dashboardApi(makeMerchant());
    renderApp('/dashboard#settings', { fetch: api.fetch });
    const grid = await screen.findByRole('radio', { name: 'Grid' });
    expect((grid as HTMLInputElement).checked).toBe(true);
    // Autoplay is for the carousel only.
    const autoplay = screen.getByRole('checkbox', { name: 'Carousel moves on its own' });
    expect(autoplay.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Carousel' }));
    expect(autoplay.hasAttribute('disabled')).toBe(false);
    fireEvent.click(autoplay);
    fireEvent.click(screen.getByRole('radio', { name: 'Masonry' }));
    expect(autoplay.hasAttribute('disabled')).toBe(true);

    const limit = screen.getByRole('spinbutton', { name: 'Posts shown at first' });
    expect(limit.getAttribute('aria-valuemax')).toBe('50');
    expect(screen.getByText('Your plan shows up to 50 posts.')).toBeTruthy();
    fireEvent.change(limit, { target: { value: '24' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show the “Load more” button' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show captions under posts' }));
    const counts = screen.getByRole('checkbox', { name: 'Show likes and comments' });
    expect(counts.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(counts);
    fireEvent.click(screen.getByRole('radio', { name: 'Rounded squares' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Highlights shown' }), {
      target: { value: '99' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Slide' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Start videos muted' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Saved. Your store shows the new look the next time a page loads.'),
    ).toBeTruthy();
    const sent = api.calls.find((c) => c.url === '/api/merchant/settings')?.body
      ?.settings as typeof DEFAULT_WIDGET_SETTINGS;
    expect(sent.feed).toEqual({
      layout: 'masonry',
      enabled: true,
      posts_limit: 24,
      show_load_more: false,
      autoplay: true,
      show_counts: false,
    });
    expect(sent.highlights).toEqual({ layout: 'square', enabled: true, limit: 20 });
    expect(sent.animation).toEqual({ type: 'slide' });
    expect(sent.show_captions).toBe(true);
    expect(sent.mute_videos).toBe(false);
  });

  it("holds the posts limit to the Basic plan's 12 and says what Pro shows", async () => {
    const api = dashboardApi(makeMerchant({ subscription_tier: 'Basic', subscription_plan: 'basic' }));
    renderApp('/dashboard#settings', { fetch: api.fetch });
    const limit = await screen.findByRole('spinbutton', { name: 'Posts shown at first' });
    expect(limit.getAttribute('aria-valuemax')).toBe('12');
    expect(screen.getByText('The Basic plan shows up to 12 posts; Pro shows up to 50.')).toBeTruthy();
    fireEvent.change(limit, { target: { value: '40' } });
    expect((limit as HTMLInputElement).value).toBe('12');
    fireEvent.change(limit, { target: { value: '1' } });
    expect((limit as HTMLInputElement).value).toBe('3');
  });

  it('keeps an old zoom animation visible until another is chosen', async () => {
    const merchant = makeMerchant({
      display_settings: { ...DEFAULT_WIDGET_SETTINGS, animation: { type: 'zoom' } },
    });
    renderApp('/dashboard#settings', { fetch: dashboardApi(merchant).fetch });
    const zoom = await screen.findByRole('radio', { name: 'Zoom' });
    expect((zoom as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'None' }));
    expect(screen.queryByRole('radio', { name: 'Zoom' })).toBeNull();
  });

  it('imports a valid file into the draft only, and a broken one changes nothing', async () => {
    const api = dashboardApi(makeMerchant());
    renderApp('/dashboard#settings', { fetch: api.fetch });
    const input = (await screen.findByTestId('settings-import')) as HTMLInputElement;
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    const before = title.value;

    const broken = new File(['{"widget_enabled": tru'], 'widget-settings.json', { type: 'application/json' });
    await act(async () => fireEvent.change(input, { target: { files: [broken] } }));
    // One sentence that says what is wrong, beside the buttons, never the schema's text.
    expect((await screen.findByTestId('import-problem')).textContent).toBe(
      'This file is not a Lamha settings export: choose the widget-settings.json file you exported with Export.',
    );
    expect(title.value).toBe(before);

    const wrong = new File([JSON.stringify({ ...DEFAULT_WIDGET_SETTINGS, display_size: 'huge' })], 'w.json');
    await act(async () => fireEvent.change(input, { target: { files: [wrong] } }));
    await waitFor(() =>
      expect(screen.getByTestId('import-problem').textContent).toBe(
        'This settings file cannot be imported: “Display size” is not one of the choices. Correct it in the file, or export your settings again.',
      ),
    );
    expect(title.value).toBe(before);

    const good = {
      ...DEFAULT_WIDGET_SETTINGS,
      title_settings: { ...DEFAULT_WIDGET_SETTINGS.title_settings, title: 'Imported title' },
    };
    await act(async () =>
      fireEvent.change(input, {
        target: { files: [new File([JSON.stringify(good)], 'widget-settings.json')] },
      }),
    );
    expect(
      await screen.findByText('Settings imported successfully! Click Save to apply changes.'),
    ).toBeTruthy();
    expect(title.value).toBe('Imported title');
    expect(screen.queryByTestId('import-problem')).toBeNull();
    expect(api.calls.some((c) => c.url === '/api/merchant/settings')).toBe(false);
  });

  it('toggles the widget visibility in the unsaved settings', async () => {
    renderApp('/dashboard#settings', { fetch: dashboardApi(makeMerchant()).fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Hide Widget' }));
    expect(screen.getByText('The widget is hidden from your store')).toBeTruthy();
    expect(screen.getByText('Applies when you save.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show Widget' })).toBeTruthy();
  });

  it('shows both versions on a conflict and lets the merchant keep theirs', async () => {
    const server = { ...DEFAULT_WIDGET_SETTINGS, primary_color: '#123456' };
    let attempts = 0;
    const api = dashboardApi(makeMerchant(), (call) => {
      if (call.url !== '/api/merchant/settings') return undefined;
      attempts++;
      if (attempts === 1) {
        return jsonResponse(
          {
            error: {
              code: 'conflict',
              message: 'changed elsewhere',
              details: { settings: server, version: 2 },
            },
          },
          409,
        );
      }
      return jsonResponse({ settings: call.body?.settings, version: 3 });
    });
    renderApp('/dashboard#settings', { fetch: api.fetch });
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'These settings were changed elsewhere' });
    expect(within(dialog).getByText('Mine')).toBeTruthy();
    expect(within(dialog).getByText('#123456')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my version' }));
    const puts = () => api.calls.filter((c) => c.url === '/api/merchant/settings');
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(
      await screen.findByText('Saved. Your store shows the new look the next time a page loads.'),
    ).toBeTruthy();
    const last = puts().at(-1);
    expect(last?.body?.version).toBe(2);
    expect((last?.body?.settings as typeof server).title_settings.title).toBe('Mine');
  });
});

describe('embed tab', () => {
  it('gives the snippet with the public key, and Copied! after copying', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/dashboard#embed', { fetch: dashboardApi(makeMerchant()).fetch });
    const snippet = await screen.findByTestId('embed-snippet');
    expect(snippet.textContent).toBe(
      `<script\n  src="${window.location.origin}/widget.js"\n  data-merchant-id="wk_test_123"\n  async defer></script>`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy Code' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(snippet.textContent);
    expect(screen.getByText(/just before the closing <\/body> tag/)).toBeTruthy();
    // The placement element, copyable, instead of "contact support".
    expect(screen.getByTestId('placement-slot').textContent).toBe('<div data-feed-widget></div>');
    // Platform tabs: Shopify's theme.liquid, Salla's automatic install.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Shopify' }));
    expect(await screen.findByText(/layout\/theme\.liquid/)).toBeTruthy();
    // Without Lamha's Salla listing configured: how to paste the code on Salla, with the code.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Salla' }));
    expect(await screen.findByText(/In your Salla dashboard, open the place where your theme/)).toBeTruthy();
    expect(screen.getByTestId('embed-snippet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Install on Salla/ })).toBeNull();
  });

  it("sends Install on Salla to Lamha's listing when the server names it, and preselects the store's platform", async () => {
    setPublicConfigForTests({ ...EMPTY_PUBLIC_CONFIG, salla_app_url: 'https://apps.salla.sa/ar/app/1234' });
    try {
      renderApp('/dashboard#embed', {
        fetch: dashboardApi(makeMerchant({ store_url: 'https://salla.sa/roses' })).fetch,
      });
      // The store's address is on Salla: the Salla tab is the one open.
      expect((await screen.findByRole('tab', { name: 'Salla' })).getAttribute('aria-selected')).toBe('true');
      expect(await screen.findByText(/Nothing to paste/)).toBeTruthy();
      expect(screen.getByRole('link', { name: /Install on Salla/ }).getAttribute('href')).toBe(
        'https://apps.salla.sa/ar/app/1234',
      );
      expect(screen.queryByTestId('embed-snippet')).toBeNull();
    } finally {
      setPublicConfigForTests(undefined);
    }
  });

  it('reports where the widget was seen, or "Not seen yet", and checks again', async () => {
    let installs: unknown[] = [];
    const api = dashboardApi(makeMerchant(), (call) =>
      call.url === '/api/merchant/installation' ? jsonResponse({ installs }) : undefined,
    );
    renderApp('/dashboard#embed', { fetch: api.fetch });
    expect(await screen.findByText('Not seen yet')).toBeTruthy();
    const seen = new Date(Date.now() - 3 * 60_000).toISOString();
    installs = [{ origin: 'https://oudhouse.sa', first_seen_at: seen, last_seen_at: seen }];
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    const status = await screen.findByTestId('install-status');
    await waitFor(() => expect(status.textContent).toContain('https://oudhouse.sa'));
    expect(status.textContent).toMatch(/Installed on.*https:\/\/oudhouse\.sa.*last seen 3 minutes ago/);
  });

  it('says the platform adds the widget for Zid stores', async () => {
    renderApp('/dashboard#embed', { fetch: dashboardApi(makeMerchant({ store_platform: 'zid' })).fetch });
    expect(
      await screen.findByText(
        'Your Zid integration is active. The widget is added to your store automatically.',
      ),
    ).toBeTruthy();
  });

  it('shows an uninstall truthfully, with the way back (issue 21)', async () => {
    const api = dashboardApi(makeMerchant({ store_platform: 'salla' }), (call) =>
      call.url === '/api/merchant/store-connection'
        ? jsonResponse({
            connection: {
              platform: 'salla',
              state: 'uninstalled',
              installed_at: '2026-01-02T10:00:00.000Z',
              uninstalled_at: '2026-02-03T10:00:00.000Z',
              script: null,
            },
            pending_links: [],
          })
        : undefined,
    );
    renderApp('/dashboard#embed', { fetch: api.fetch });
    expect(
      await screen.findByText('Lamha was uninstalled from your Salla store on 3 Feb 2026.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'To show the widget again, reinstall Lamha from the Salla app store, or paste the script tag below into your store.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/integration is active/)).toBeNull();
    // The script tag is still there to paste.
    expect((await screen.findByTestId('embed-snippet')).textContent).toContain(
      'data-merchant-id="wk_test_123"',
    );
  });

  it("says when Zid's storefront script could not be added yet, and Try again asks the server", async () => {
    const connection = (status: 'failed' | 'registered') => ({
      connection: {
        platform: 'zid',
        state: 'installed',
        installed_at: '2026-01-02T10:00:00.000Z',
        uninstalled_at: null,
        script: {
          status,
          error: status === 'failed' ? 'Zid answered 500' : null,
          next_attempt_at: null,
        },
      },
      pending_links: [],
    });
    const api = dashboardApi(makeMerchant({ store_platform: 'zid' }), (call) =>
      call.url === '/api/merchant/store-connection'
        ? jsonResponse(connection('failed'))
        : call.url === '/api/merchant/store-connection/script/retry'
          ? jsonResponse(connection('registered'))
          : undefined,
    );
    renderApp('/dashboard#embed', { fetch: api.fetch });
    expect(await screen.findByText('Could not add it yet, retrying')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Added to your Zid store')).toBeTruthy();
    expect(api.calls.filter((c) => c.url.endsWith('/script/retry'))).toHaveLength(1);
  });

  it('asks for an account first', async () => {
    renderApp('/dashboard#embed', {
      fetch: dashboardApi(makeMerchant({ instagram_username: null, public_widget_key: null })).fetch,
    });
    expect(await screen.findByText('Please connect an Instagram account first.')).toBeTruthy();
  });
});

describe('logout', () => {
  it('asks before throwing away settings that have not reached the server', async () => {
    const api = dashboardApi(makeMerchant(), (call) => {
      if (call.url === '/api/merchant/settings') throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderApp('/dashboard#settings', { fetch: api.fetch });
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Not sent yet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Saved on this device. Your changes will be sent when you are back online.'),
    ).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Some changes have not synced yet' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.url === '/api/auth/logout')).toBe(false);
  });

  it('signs out, forgets this device’s copy and says so', async () => {
    const api = dashboardApi(makeMerchant(), (call) =>
      call.url === '/api/auth/logout' ? new Response(null, { status: 204 }) : undefined,
    );
    const { route } = renderApp('/dashboard', { fetch: api.fetch });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Logout' }))[0]!);
    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    await waitFor(() => expect(route.location.pathname).toBe('/login'));
    expect(api.calls.some((c) => c.url === '/api/auth/logout')).toBe(true);
  });
});

describe('first-run steps', () => {
  it('offers the layout with the same choice as Settings on the style step, and saves it', async () => {
    const api = dashboardApi(
      makeMerchant({ onboarding: { step: 'style', skipped: [], done: false } }),
      (call) => (call.url === '/api/merchant/onboarding' ? jsonResponse(call.body) : undefined),
    );
    renderApp('/dashboard', { fetch: api.fetch });
    const flow = await screen.findByTestId('onboarding');
    const layouts = await within(flow).findByRole('group', { name: 'Layout' });
    expect(
      within(layouts)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['grid', 'carousel', 'masonry']);
    // The labels Settings uses.
    fireEvent.click(within(layouts).getByRole('radio', { name: 'Carousel' }));
    fireEvent.click(within(flow).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        (api.calls.find((c) => c.url === '/api/merchant/settings')?.body?.settings as { feed: unknown })
          ?.feed,
      ).toMatchObject({ layout: 'carousel' }),
    );
  });

  it('"Open the installation guide" opens the embed tab and focuses the guide', async () => {
    const api = dashboardApi(
      makeMerchant({ onboarding: { step: 'install', skipped: [], done: false } }),
      (call) => (call.url === '/api/merchant/onboarding' ? jsonResponse(call.body) : undefined),
    );
    renderApp('/dashboard', { fetch: api.fetch });
    const flow = await screen.findByTestId('onboarding');
    fireEvent.click(within(flow).getByRole('button', { name: 'Open the installation guide' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Embed Code' }).getAttribute('aria-selected')).toBe('true'),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('install-guide')));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it('shows the progress, saves skips and the store on the server, and never shows again once hidden', async () => {
    const api = dashboardApi(
      makeMerchant({ onboarding: { step: 'store', skipped: [], done: false }, store_name: null }),
      (call) =>
        call.url === '/api/merchant/onboarding'
          ? jsonResponse(call.body)
          : call.url === '/api/merchant/store'
            ? jsonResponse({ store_name: 'Oud House', store_url: 'https://oudhouse.sa' })
            : undefined,
    );
    renderApp('/dashboard', { fetch: api.fetch });
    const flow = await screen.findByTestId('onboarding');
    expect(within(flow).getByTestId('onboarding-progress').textContent).toBe('Step 1 of 5');
    expect(screen.getByText('Welcome to Lamha')).toBeTruthy();
    fireEvent.change(within(flow).getByLabelText('Store name'), { target: { value: 'Oud House' } });
    fireEvent.change(within(flow).getByLabelText('Store address'), { target: { value: 'oudhouse.sa' } });
    fireEvent.click(within(flow).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(flow).getByTestId('onboarding-progress').textContent).toBe('Step 2 of 5'),
    );
    expect(api.calls.find((c) => c.url === '/api/merchant/store')?.body).toEqual({
      store_name: 'Oud House',
      store_url: 'oudhouse.sa',
    });
    fireEvent.click(within(flow).getByRole('button', { name: 'Skip for now' }));
    await waitFor(() =>
      expect(within(flow).getByTestId('onboarding-progress').textContent).toBe('Step 3 of 5'),
    );
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url === '/api/merchant/onboarding').at(-1)?.body).toEqual({
        step: 'ready',
        skipped: ['connect'],
        done: false,
      }),
    );
    expect(within(flow).getByText('(skipped)')).toBeTruthy();
    fireEvent.click(within(flow).getByRole('button', { name: 'Hide the setup' }));
    await waitFor(() => expect(screen.queryByTestId('onboarding')).toBeNull());
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url === '/api/merchant/onboarding').at(-1)?.body).toMatchObject({
        done: true,
      }),
    );
  });
});
