import type { ReactNode } from 'react';

/** Horizontal bounds shared by every marketing section, so edges line up down the page. */
export const CONTAINER = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';

/**
 * A section below the first screen: the browser lays it out and paints it only when it comes near the
 * viewport (content-visibility), which keeps a phone's first seconds on the landing page short. Until then
 * it counts as 900 px tall; once shown, its real height is remembered (`auto`).
 */
export const BELOW_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_900px]';

/** The same, for reading columns (FAQ). */
export const NARROW_CONTAINER = 'mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8';

/**
 * Headings read well in both scripts: Latin is set a little tighter, while Arabic keeps its natural spacing
 * (letter-spacing breaks the joins of Arabic letters) and gets more line height for its taller shapes.
 */
export const HEADING = 'font-extrabold ltr:tracking-tight leading-[1.25] rtl:leading-[1.45]';

/** Soft warm-to-violet light behind headers: the brand gradient, used as a whisper rather than a shout. */
export const GLOW =
  'bg-[radial-gradient(36rem_18rem_at_12%_0%,rgb(245_133_41/0.13),transparent_70%),radial-gradient(36rem_20rem_at_50%_-10%,rgb(221_42_123/0.10),transparent_70%),radial-gradient(36rem_18rem_at_88%_0%,rgb(129_52_175/0.12),transparent_70%)]';

/** A small label above a section title. */
export function Eyebrow({ children, tone = 'text-brand-700' }: { children: ReactNode; tone?: string }) {
  return <p className={`text-sm font-bold ${tone} ltr:uppercase ltr:tracking-wider`}>{children}</p>;
}

/** Eyebrow, title (an h2 whose id labels the section) and an optional lead paragraph, centred. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <Eyebrow>{eyebrow}</Eyebrow>
      <h2 id={id} className={`mt-3 text-balance text-3xl text-slate-900 sm:text-4xl ${HEADING}`}>
        {title}
      </h2>
      {subtitle ? (
        <p className="mt-4 text-balance text-lg leading-relaxed text-slate-600">{subtitle}</p>
      ) : null}
    </div>
  );
}

/** The heading block at the top of a static page. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden border-b border-slate-100 bg-slate-50/60">
      <div aria-hidden="true" className={`absolute inset-0 ${GLOW}`} />
      <div className={`${CONTAINER} relative py-14 text-center sm:py-20`}>
        {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
        <h1 className={`mx-auto mt-3 max-w-3xl text-4xl text-slate-900 sm:text-5xl ${HEADING}`}>{title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-balance text-lg leading-relaxed text-slate-600">{lead}</p>
        {children}
      </div>
    </div>
  );
}
