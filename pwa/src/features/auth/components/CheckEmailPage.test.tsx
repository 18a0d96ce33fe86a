import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, noRefreshCookie } from '../../../test/fixtures';
import { renderApp, setLanguage } from '../../../test/render-app';

describe('/auth/check-email', () => {
  it("says 'Check your email', offers no working resend, and links back to /login", async () => {
    setLanguage('en');
    const { route } = renderApp('/auth/check-email', { fetch: fakeFetch(noRefreshCookie).fetch });
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend link' })).toHaveProperty('disabled', true);

    const back = screen.getByRole('link', { name: 'Back to login' });
    expect(back.getAttribute('href')).toBe('/login');
    fireEvent.click(back);
    await waitFor(() => expect(route.location.pathname).toBe('/login'));
  });
});
