import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  deferred,
  fakeFetch,
  jsonResponse,
  makeSession,
  makeUser,
  noRefreshCookie,
} from '../../../test/fixtures';
import { renderApp, setLanguage } from '../../../test/render-app';
import { redirectForAuthEvent } from '../lib/auth-navigation';

const restoreAs = (isAdmin: boolean) =>
  fakeFetch(() => jsonResponse(makeSession({ user: makeUser({ is_admin: isAdmin }) }))).fetch;

describe('route guards', () => {
  it('sends signed-out visitors of /dashboard to /login', async () => {
    const { route } = renderApp('/dashboard', { fetch: fakeFetch(noRefreshCookie).fetch });
    await waitFor(() => expect(route.location.pathname).toBe('/login'));
  });

  it('lets signed-in visitors stay on the landing, pricing and static pages, with their account menu', async () => {
    setLanguage('en');
    for (const path of ['/', '/about', '/terms']) {
      const { route, unmount } = renderApp(path, { fetch: restoreAs(false) });
      const menu = await screen.findAllByRole('button', { name: /My account/ });
      fireEvent.click(menu[0]!);
      const list = screen.getAllByRole('list', { name: 'Account menu' })[0]!;
      expect(within(list).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
      expect(within(list).queryByRole('link', { name: 'Admin' })).toBeNull();
      expect(within(list).getByRole('button', { name: 'Log out' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
      expect(route.location.pathname).toBe(path);
      unmount();
    }
  });

  it('offers admins the admin area from the account menu', async () => {
    setLanguage('en');
    renderApp('/about', { fetch: restoreAs(true) });
    fireEvent.click((await screen.findAllByRole('button', { name: /My account/ }))[0]!);
    const list = screen.getAllByRole('list', { name: 'Account menu' })[0]!;
    expect(within(list).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it("shows 'Checking your access...' (Arabic by default) while the admin session is checked", async () => {
    const reply = deferred<Response>();
    renderApp('/admin/users', { fetch: fakeFetch(() => reply.promise).fetch });
    expect((await screen.findByRole('status')).textContent).toBe('جارٍ التحقق من صلاحية الوصول...');
    await act(async () => reply.resolve(noRefreshCookie()));
  });

  it('sends signed-out visitors of /admin/* to /login', async () => {
    const { route } = renderApp('/admin/settings', { fetch: fakeFetch(noRefreshCookie).fetch });
    await waitFor(() => expect(route.location.pathname).toBe('/login'));
  });

  it('sends signed-in non-admins away from /admin/* to their dashboard', async () => {
    const { route } = renderApp('/admin/dashboard', { fetch: restoreAs(false) });
    await waitFor(() => expect(route.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'نظرة عامة' })).toBeNull();
  });

  it('lets admins in', async () => {
    setLanguage('en');
    const { route } = renderApp('/admin/users', { fetch: restoreAs(true) });
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(route.location.pathname).toBe('/admin/users');
  });

  it('sends the user to /login when the session ends on an ordinary page', async () => {
    setLanguage('en');
    const { route, client } = renderApp('/about', { fetch: restoreAs(false) });
    await waitFor(() => expect(client.getSession()).not.toBeNull());
    await act(async () => client.signOut());
    await waitFor(() => expect(route.location.pathname).toBe('/login'));
  });
});

describe('redirectForAuthEvent', () => {
  const session = makeSession();
  it.each([
    ['SIGNED_OUT', null, '/dashboard', '/login'],
    ['SIGNED_OUT', null, '/about', '/login'],
    ['SIGNED_OUT', null, '/login', null],
    ['SIGNED_OUT', null, '/auth/check-email', null],
    ['SIGNED_OUT', null, '/auth/callback', null],
    ['SIGNED_IN', session, '/login', '/dashboard'],
    ['SIGNED_IN', session, '/about', null],
    ['SIGNED_IN', session, '/auth/callback', null],
    ['TOKEN_REFRESHED', null, '/dashboard', '/login'],
    ['TOKEN_REFRESHED', null, '/login', null],
    ['TOKEN_REFRESHED', session, '/dashboard', null],
    ['USER_UPDATED', session, '/dashboard', null],
    ['INITIAL_SESSION', null, '/dashboard', null],
    ['INITIAL_SESSION', session, '/login', '/dashboard'],
    ['INITIAL_SESSION', session, '/about', null],
  ] as const)('%s with %s session on %s → %s', (event, s, path, target) => {
    expect(redirectForAuthEvent(event, s, path)).toBe(target);
  });
});
