import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, isRefresh, jsonResponse, noRefreshCookie } from '../../../test/fixtures';
import { renderApp, setLanguage } from '../../../test/render-app';

afterEach(() => {
  vi.useRealTimers();
});

describe('/auth/check-email', () => {
  it("without an address (a reload), says 'Check your email' and links back to /login", async () => {
    setLanguage('en');
    const { route } = renderApp('/auth/check-email', { fetch: fakeFetch(noRefreshCookie).fetch });
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend link' })).toBeNull();

    const back = screen.getByRole('link', { name: 'Back to login' });
    expect(back.getAttribute('href')).toBe('/login');
    fireEvent.click(back);
    await waitFor(() => expect(route.location.pathname).toBe('/login'));
  });

  it('names the address and enables "Resend" after a 60 s countdown', async () => {
    setLanguage('en');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetch, calls } = fakeFetch((call) =>
      isRefresh(call) ? noRefreshCookie() : jsonResponse({ message: 'sent' }),
    );
    renderApp('/login', { fetch });
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'owner@store.sa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Magic Link' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(screen.getByRole('status').textContent).toContain('owner@store.sa');
    const resend = screen.getByRole('button', { name: 'Resend link' });
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByText(/resend the link in \d+ s/)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    expect(resend).toHaveProperty('disabled', false);
    fireEvent.click(resend);
    expect(await screen.findByText('A new link is on its way to owner@store.sa.')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/auth/magic-link/request')).toHaveLength(2);
    expect(resend).toHaveProperty('disabled', true);
  });
});
