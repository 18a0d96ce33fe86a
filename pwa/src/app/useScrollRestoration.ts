import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'lamha.scroll';
/** How long a restore waits for a lazily loaded page to become tall enough. */
const RESTORE_PATIENCE_MS = 1000;

function readSaved(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (saved && typeof saved === 'object') {
      return new Map(Object.entries(saved).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
    }
  } catch {
    // Storage unavailable or damaged: start afresh.
  }
  return new Map();
}

const positions = typeof window === 'undefined' ? new Map<string, number>() : readSaved();

/**
 * Where the window was scrolled for each history entry, so Back and Forward return to the same place (also
 * after a reload: kept in sessionStorage); a new page starts at the top; a link to `#section` goes to the
 * section (useHashScroll glides there on the landing page).
 */
export function useScrollRestoration(): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const current = useRef(key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // Private mode or full storage: positions last for this page load only.
      }
    };
    // Scroll events arrive after the frame: by then `current` names the entry on screen.
    const record = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    if (saved !== undefined) {
      // The page may still be loading its chunk: try again on the next frames until it is tall enough.
      const until = performance.now() + RESTORE_PATIENCE_MS;
      let frame = 0;
      const restore = () => {
        window.scrollTo({ top: saved, left: 0, behavior: 'instant' });
        if (Math.abs(window.scrollY - saved) > 1 && performance.now() < until) frame = requestAnimationFrame(restore);
      };
      restore();
      return () => cancelAnimationFrame(frame);
    }
    if (hash.length > 1) {
      let target: HTMLElement | null = null;
      try {
        target = document.getElementById(decodeURIComponent(hash.slice(1)));
      } catch {
        // A hash that is not an element id (sign-in parameters): stay at the top.
      }
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [key, hash, navigationType]);
}
