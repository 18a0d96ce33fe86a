import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App';
import { routes } from '../app/routes';
import { LANGUAGE_STORAGE_KEY } from '../lib/local-preferences';
import { AuthClient, type TAuthClientOptions } from '../features/auth/lib/auth-client';

/**
 * Renders the real app (providers, shell, route table) at `path` in a memory router, with an auth client
 * that talks to the given fetch double and retries without waiting.
 */
export function renderApp(
  path: string,
  options: { fetch: typeof fetch; strict?: boolean; client?: Partial<TAuthClientOptions> },
) {
  const client = new AuthClient({ fetch: options.fetch, sleep: () => Promise.resolve(), ...options.client });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const app = <App router={router} authClient={client} />;
  const utils = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...utils, router, client };
}

export function setLanguage(lang: 'ar' | 'en') {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
}
