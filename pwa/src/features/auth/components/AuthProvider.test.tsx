import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Route, Routes } from 'react-router';
import { jsonResponse, makeSession } from '../../../test/fixtures';
import { renderInMemoryRouter } from '../../../test/render-app';
import { useAuth, useAuthState } from '../hooks/useAuth';
import { getLoadedAuthClient } from '../lib/auth-loader';
import { AuthProvider } from './AuthProvider';

const clearHint = () => {
  document.cookie = 'lamha_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
};

function StateProbe() {
  const { status, session } = useAuthState();
  return <p data-testid="state">{`${status}:${session ? session.user.email : 'none'}`}</p>;
}

function ClientProbe() {
  const { client, status } = useAuth();
  return <p data-testid="client">{`${typeof client.fetchWithAuth}:${status}`}</p>;
}

// These tests share the module that holds the lazily loaded client, so they run in this order: first without
// the hint cookie (nothing loaded), then a page that asks for the client, then a visitor with the cookie.
describe('AuthProvider without a given client', () => {
  it('reports "ready, signed out" at once without the hint cookie, and loads neither the client nor anything', () => {
    clearHint();
    const fetch = vi.fn<typeof globalThis.fetch>();
    vi.stubGlobal('fetch', fetch);
    render(
      <AuthProvider>
        <StateProbe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('ready:none');
    expect(getLoadedAuthClient()).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('renders the same signed-out state on the server, so the prerendered landing page hydrates without a second render', () => {
    clearHint();
    const html = renderToString(
      <AuthProvider>
        <StateProbe />
      </AuthProvider>,
    );
    expect(html).toContain('ready:none');
  });

  it('loads the client for a page that asks for it (useAuth suspends meanwhile), still without a request', async () => {
    clearHint();
    const fetch = vi.fn<typeof globalThis.fetch>();
    vi.stubGlobal('fetch', fetch);
    // Awaited: React resumes a suspended render inside `act` only when the test waits for it.
    await act(async () => {
      render(
        <AuthProvider>
          <Suspense fallback={<p>loading client</p>}>
            <ClientProbe />
          </Suspense>
        </AuthProvider>,
      );
    });
    await waitFor(() => expect(screen.getByTestId('client').textContent).toBe('function:ready'));
    expect(getLoadedAuthClient()).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('with the hint cookie, restores the session once while the page shows at once', async () => {
    // The hint cookie is set by the test setup. A fresh client module is needed: the previous test loaded one.
    vi.resetModules();
    const { AuthProvider: FreshProvider } = await import('./AuthProvider');
    const { useAuthState: freshState } = await import('../hooks/useAuth');
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(jsonResponse(makeSession())));
    vi.stubGlobal('fetch', fetch);
    function Probe() {
      const { status, session } = freshState();
      return <p>{`landing:${status}:${session ? 'in' : 'out'}`}</p>;
    }
    renderInMemoryRouter(
      '/',
      <FreshProvider>
        <Routes>
          <Route path="/" element={<Probe />} />
        </Routes>
      </FreshProvider>,
    );
    // The landing page shows at once while the session is restored.
    expect(screen.getByText(/^landing:/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('landing:ready:in')).toBeTruthy());
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
