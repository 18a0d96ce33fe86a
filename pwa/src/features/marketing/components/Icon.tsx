/**
 * The marketing pages' line icons (24 × 24, drawn for Lamha, stroke follows the text colour). Decorative:
 * the text next to each icon carries the meaning, so they are hidden from assistive technology.
 */
const PATHS = {
  check: 'M5 12.5l4.2 4.2L19 7',
  cross: 'M7 7l10 10M17 7 7 17',
  flame:
    'M12 21c3.6 0 6-2.5 6-5.8 0-3.6-2.6-5.4-3.6-8.7-.2-.6-.9-.8-1.3-.3C11.8 7.7 12 9.8 12 11c-1-.8-1.6-2-1.8-3.1-.1-.5-.8-.7-1.1-.3C7.6 9.6 6 12.1 6 15.2 6 18.5 8.4 21 12 21Z',
  grid: 'M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z',
  refresh: 'M20 11a8 8 0 0 0-14.3-4.9L4 8m0-4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16m0 4v-4h-4',
  badge:
    'M4 7.5A3.5 3.5 0 0 1 7.5 4h9A3.5 3.5 0 0 1 20 7.5v9a3.5 3.5 0 0 1-3.5 3.5h-9A3.5 3.5 0 0 1 4 16.5zM9.5 10.5a2.5 2.5 0 1 0 5 0 2.5 2.5 0 0 0-5 0M7.5 17c1-1.6 2.6-2.5 4.5-2.5s3.5.9 4.5 2.5',
  tag: 'M3.5 12.6V5a1.5 1.5 0 0 1 1.5-1.5h7.6a1.5 1.5 0 0 1 1 .4l7 7a1.5 1.5 0 0 1 0 2.2l-7.5 7.5a1.5 1.5 0 0 1-2.2 0l-7-7a1.5 1.5 0 0 1-.4-1ZM8.5 8.5h.01',
  sliders: 'M4 7h9m4 0h3M4 17h3m4 0h9M13 4.5v5M7 14.5v5',
  store:
    'M4 9.5 5.5 4h13L20 9.5M4 9.5a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0M5 11.5V20h14v-8.5M10 20v-5h4v5',
  chat: 'M12 20a8 8 0 1 0-7-4.1L4 20l4.2-1A8 8 0 0 0 12 20ZM8.5 10.5h7M8.5 13.5h4.5',
  mail: 'M3.5 6.5A1.5 1.5 0 0 1 5 5h14a1.5 1.5 0 0 1 1.5 1.5v11A1.5 1.5 0 0 1 19 19H5a1.5 1.5 0 0 1-1.5-1.5zM4 6.5l8 6 8-6',
  book: 'M12 6.5C10.3 5.2 8 4.5 4 4.5v14c4 0 6.3.7 8 2 1.7-1.3 4-2 8-2v-14c-4 0-6.3.7-8 2ZM12 6.5v14',
  shield: 'M12 3.5 5 6v5.5c0 4.4 3 7.9 7 9 4-1.1 7-4.6 7-9V6ZM8.8 12.2l2.2 2.2 4.2-4.4',
  code: 'M8.5 7.5 4 12l4.5 4.5M15.5 7.5 20 12l-4.5 4.5M13.5 5l-3 14',
  bag: 'M5.5 8h13l-1 12h-11ZM9 10V7a3 3 0 0 1 6 0v3',
  at: 'M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0Zm0 0v1.5a2.5 2.5 0 0 0 5 0V12a9 9 0 1 0-3.5 7.1',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4.5 20c1.4-3 4.2-4.5 7.5-4.5s6.1 1.5 7.5 4.5',
  key: 'M14.5 9.5a5 5 0 1 1-3.6 1.5L4 17.9V20h3v-2h2v-2h2l1.6-1.6M16 8h.01',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 7.5V12l3 2',
  arrow: 'M5 12h14m-5-5 5 5-5 5',
} as const;

export type TIconName = keyof typeof PATHS;

export function Icon({ name, className = 'size-5' }: { name: TIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
