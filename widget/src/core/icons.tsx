import { h } from 'preact';
import type { JSX } from 'preact';

/** 24×24 icons drawn with the current colour; `fill` for solid shapes, otherwise 2 px strokes. */
export function Icon({
  d,
  fill,
  cls,
  size = 24,
}: {
  d: string;
  fill?: boolean;
  cls?: string;
  size?: number;
}): JSX.Element {
  return (
    <svg
      class={cls}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill={fill ? 'currentColor' : 'none'}
      stroke={fill ? 'none' : 'currentColor'}
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

export const HEART =
  'M12 21s-7.5-4.6-9.5-9.2C1 8.4 3.1 4.5 7 4.5c2.2 0 3.7 1.2 5 3 1.3-1.8 2.8-3 5-3 3.9 0 6 3.9 4.5 7.3C19.5 16.4 12 21 12 21z';
export const COMMENT = 'M20.7 16.5A9 9 0 1 0 17 20l4 1z';
/** Two stacked squares: Instagram's carousel mark. */
export const CAROUSEL =
  'M8 3h11a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2h-1V8a3 3 0 0 0-3-3H8zM3 9a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z';
export const PLAY = 'M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z';
