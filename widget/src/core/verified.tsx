import { h } from 'preact';
import type { JSX } from 'preact';
import type { Lang } from './types.js';

// In the extras chunk (scripts/build.mjs), which registers it with the core; the viewer imports it too.

/** Instagram's blue verified mark. */
export function Verified({ lang }: { lang: Lang }): JSX.Element {
  return (
    <svg
      class="ver"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      role="img"
      aria-label={lang === 'en' ? 'Verified' : 'حساب موثّق'}
    >
      <path
        fill="#0095f6"
        d="M12 1l2.6 2.1 3.3-.4 1.2 3.1 3.1 1.2-.4 3.3L23 12l-2.1 2.6.4 3.3-3.1 1.2-1.2 3.1-3.3-.4L12 23l-2.6-2.1-3.3.4-1.2-3.1-3.1-1.2.4-3.3L1 12l2.1-2.6-.4-3.3 3.1-1.2 1.2-3.1 3.3.4z"
      />
      <path
        fill="none"
        stroke="#fff"
        stroke-width="2.2"
        stroke-linecap="round"
        stroke-linejoin="round"
        d="M7.5 12.3l3 3 6-6.3"
      />
    </svg>
  );
}
