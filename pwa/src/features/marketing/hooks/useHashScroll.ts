import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { hasSignInParams } from '../lib/sign-in-params';

/** Spec §2: the page has had time to lay out its sections (and their images) by then. */
export const HASH_SCROLL_DELAY_MS = 100;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls smoothly to the section named in the URL hash (#pricing) 100 ms after arrival or after a nav link
 * is followed again, unless the hash holds sign-in parameters (those are not element ids).
 *
 * The page scrolls smoothly as a whole (index.css), so the first jump to the hash (useScrollRestoration)
 * glides too. Visitors who ask for reduced motion keep instant jumps.
 */
export function useHashScroll(): void {
  const { hash, search, key } = useLocation();

  useEffect(() => {
    if (hash.length < 2 || hasSignInParams(search, hash)) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    const timer = window.setTimeout(() => {
      document
        .getElementById(id)
        ?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash, search, key]);
}
