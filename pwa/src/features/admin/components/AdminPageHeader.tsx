import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../app/useDocumentTitle';

/** A page's title block: the one h1, a line of introduction, and room for a count and actions. */
export function AdminPageHeader({
  title,
  intro,
  badge,
  actions,
}: {
  title: string;
  intro: string;
  badge?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <header className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {badge}
        </div>
        <p className="mt-1.5 text-sm text-slate-600 sm:text-base">{intro}</p>
      </div>
      {actions ? <div className="flex shrink-0 flex-col gap-2 sm:flex-row">{actions}</div> : null}
    </header>
  );
}
