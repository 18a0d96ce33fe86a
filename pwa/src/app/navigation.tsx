import {
  createContext,
  useContext,
  useEffect,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * Navigation without React Router, for everything the landing page renders.
 *
 * A first visit to `/` shows the landing page without the router (about 10 KB of brotli it does not need):
 * `landing-boot.tsx` gives these hooks the browser's history (HistoryNavigation), and the routed app gives
 * them React Router's location and `navigate` (RouterNavigation, inside the router). The components the
 * landing page shares with the other pages (top bar, footer, layouts, page meta, scroll handling) therefore
 * import `Link`, `useLocation` and the rest from here, never from `react-router`; `npm run size` fails when
 * the router ends up in the landing page's first load. Pages only the routed app shows may use the router.
 */

export interface TLocation {
  pathname: string;
  search: string;
  hash: string;
  /** Names the history entry (React Router's key: the scroll position of each entry is kept by it). */
  key: string;
}

export type TPath = Pick<TLocation, 'pathname' | 'search' | 'hash'>;
export type TNavigationType = 'POP' | 'PUSH' | 'REPLACE';
export interface TNavigateOptions {
  replace?: boolean;
  preventScrollReset?: boolean;
}

export interface TNavigation {
  location: TLocation;
  /** How the current entry was reached: Back/Forward or the first load (POP), a link (PUSH), a redirect (REPLACE). */
  navigationType: TNavigationType;
  navigate: (to: string | Partial<TPath>, options?: TNavigateOptions) => void;
}

const NavigationContext = createContext<TNavigation | null>(null);

export function NavigationProvider({ value, children }: { value: TNavigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

function useNavigation(): TNavigation {
  const navigation = useContext(NavigationContext);
  if (!navigation)
    throw new Error('Navigation hooks need a NavigationProvider (RouterNavigation or HistoryNavigation).');
  return navigation;
}

export const useLocation = (): TLocation => useNavigation().location;
export const useNavigationType = (): TNavigationType => useNavigation().navigationType;
export const useNavigate = (): TNavigation['navigate'] => useNavigation().navigate;

/** `/path?query#hash` of a location or a part of one. */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<TPath>): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const fragment = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return pathname + query + fragment;
}

type TAnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path in the app, `/support` or `/#pricing`. */
  to: string;
  replace?: boolean;
};

/**
 * A link within the app, as React Router's `<Link>`: a real `<a href>` (it opens in a new tab, and works
 * before any script ran), followed without a page load on a plain click. A link to where the visitor already
 * is replaces the history entry rather than adding one.
 */
export function Link({ to, replace, onClick, target, ...rest }: TAnchorProps) {
  const { location, navigate } = useNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    navigate(to, { replace: replace ?? createPath(location) === to });
  };
  return <a {...rest} href={to} onClick={follow} target={target} />;
}

/** A navigation link that knows whether it names the page on screen (`aria-current="page"`), as React Router's. */
export function NavLink({
  to,
  end = false,
  className,
  ...rest
}: Omit<TAnchorProps, 'className'> & {
  /** Current only on this very path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}) {
  const { pathname } = useLocation();
  const target = to.replace(/[?#].*$/, '').toLowerCase();
  const current = pathname.toLowerCase();
  const isActive =
    current === target ||
    (!end && target !== '/' && current.startsWith(target) && current.charAt(target.length) === '/');
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      to={to}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** Goes to `to` once rendered (a redirect), as React Router's `<Navigate>`. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}
