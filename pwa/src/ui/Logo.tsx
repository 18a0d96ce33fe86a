/**
 * Lamha's own mark (لمحة, "a glimpse"): an eye with a spark, white on the warm gradient. Not Instagram's
 * camera glyph: a look-alike is a trademark risk and tells merchants we are Instagram. The same drawing is
 * in index.html (the splash), public/favicon.svg and public/icons/*.
 */
export function LogoGlyph({ className = 'size-[62%]' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path
        d="M3 12c2.4-4 5.4-6 9-6s6.6 2 9 6c-2.4 4-5.4 6-9 6s-6.6-2-9-6Z"
        fill="none"
        stroke="white"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path
        d="M12 8.2c.5 2.3 1.5 3.3 3.8 3.8-2.3.5-3.3 1.5-3.8 3.8-.5-2.3-1.5-3.3-3.8-3.8 2.3-.5 3.3-1.5 3.8-3.8Z"
        fill="white"
      />
    </svg>
  );
}

/** The brand mark: the glyph on the warm gradient tile. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-grid place-items-center rounded-xl bg-brand-gradient-soft ${className}`}
    >
      <LogoGlyph />
    </span>
  );
}
