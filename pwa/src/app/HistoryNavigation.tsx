import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  createPath,
  NavigationProvider,
  type TLocation,
  type TNavigation,
  type TNavigationType,
} from './navigation';

/**
 * What React Router's BrowserRouter keeps in `history.state` for each entry. The entries written here have
 * the same shape, so when the router takes over (landing-boot.tsx) it reads their keys and order as its own:
 * Back returns to the right scroll position on either side of the handover.
 */
interface THistoryState {
  usr: unknown;
  key: string;
  idx: number;
}

function historyState(): Partial<THistoryState> {
  const state: unknown = window.history.state;
  return state !== null && typeof state === 'object' ? state : {};
}

function currentLocation(): TLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, key: historyState().key ?? 'default' };
}

const createKey = () => Math.random().toString(36).slice(2, 10);

/** A link (or the element inside one) that leads to another page of this site than `path`. */
function leadsElsewhere(target: EventTarget | null, path: string): boolean {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return false;
  return link.origin === window.location.origin && link.pathname !== path;
}

/**
 * Navigation for a page shown without React Router (the landing page on a first visit, landing-boot.tsx):
 * moves within the page (a link to `/#pricing`, `?lang=` rewritten on a language switch) in the browser's
 * history as the router would, and calls `leave` once the address names another page, by a link, a redirect
 * or Back, for the routed app to take over there. `prepare` is called once when the visitor points at,
 * touches or focuses a link to another page, so the app can load before the click.
 */
export function HistoryNavigation({
  path,
  prepare,
  leave,
  children,
}: {
  path: string;
  prepare: () => void;
  leave: () => void;
  children: ReactNode;
}) {
  const [entry, setEntry] = useState<{ location: TLocation; navigationType: TNavigationType }>(() => ({
    location: currentLocation(),
    navigationType: 'POP',
  }));

  useEffect(() => {
    // As BrowserRouter does on start: the entry the visit opened on gets its place in the order.
    if (typeof historyState().idx !== 'number')
      window.history.replaceState({ ...historyState(), idx: 0 }, '');
    const onPopState = () => {
      const location = currentLocation();
      if (location.pathname === path) setEntry({ location, navigationType: 'POP' });
      else leave();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [path, leave]);

  useEffect(() => {
    const intents = ['pointerover', 'touchstart', 'focusin'] as const;
    const stop = () => {
      for (const type of intents) document.removeEventListener(type, onIntent);
    };
    const onIntent = (event: Event) => {
      if (!leadsElsewhere(event.target, path)) return;
      stop();
      prepare();
    };
    for (const type of intents) document.addEventListener(type, onIntent, { passive: true });
    return stop;
  }, [path, prepare]);

  const navigate = useCallback<TNavigation['navigate']>(
    (to, options = {}) => {
      const url = new URL(
        typeof to === 'string' ? to : createPath({ pathname: window.location.pathname, ...to }),
        window.location.href,
      );
      const address = createPath(url);
      const idx = historyState().idx ?? 0;
      const state: THistoryState = { usr: null, key: createKey(), idx: options.replace ? idx : idx + 1 };
      try {
        if (options.replace) window.history.replaceState(state, '', address);
        else window.history.pushState(state, '', address);
      } catch {
        // Too many entries in a short time (Safari) and the like: the browser goes there itself.
        window.location.assign(address);
        return;
      }
      if (url.pathname === path)
        setEntry({ location: currentLocation(), navigationType: options.replace ? 'REPLACE' : 'PUSH' });
      else leave();
    },
    [path, leave],
  );

  const value = useMemo<TNavigation>(() => ({ ...entry, navigate }), [entry, navigate]);
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
