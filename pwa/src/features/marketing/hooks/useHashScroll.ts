import { useEffect } from 'react';
import { useLocation } from '../../../app/navigation';
import { hasSignInParams } from '../lib/sign-in-params';

/** product §2: the page has had time to lay out its sections (and their images) by then. */
export const HASH_SCROLL_DELAY_MS = 100;
/** The longest a glide is waited for when the browser sends no `scrollend`. */
const GLIDE_MS = 1500;
/** Instant corrections at most after a glide (each may lay out more sections above). */
const CORRECTIONS = 3;
/** Anything the visitor does to scroll themselves: the page then leaves the position to them. */
const VISITOR_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** How far the section's top is from where `scrollIntoView` puts it (its scroll margin), in px. */
function offsetFromStart(section: HTMLElement): number {
  const margin = Number.parseFloat(window.getComputedStyle(section).scrollMarginTop) || 0;
  return section.getBoundingClientRect().top - margin;
}

/**
 * Scrolls smoothly to the section named in the URL hash (#pricing) 100 ms after arrival or after a nav link
 * is followed again, unless the hash holds sign-in parameters (those are not element ids).
 *
 * The page scrolls smoothly as a whole (index.css), so the first jump to the hash (useScrollRestoration)
 * glides too. Visitors who ask for reduced motion keep instant jumps. Sections below the first screen are
 * laid out only as they come near (content-visibility), so the ones passed on the way can change height
 * during the glide and leave the section a little off; when the glide ends, the page puts it exactly at
 * the top, unless the visitor has scrolled meanwhile.
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
    let fallback: number | undefined;
    let frame = 0;
    const stop = () => {
      window.clearTimeout(fallback);
      cancelAnimationFrame(frame);
      window.removeEventListener('scrollend', settle);
      for (const type of VISITOR_SCROLLS) window.removeEventListener(type, stop);
    };
    let corrections = 0;
    function settle() {
      stop();
      const section = document.getElementById(id);
      if (!section || Math.abs(offsetFromStart(section)) <= 1 || corrections++ >= CORRECTIONS) return;
      section.scrollIntoView({ behavior: 'instant', block: 'start' });
      // The jump may lay out more sections above: look again on the next frame.
      frame = requestAnimationFrame(settle);
    }
    const timer = window.setTimeout(() => {
      const section = document.getElementById(id);
      if (!section) return;
      section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      window.addEventListener('scrollend', settle, { once: true });
      for (const type of VISITOR_SCROLLS) window.addEventListener(type, stop, { once: true, passive: true });
      fallback = window.setTimeout(settle, GLIDE_MS);
    }, HASH_SCROLL_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [hash, search, key]);
}
