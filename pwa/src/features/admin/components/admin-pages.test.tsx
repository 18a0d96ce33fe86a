import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAdminAccount } from '@app/shared';
import {
  apiError,
  deferred,
  fakeFetch,
  isRefresh,
  jsonResponse,
  makeSession,
  makeUser,
  type TRecordedCall,
} from '../../../test/fixtures';
import { renderApp, setLanguage } from '../../../test/render-app';

const adminSession = () =>
  jsonResponse(makeSession({ user: makeUser({ is_admin: true, email: 'boss@shop.sa' }) }));

const COFFEE_ID = '5d0f6a3e-8a0b-4a52-9f55-2f4b8b0d2c11';
const TEA_ID = '9a7c1e22-1111-4c3d-8e4f-aaaabbbbcccc';

const accounts: TAdminAccount[] = [
  {
    id: 'acc-1',
    user_id: COFFEE_ID,
    instagram_username: 'Coffee.House',
    profile_picture_url: '/media/coffee-320.webp',
    is_verified: true,
    followers_count: 15_300,
    media_count: 87,
    last_fetched_at: '2026-03-04T10:20:00.000Z',
    plan: 'pro',
    last_error: null,
    email: 'owner@coffee.sa',
    health: 'ok',
  },
  {
    id: 'acc-2',
    user_id: TEA_ID,
    instagram_username: 'tea_corner',
    profile_picture_url: null,
    is_verified: false,
    followers_count: null,
    media_count: null,
    last_fetched_at: null,
    plan: 'trial',
    last_error: null,
    email: 'tea@corner.sa',
    health: 'needs_reconnect',
  },
];

type THandler = (call: TRecordedCall) => Response | Promise<Response>;

/** The server: the session restore always admits the admin; admin calls go to the given handlers. */
function adminServer(handlers: {
  users?: THandler;
  refresh?: THandler;
  stats?: THandler;
  billing?: THandler;
  jobs?: THandler;
}) {
  return fakeFetch((call) => {
    if (isRefresh(call)) return adminSession();
    if ((call.url.startsWith('/api/admin/payments') || call.url === '/api/admin/revenue') && handlers.billing)
      return handlers.billing(call);
    if (call.url.startsWith('/api/admin/users')) {
      return handlers.users
        ? handlers.users(call)
        : jsonResponse({ accounts, page: 1, page_size: 200, total: accounts.length });
    }
    if (call.url === '/api/admin/content-refresh' && handlers.refresh) return handlers.refresh(call);
    if (call.url === '/api/admin/cache-stats' && handlers.stats) return handlers.stats(call);
    if (call.url.startsWith('/api/admin/jobs/') && handlers.jobs) return handlers.jobs(call);
    return apiError(404, 'not_found', `No route for ${call.method} ${call.url}`);
  });
}

const rowOf = (username: string) => screen.getByText(`@${username}`).closest('tr')!;

afterEach(() => vi.restoreAllMocks());

describe('admin dashboard', () => {
  it('shows the loading text, then the three cache figures (English)', async () => {
    setLanguage('en');
    const reply = deferred<Response>();
    renderApp('/admin/dashboard', { fetch: adminServer({ stats: () => reply.promise }).fetch });
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy();
    expect(screen.getByText('Loading statistics...')).toBeTruthy();
    await act(async () =>
      reply.resolve(
        jsonResponse({
          total_keys: 1234,
          hits: 1,
          misses: 2,
          hit_rate_percentage: 33.33,
          used_memory_bytes: 1_100_000,
          used_memory_human: '1.05M',
        }),
      ),
    );
    const card = (label: string) => screen.getByRole('heading', { name: label }).closest('article')!;
    expect(within(card('Items in cache')).getByTestId('stats-value').textContent).toBe('1,234');
    expect(within(card('Cache hit rate')).getByTestId('stats-value').textContent).toBe('33.33%');
    const lookups = screen
      .getByRole('heading', { name: 'Lookups since the cache started' })
      .closest('section')!;
    expect(within(lookups).getByText('Hits').nextSibling?.textContent).toBe('1');
    expect(within(lookups).getByText('Misses').nextSibling?.textContent).toBe('2');
    expect(within(card('Memory used')).getByTestId('stats-value').textContent).toBe('1.05M');
    expect(screen.queryByText('Loading statistics...')).toBeNull();
  });

  it("says 'failed to fetch stats (message)' with the server's message, and can try again", async () => {
    setLanguage('en');
    let calls = 0;
    const server = adminServer({
      stats: () =>
        ++calls === 1
          ? apiError(
              503,
              'cache_unavailable',
              'Cache statistics are unavailable: the cache server did not answer.',
            )
          : jsonResponse({
              total_keys: 3,
              hits: 0,
              misses: 0,
              hit_rate_percentage: 0,
              used_memory_bytes: 10,
              used_memory_human: '10B',
            }),
    });
    renderApp('/admin/dashboard', { fetch: server.fetch });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to fetch stats (Cache statistics are unavailable: the cache server did not answer.)',
    );
    // The retry suspends while it reloads: let React finish inside an awaited act before looking.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect((await screen.findAllByTestId('stats-value')).map((v) => v.textContent)).toEqual([
      '3',
      '0.00%',
      '10B',
    ]);
  });

  it("falls back to 'HTTP error! status: N' when the failure has no message", async () => {
    setLanguage('en');
    renderApp('/admin/dashboard', {
      fetch: adminServer({ stats: () => new Response('', { status: 502 }) }).fetch,
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to fetch stats (HTTP error! status: 502)',
    );
  });

  it("shows the Arabic 'not available' for a figure the cache did not report", async () => {
    renderApp('/admin/dashboard', {
      fetch: adminServer({ stats: () => jsonResponse({ total_keys: 7, hit_rate_percentage: null }) }).fetch,
    });
    expect(await screen.findByRole('heading', { name: 'نظرة عامة' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('stats-value')).toHaveLength(3));
    expect(screen.getAllByTestId('stats-value').map((v) => v.textContent)).toEqual([
      '7',
      'غير متوفر',
      'غير متوفر',
    ]);
  });
});

describe('admin users', () => {
  it('lists accounts with the count, summary, short ids, avatars and dates; switches language', async () => {
    setLanguage('en');
    const { container } = renderApp('/admin/users', { fetch: adminServer({}).fetch });
    expect(await screen.findByText('@Coffee.House')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.getByTestId('users-count').textContent).toBe('2 users');
    expect(screen.getByText('Total Users').nextSibling?.textContent).toBe('2');
    expect(screen.getByText('Verified Users').nextSibling?.textContent).toBe('1');
    expect(screen.getByText('Active Refreshes').nextSibling?.textContent).toBe('0');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'User',
      'Stats',
      'Last Updated',
      'Actions',
    ]);

    const coffee = within(rowOf('Coffee.House'));
    expect(coffee.getByText('5d0f6a3e…').getAttribute('title')).toBe(COFFEE_ID);
    expect(coffee.getByRole('img', { name: 'Verified' })).toBeTruthy();
    expect(coffee.getByText('15.3K')).toBeTruthy();
    expect(coffee.getByText('Professional')).toBeTruthy();
    expect(
      coffee.getByText(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date('2026-03-04T10:20:00.000Z'),
        ),
      ),
    ).toBeTruthy();
    const picture = coffee.getByRole('img', { name: 'Profile picture of Coffee.House' });
    expect(picture.getAttribute('src')).toBe(`${window.location.origin}/media/coffee-320.webp`);
    // A picture that fails to load gives way to the default avatar.
    fireEvent.error(picture);
    expect(picture.getAttribute('src')).toBe('/default-avatar.png');

    const tea = within(rowOf('tea_corner'));
    expect(tea.getByText('Never updated')).toBeTruthy();
    expect(tea.getByRole('img', { name: 'Profile picture of tea_corner' }).getAttribute('src')).toBe(
      '/default-avatar.png',
    );
    expect(tea.getByText('9a7c1e22…')).toBeTruthy();
    // Flagged: the connection needs reconnecting; a healthy row has no flag.
    expect(tea.getByText('Needs reconnecting')).toBeTruthy();
    expect(coffee.queryByText('Needs reconnecting')).toBeNull();
    expect(coffee.queryByText('Content stale')).toBeNull();

    // The admin has the language switch (one in the phone header, one in the desktop sidebar).
    fireEvent.click(screen.getAllByRole('button', { name: 'Switch language to العربية' })[0]!);
    expect(await screen.findByRole('heading', { name: 'المستخدمون' })).toBeTruthy();
    expect(within(rowOf('Coffee.House')).getByText('15.3 ألف')).toBeTruthy();
    // Counted in Arabic's dual, not "2 مستخدم".
    expect(screen.getByTestId('users-count').textContent).toBe('مستخدمان');
    expect(container.textContent).not.toContain('العربية');
  });

  it('searches by username (any case) and by user id, with its own empty state', async () => {
    setLanguage('en');
    renderApp('/admin/users', { fetch: adminServer({}).fetch });
    await screen.findByText('@Coffee.House');
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    expect(search.getAttribute('placeholder')).toBe('Search by username or user ID');

    fireEvent.change(search, { target: { value: 'COFFEE' } });
    expect(screen.queryByText('@tea_corner')).toBeNull();
    expect(screen.getByText('@Coffee.House')).toBeTruthy();

    fireEvent.change(search, { target: { value: '1111-4c3d' } });
    expect(screen.getByText('@tea_corner')).toBeTruthy();
    expect(screen.queryByText('@Coffee.House')).toBeNull();

    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No search results found')).toBeTruthy();
    // The summary still counts everyone.
    expect(screen.getByTestId('users-count').textContent).toBe('2 users');
  });

  it('walks a row through Refreshing... (grey, disabled) to Success (green), toasts and reloads the list', async () => {
    setLanguage('en');
    const reply = deferred<Response>();
    const server = adminServer({ refresh: () => reply.promise });
    renderApp('/admin/users', { fetch: server.fetch });
    await screen.findByText('@Coffee.House');
    const listLoads = () => server.calls.filter((c) => c.url.startsWith('/api/admin/users')).length;
    const loadsBefore = listLoads();

    fireEvent.click(within(rowOf('Coffee.House')).getByRole('button', { name: 'Refresh Content' }));
    const busy = within(rowOf('Coffee.House')).getByRole('button', { name: 'Refreshing...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.className).toContain('bg-slate-100');
    expect(screen.getByText('Active Refreshes').nextSibling?.textContent).toBe('1');
    await waitFor(() => expect(server.calls.some((c) => c.url === '/api/admin/content-refresh')).toBe(true));
    const sent = server.calls.find((c) => c.url === '/api/admin/content-refresh');
    expect(sent?.body).toEqual({ user_id: COFFEE_ID, source_type: 'all', force_invalidate: true });
    expect(sent?.headers.get('authorization')).toBe('Bearer access-1');

    await act(async () =>
      reply.resolve(jsonResponse({ message: 'Content refresh initiated successfully', queued: 1 }, 202)),
    );
    const done = await within(rowOf('Coffee.House')).findByRole('button', { name: 'Success' });
    expect(done.className).toContain('emerald');
    expect(await screen.findByText('Content refresh initiated successfully')).toBeTruthy();
    await waitFor(() => expect(listLoads()).toBe(loadsBefore + 1));
    expect(screen.getByText('Active Refreshes').nextSibling?.textContent).toBe('0');
    // The other row is untouched.
    expect(within(rowOf('tea_corner')).getByRole('button', { name: 'Refresh Content' })).toBeTruthy();
  });

  it("shows Error (red) with the server's message, or 'Network error occurred'", async () => {
    setLanguage('en');
    let attempt = 0;
    const server = adminServer({
      refresh: () => {
        attempt++;
        if (attempt === 1)
          return apiError(404, 'account_not_found', 'No connected Instagram account for this user.');
        if (attempt === 2) throw new TypeError('Failed to fetch');
        return apiError(500, 'internal_error', '');
      },
    });
    renderApp('/admin/users', { fetch: server.fetch });
    await screen.findByText('@tea_corner');

    fireEvent.click(within(rowOf('tea_corner')).getByRole('button', { name: 'Refresh Content' }));
    const failed = await within(rowOf('tea_corner')).findByRole('button', { name: 'Error' });
    expect(failed.className).toContain('red');
    expect(await screen.findByText('No connected Instagram account for this user.')).toBeTruthy();

    fireEvent.click(failed);
    expect(await screen.findByText('Network error occurred')).toBeTruthy();

    fireEvent.click(within(rowOf('tea_corner')).getByRole('button', { name: 'Error' }));
    expect(await screen.findByText('Failed to refresh content')).toBeTruthy();
  });

  it('bulk refresh: disabled while running, then All Users Refreshed with row states cleared; or Bulk Refresh Failed', async () => {
    setLanguage('en');
    let bulk = deferred<Response>();
    const server = adminServer({
      refresh: (call) =>
        call.body?.refresh_all
          ? bulk.promise
          : jsonResponse({ message: 'Content refresh initiated successfully', queued: 1 }, 202),
    });
    renderApp('/admin/users', { fetch: server.fetch });
    await screen.findByText('@Coffee.House');
    fireEvent.click(within(rowOf('Coffee.House')).getByRole('button', { name: 'Refresh Content' }));
    await within(rowOf('Coffee.House')).findByRole('button', { name: 'Success' });

    fireEvent.click(screen.getByRole('button', { name: 'Refresh All Users' }));
    const running = screen.getByRole('button', { name: 'Refreshing All Users...' });
    expect(running.hasAttribute('disabled')).toBe(true);
    await waitFor(() =>
      expect(server.calls.at(-1)?.body).toEqual({
        refresh_all: true,
        source_type: 'all',
        force_invalidate: true,
      }),
    );
    await act(async () =>
      bulk.resolve(jsonResponse({ message: 'Content refresh initiated for 2 accounts', queued: 2 }, 202)),
    );
    expect(await screen.findByRole('button', { name: 'All Users Refreshed' })).toBeTruthy();
    expect(await screen.findByText('Content refresh initiated for 2 accounts')).toBeTruthy();
    expect(within(rowOf('Coffee.House')).getByRole('button', { name: 'Refresh Content' })).toBeTruthy();

    bulk = deferred<Response>();
    fireEvent.click(screen.getByRole('button', { name: 'All Users Refreshed' }));
    await act(async () => bulk.resolve(apiError(403, 'forbidden', 'This area is for administrators only.')));
    expect(await screen.findByRole('button', { name: 'Bulk Refresh Failed' })).toBeTruthy();
  });

  it("only logs a failed list, ends loading and shows 'No users found' (Arabic by default)", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/admin/users', {
      fetch: adminServer({ users: () => apiError(500, 'internal_error', 'boom') }).fetch,
    });
    expect(await screen.findByText('لم يتم العثور على مستخدمين')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByText('جارٍ تحميل المستخدمين...')).toBeNull();
    expect(screen.getByTestId('users-count').textContent).toBe('0 مستخدم');
  });
});

describe('admin layout and settings', () => {
  it('has the kingdom sidebar and the settings placeholder', async () => {
    setLanguage('en');
    renderApp('/admin/settings', { fetch: adminServer({}).fetch });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('href'), a.textContent]),
    ).toEqual([
      ['/admin/dashboard', 'OverviewCache overview'],
      ['/admin/users', 'UsersConnected accounts'],
      ['/admin/settings', 'SettingsService settings'],
    ]);
    expect(
      within(nav)
        .getByRole('link', { name: /Settings/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByText(/Service settings are set in the server’s configuration/)).toBeTruthy();
    expect(screen.queryByText(/Coming soon/i)).toBeNull();
  });
});

describe('admin payments and revenue', () => {
  const payment = {
    id: '8f0d3c52-5d38-4a77-9f43-1f1f3a5e0001',
    user_id: 'u-1',
    merchant_email: 'oud@store.sa',
    status: 'paid',
    tier: 'pro',
    period: 'annual',
    amount_halalas: 120_000,
    failure_reason: null,
    created_at: '2026-03-01T09:00:00.000Z',
    paid_at: '2026-03-01T09:01:00.000Z',
    refunded_at: null,
    refundable: true,
  };

  it('lists payments and alerts, and refunds a first payment after confirming', async () => {
    setLanguage('en');
    let refunded = false;
    const server = adminServer({
      billing: (call) => {
        if (call.method === 'POST') {
          refunded = true;
          return jsonResponse({ refunded_halalas: 120_000 });
        }
        return jsonResponse({
          payments: [{ ...payment, ...(refunded ? { status: 'refunded', refundable: false } : {}) }],
          alerts: [
            {
              id: 'evt-1',
              type: 'payment_paid',
              outcome: 'amount_mismatch',
              payment_id: 'pay-1',
              detail: 'paid 100, expected 11900 halalas',
              received_at: '2026-03-01T10:00:00.000Z',
            },
          ],
        });
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/admin/users', { fetch: server.fetch });
    expect(await screen.findByRole('heading', { name: 'Payments' })).toBeTruthy();
    expect(await screen.findByText(/Amount did not match the checkout/)).toBeTruthy();
    const row = (await screen.findByText('oud@store.sa')).closest('tr')!;
    expect(within(row).getByText('1,200.00 SAR')).toBeTruthy();
    // The columns in order; the refund column's name is for screen readers only.
    const table = row.closest('table')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Merchant', 'Plan', 'Amount', 'Status', 'Date', 'Refund']);
    fireEvent.click(within(row).getByRole('button', { name: 'Refund' }));
    expect(window.confirm).toHaveBeenCalledWith(
      'Refund 1,200.00 SAR to oud@store.sa? Their paid period ends now.',
    );
    expect(await screen.findByText('Refunded 1,200.00 SAR.')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST' && c.url.endsWith(`/${payment.id}/refund`))).toBe(
      true,
    );
    await waitFor(() =>
      expect(within(screen.getByText('oud@store.sa').closest('tr')!).queryByRole('button')).toBeNull(),
    );
  });

  it('shows the revenue card', async () => {
    setLanguage('en');
    const server = adminServer({
      stats: () =>
        jsonResponse({
          total_keys: 1,
          hits: 0,
          misses: 0,
          hit_rate_percentage: 0,
          used_memory_bytes: 1,
          used_memory_human: '1B',
        }),
      billing: () => jsonResponse({ paying_merchants: 7, mrr_halalas: 51_739, trials_ending_this_week: 3 }),
    });
    renderApp('/admin/dashboard', { fetch: server.fetch });
    const card = async (label: string) =>
      (await screen.findByRole('heading', { name: label })).closest('article')!;
    expect(within(await card('Paying merchants')).getByTestId('stats-value').textContent).toBe('7');
    expect(
      within(await card('Monthly recurring revenue (without VAT)')).getByTestId('stats-value').textContent,
    ).toBe('517.39 SAR');
    expect(within(await card('Trials ending this week')).getByTestId('stats-value').textContent).toBe('3');
  });
});

describe('admin failed background jobs', () => {
  const JOB_ID = '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
  const deadJob = {
    id: JOB_ID,
    name: 'salla.webhook',
    payload: { deliveryId: 'd-1' },
    attempts: 5,
    last_error: 'connect ECONNREFUSED 127.0.0.1:5432',
    created_at: '2026-03-01T08:00:00.000Z',
    died_at: '2026-03-01T09:30:00.000Z',
  };
  const stats = () =>
    jsonResponse({
      total_keys: 1,
      hits: 0,
      misses: 0,
      hit_rate_percentage: 0,
      used_memory_bytes: 1,
      used_memory_human: '1B',
    });
  const jobsSection = async (name: string) =>
    (await screen.findByRole('heading', { name })).closest('section')!;

  it('lists a dead job (name, attempts, last error, when) and retries it, then the list is empty', async () => {
    setLanguage('en');
    let dead = [deadJob];
    const retry = deferred<Response>();
    const server = adminServer({
      stats,
      jobs: (call) => {
        if (call.method === 'POST') return retry.promise;
        return jsonResponse({ jobs: dead });
      },
    });
    renderApp('/admin/dashboard', { fetch: server.fetch });
    const section = await jobsSection('Failed background jobs');
    const row = (await within(section).findByText('salla.webhook')).closest('tr')!;
    const table = row.closest('table')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Job', 'Attempts', 'Last error', 'Failed at', 'Retry']);
    expect(within(row).getByText('5')).toBeTruthy();
    expect(within(row).getByText('connect ECONNREFUSED 127.0.0.1:5432')).toBeTruthy();
    expect(
      within(row).getByText(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(deadJob.died_at),
        ),
      ),
    ).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    const busy = within(row).getByRole('button', { name: 'Retrying...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    const posted = () =>
      server.calls.find((c) => c.method === 'POST' && c.url.startsWith('/api/admin/jobs/'));
    await waitFor(() => expect(posted()).toBeTruthy());
    const sent = posted();
    expect(sent?.url).toBe(`/api/admin/jobs/${JOB_ID}/retry`);
    expect(sent?.headers.get('authorization')).toBe('Bearer access-1');
    dead = [];
    await act(async () => retry.resolve(jsonResponse({ id: JOB_ID, status: 'queued' })));
    expect(await within(section).findByText('The job is back in the queue.')).toBeTruthy();
    expect(await within(section).findByText('No failed jobs.')).toBeTruthy();
    expect(within(section).queryByText('salla.webhook')).toBeNull();
  });

  it("says why a retry failed (the server's message) and keeps the job listed", async () => {
    setLanguage('en');
    const server = adminServer({
      stats,
      jobs: (call) =>
        call.method === 'POST'
          ? apiError(404, 'not_found', 'No dead job with this id.')
          : jsonResponse({ jobs: [{ ...deadJob, last_error: null, died_at: null }] }),
    });
    renderApp('/admin/dashboard', { fetch: server.fetch });
    const section = await jobsSection('Failed background jobs');
    const row = (await within(section).findByText('salla.webhook')).closest('tr')!;
    // No error recorded, no time of death: the placeholder and the time it was queued.
    expect(within(row).getByText('No message')).toBeTruthy();
    expect(
      within(row).getByText(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(deadJob.created_at),
        ),
      ),
    ).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Could not retry the job (No dead job with this id.)',
    );
    expect(await within(section).findByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows the list in Arabic, and a failed load as text without taking the page alert', async () => {
    renderApp('/admin/dashboard', {
      fetch: adminServer({ stats, jobs: () => jsonResponse({ jobs: [deadJob] }) }).fetch,
    });
    const section = await jobsSection('المهام الخلفية المتوقفة');
    expect(await within(section).findByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
    expect(
      within(section)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['المهمة', 'المحاولات', 'آخر خطأ', 'وقت التوقف', 'إعادة المحاولة']);

    cleanup();
    setLanguage('en');
    renderApp('/admin/dashboard', {
      fetch: adminServer({ stats, jobs: () => apiError(500, 'internal_error', '') }).fetch,
    });
    const failed = await jobsSection('Failed background jobs');
    expect(
      await within(failed).findByText('Failed to load the failed jobs (HTTP error! status: 500)'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
