import type { ReactNode } from 'react';

/**
 * A 24-unit line icon drawn in the text's colour: the dashboard's one way to draw an icon (its paths are
 * the children). Decorative: hidden from assistive technology, so the text or label beside it carries the
 * meaning.
 */
export function OutlineIcon({
  children,
  className = 'size-5',
  strokeWidth = 2,
}: {
  children: ReactNode;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
