import { StrictMode, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigationType,
  type Location,
  type NavigationType,
} from 'react-router';
import { App } from '../app/App';
import { LANGUAGE_STORAGE_KEY } from '../lib/local-preferences';
import { AuthClient, type TAuthClientOptions } from '../features/auth/lib/auth-client';

/** Where the memory router is, as the app last rendered it. */
export type TRouteProbe = { location: Location; action: NavigationType };

function LocationProbe({ into }: { into: Partial<TRouteProbe> }) {
  into.location = useLocation();
  into.action = useNavigationType();
  return null;
}

/** `children` in a memory router at `path`, with a probe that tells where the router is now. */
export function renderInMemoryRouter(path: string, children: ReactNode, strict = false) {
  const route = {} as TRouteProbe;
  const tree = (
    <MemoryRouter initialEntries={[path]}>
      {children}
      <LocationProbe into={route} />
    </MemoryRouter>
  );
  return { ...render(strict ? <StrictMode>{tree}</StrictMode> : tree), route };
}

/**
 * Renders the real app (providers, shell, route table) at `path` in a memory router, with an auth client
 * that talks to the given fetch double and retries without waiting.
 */
export function renderApp(
  path: string,
  options: { fetch: typeof fetch; strict?: boolean; client?: Partial<TAuthClientOptions> },
) {
  const client = new AuthClient({ fetch: options.fetch, sleep: () => Promise.resolve(), ...options.client });
  return { ...renderInMemoryRouter(path, <App authClient={client} />, options.strict), client };
}

export function setLanguage(lang: 'ar' | 'en') {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
}
