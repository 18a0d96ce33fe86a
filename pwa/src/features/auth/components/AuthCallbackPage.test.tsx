import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import {
  apiError,
  deferred,
  fakeFetch,
  isRefresh,
  jsonResponse,
  makeSession,
  noRefreshCookie,
  type TRecordedCall,
} from '../../../test/fixtures';
import { renderApp, setLanguage } from '../../../test/render-app';

const isCodeExchange = (call: TRecordedCall) =>
  call.url === '/api/auth/token' && call.body?.grant_type === 'magic_link';

function loginRedirect(route: ReturnType<typeof renderApp>['route']) {
  const { pathname, search } = route.location;
  return { pathname, ...Object.fromEntries(new URLSearchParams(search)) };
}

describe('/auth/callback', () => {
  it('exchanges the code exactly once under StrictMode and replaces the URL with /dashboard', async () => {
    setLanguage('en');
    const exchange = deferred<Response>();
    const { fetch, calls } = fakeFetch((call) => (isRefresh(call) ? noRefreshCookie() : exchange.promise));
    const { route } = renderApp('/auth/callback?code=one-time-code', { fetch, strict: true });

    const status = await screen.findByText('Verifying your magic link...');
    expect(status.closest('[role="status"]')).not.toBeNull();

    await act(async () => exchange.resolve(jsonResponse(makeSession())));

    await waitFor(() => expect(route.location.pathname).toBe('/dashboard'));
    expect(route.action).toBe('REPLACE');
    const exchanges = calls.filter(isCodeExchange);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({
      grant_type: 'magic_link',
      code: 'one-time-code',
      transport: 'cookie',
    });
    expect(await screen.findByText('Signed in as owner@store.sa')).toBeTruthy();
  });

  it('sends an error from the link to /login?error=auth_exception with its description', async () => {
    setLanguage('en');
    const { fetch, calls } = fakeFetch(noRefreshCookie);
    const { route } = renderApp(
      '/auth/callback?error=access_denied&error_description=Email+link+is+invalid+or+has+expired',
      {
        fetch,
      },
    );

    await waitFor(() => expect(route.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(loginRedirect(route)).toEqual({
      pathname: '/login',
      error: 'auth_exception',
      message: 'Email link is invalid or has expired',
    });
    expect(calls.filter(isCodeExchange)).toHaveLength(0);
    // A description written into a link is not one of our messages: /login shows its own instead.
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorError signing in. Please try again.');
  });

  it('reads errors from the hash too', async () => {
    const { fetch } = fakeFetch(noRefreshCookie);
    const { route } = renderApp('/auth/callback#error=server_error&error_description=Boom', { fetch });
    await waitFor(() =>
      expect(loginRedirect(route)).toMatchObject({ error: 'auth_exception', message: 'Boom' }),
    );
  });

  it('gives missing_tokens when the URL holds neither a code nor an error', async () => {
    const { fetch } = fakeFetch(noRefreshCookie);
    const { route } = renderApp('/auth/callback', { fetch });
    await waitFor(() =>
      expect(loginRedirect(route)).toEqual({
        pathname: '/login',
        error: 'missing_tokens',
        message: 'Error signing in. Please try again.',
      }),
    );
  });

  it('passes the server message on when the exchange fails', async () => {
    const { fetch } = fakeFetch((call) =>
      isRefresh(call)
        ? noRefreshCookie()
        : apiError(400, 'invalid_code', 'This magic link has already been used.'),
    );
    const { route } = renderApp('/auth/callback?code=used', { fetch });
    await waitFor(() =>
      expect(loginRedirect(route)).toEqual({
        pathname: '/login',
        error: 'code_exchange_error',
        message: 'This magic link has already been used.',
      }),
    );
  });

  it('falls back to the standard message when the failed exchange says nothing', async () => {
    const { fetch } = fakeFetch((call) =>
      isRefresh(call) ? noRefreshCookie() : new Response('<html/>', { status: 500 }),
    );
    const { route } = renderApp('/auth/callback?code=abc', { fetch });
    await waitFor(() =>
      expect(loginRedirect(route)).toMatchObject({
        error: 'code_exchange_error',
        message: 'Error signing in. Please try again.',
      }),
    );
  });

  it('goes straight to /dashboard when a session already exists', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(makeSession()));
    const { route } = renderApp('/auth/callback?code=abc', { fetch });
    await waitFor(() => expect(route.location.pathname).toBe('/dashboard'));
    expect(calls.filter(isCodeExchange)).toHaveLength(0);
  });

  it('after 3 s moves to /dashboard only if a session exists by then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setLanguage('en');
    // The exchange of this link hangs; a session arrives another way (here: a second sign-in) meanwhile.
    const { fetch } = fakeFetch((call) => {
      if (isRefresh(call)) return noRefreshCookie();
      return call.body?.code === 'other' ? jsonResponse(makeSession()) : new Promise<Response>(() => {});
    });
    const { route, client } = renderApp('/auth/callback?code=slow', { fetch });
    await screen.findByText('Verifying your magic link...');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await act(async () => {
      await client.exchangeCode('other');
    });
    // Signing in while on /auth/callback changes state only: no navigation yet.
    expect(route.location.pathname).toBe('/auth/callback');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_100);
    });
    expect(route.location.pathname).toBe('/dashboard');
    expect(route.action).toBe('REPLACE');
  });

  it('does not move after 3 s without a session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetch } = fakeFetch((call) =>
      isRefresh(call) ? noRefreshCookie() : new Promise<Response>(() => {}),
    );
    const { route } = renderApp('/auth/callback?code=slow', { fetch });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(route.location.pathname).toBe('/auth/callback');
  });
});
