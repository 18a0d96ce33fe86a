import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { messages } from '@app/shared';
import { AuthClient } from './features/auth/lib/auth-client';
import { fakeFetch, noRefreshCookie } from './test/fixtures';
import { LandingApp } from './landing-boot';

const landingHeading = () =>
  screen.findByRole('heading', { level: 1, name: messages.ar['page.landingTitle'] });

describe('the landing page started without React Router', () => {
  it('hands over to the routed app for the sign-in page, and Back shows the landing page again', async () => {
    window.history.replaceState(null, '', '/');
    const client = new AuthClient({
      fetch: fakeFetch(noRefreshCookie).fetch,
      sleep: () => Promise.resolve(),
    });
    render(<LandingApp authClient={client} />);
    await landingHeading();

    // Within the page: the address changes, the page stays.
    fireEvent.click(screen.getAllByRole('link', { name: messages.ar['nav.pricing'] })[0]!);
    expect(window.location.hash).toBe('#pricing');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(messages.ar['page.landingTitle']);

    fireEvent.click(screen.getAllByRole('link', { name: messages.ar['nav.login'] })[0]!);
    expect(await screen.findByRole('button', { name: 'إرسال رابط الدخول' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    // The same language and session state on the other side: the providers stayed.
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');

    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    act(() => window.history.back());
    await act(() => popped);
    await landingHeading();
    expect(window.location.pathname + window.location.hash).toBe('/#pricing');
    expect(screen.queryByRole('button', { name: 'إرسال رابط الدخول' })).toBeNull();
    window.history.replaceState(null, '', '/');
  });
});
