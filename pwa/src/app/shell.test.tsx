import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, noRefreshCookie } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import type { RouteObject } from 'react-router';
import { isAppPage } from '@app/shared';
import { routes } from './routes';

const signedOut = () => fakeFetch(noRefreshCookie).fetch;

describe('language switch', () => {
  it('starts in Arabic, right to left', async () => {
    renderApp('/login', { fetch: signedOut() });
    expect(await screen.findByRole('button', { name: 'إرسال رابط الدخول' })).toBeTruthy();
    expect(document.documentElement.getAttribute('lang')).toBe('ar');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
  });

  it('switches to English left to right, and back, remembering the choice across visits', async () => {
    renderApp('/login', { fetch: signedOut() });
    await screen.findByRole('button', { name: 'إرسال رابط الدخول' });

    fireEvent.click(screen.getAllByRole('button', { name: 'تغيير اللغة إلى English' })[0]!);

    expect(await screen.findByRole('button', { name: 'Send Magic Link' })).toBeTruthy();
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
    expect(document.documentElement.getAttribute('lang')).toBe('en');
    expect(window.localStorage.getItem('lamha.language')).toBe('en');

    // A later visit opens in English.
    cleanup();
    renderApp('/login', { fetch: signedOut() });
    expect(await screen.findByRole('button', { name: 'Send Magic Link' })).toBeTruthy();
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');

    fireEvent.click(screen.getAllByRole('button', { name: 'Switch language to العربية' })[0]!);
    expect(await screen.findByRole('button', { name: 'إرسال رابط الدخول' })).toBeTruthy();
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(window.localStorage.getItem('lamha.language')).toBe('ar');
  });
});

describe('top bar and footer', () => {
  it('has the product navigation and calls to action', async () => {
    window.localStorage.setItem('lamha.language', 'en');
    renderApp('/about', { fetch: signedOut() });
    await screen.findByRole('heading', { name: 'About Us' });
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Dashboard', '/dashboard'],
      ['Features', '/#features'],
      ['Pricing', '/#pricing'],
      ['Support', '/support'],
    ]);
    const banner = screen.getByRole('banner');
    expect(within(banner).getAllByRole('link', { name: 'Login' })[0]?.getAttribute('href')).toBe('/login');
    expect(within(banner).getAllByRole('link', { name: 'Get Started' })[0]?.getAttribute('href')).toBe(
      '/login',
    );
  });

  it('links every footer entry to a real route', async () => {
    window.localStorage.setItem('lamha.language', 'en');
    renderApp('/faq', { fetch: signedOut() });
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    const footer = screen.getByRole('contentinfo');
    for (const group of ['Company', 'Product', 'Support', 'Legal']) {
      expect(within(footer).getByRole('navigation', { name: group })).toBeTruthy();
    }
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/terms#privacy-policy');
    expect(hrefs.filter((href) => href === '#' || href === '' || href === null)).toEqual([]);
  });

  it('closes the phone menu after a link click and after a language change', async () => {
    window.localStorage.setItem('lamha.language', 'en');
    const { route } = renderApp('/about', { fetch: signedOut() });
    await screen.findByRole('heading', { name: 'About Us' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(menu.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(menu.hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(menu).getByRole('link', { name: 'Support' }));
    await waitFor(() => expect(route.location.pathname).toBe('/support'));
    expect(menu.hidden).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(menu.hidden).toBe(false);
    fireEvent.click(within(menu).getByRole('button', { name: 'Switch language to العربية' }));
    // The Arabic messages load on demand; the page switches (and the menu closes) once they are in.
    await waitFor(() => expect(document.documentElement.getAttribute('dir')).toBe('rtl'));
    expect(document.getElementById(menu.id)?.hidden ?? true).toBe(true);
  });
});

/** Every path of the route table, with a sample value for each variable part. */
function routePaths(list: RouteObject[], base = ''): string[] {
  return list.flatMap((r) => {
    const here = r.path === undefined ? base : `${base.replace(/\/$/, '')}/${r.path}`;
    const own = r.path !== undefined || r.index ? [here || '/'] : [];
    return [...own, ...routePaths(r.children ?? [], here)];
  });
}

describe('routes', () => {
  it('are all known to the server, which answers any other address with 404', () => {
    const paths = routePaths(routes)
      .filter((p) => p !== '/*')
      .map((p) => p.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x'));
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) expect([path, isAppPage(path)]).toEqual([path, true]);
    expect(isAppPage('/no/such/page')).toBe(false);
  });

  it.each([
    ['/about', 'About Us'],
    ['/support', 'Customer Support'],
    ['/terms', 'Terms and Policies'],
    ['/TermsPage', 'Terms and Policies'],
    ['/faq', 'Frequently Asked Questions'],
    ['/', 'Your Instagram feed in your store'],
    ['/no/such/page', 'Page not found'],
  ])('%s shows %s', async (path, heading) => {
    window.localStorage.setItem('lamha.language', 'en');
    renderApp(path, { fetch: signedOut() });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('"Install on Zid" without a listing leads to a page on adding the widget by hand', async () => {
    window.localStorage.setItem('lamha.language', 'en');
    renderApp('/install/zid', { fetch: signedOut() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add Lamha to your Zid store' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open my embed code' }).getAttribute('href')).toBe(
      '/dashboard#embed',
    );
    cleanup();
    renderApp('/install/shopify', { fetch: signedOut() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('loads /salla/* lazily, outside the shared layout', async () => {
    window.localStorage.setItem('lamha.language', 'en');
    renderApp('/salla/install', { fetch: signedOut() });
    expect(await screen.findByRole('heading', { name: 'Lamha for Salla stores' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
