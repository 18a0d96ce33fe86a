import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from './navigation';

const STORAGE_KEY = 'lamha.scroll';
/** How long a restore waits for a lazily loaded page to become tall enough. */
const RESTORE_PATIENCE_MS = 1000;

function readSaved(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (saved && typeof saved === 'object') {
      return new Map(
        Object.entries(saved).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      );
    }
  } catch {
    // Storage unavailable or damaged: start afresh.
  }
  return new Map();
}

const positions = typeof window === 'undefined' ? new Map<string, number>() : readSaved();

/** The element id a `#hash` names; none for an empty hash or one that is not an id (sign-in parameters). */
function elementIdOf(hash: string): string | undefined {
  if (hash.length < 2) return undefined;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return undefined;
  }
}

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
    const targetId = elementIdOf(hash);
    const target = () => (targetId === undefined ? null : document.getElementById(targetId));
    if (saved === undefined) {
      // A section on the page already there (a nav link to #pricing on the landing page) glides from here.
      const section = target();
      if (section) {
        section.scrollIntoView();
        return;
      }
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      if (targetId === undefined) return;
    }
    // The page may still be loading its chunk: try again on the next frames until it is tall enough, or until
    // the section named in the address is there.
    const until = performance.now() + RESTORE_PATIENCE_MS;
    let frame = 0;
    const settle = () => {
      let settled: boolean;
      if (saved === undefined) {
        const section = target();
        section?.scrollIntoView();
        settled = section !== null;
      } else {
        window.scrollTo({ top: saved, left: 0, behavior: 'instant' });
        settled = Math.abs(window.scrollY - saved) <= 1;
      }
      if (!settled && performance.now() < until) frame = requestAnimationFrame(settle);
    };
    settle();
    return () => cancelAnimationFrame(frame);
  }, [key, hash, navigationType]);
}
