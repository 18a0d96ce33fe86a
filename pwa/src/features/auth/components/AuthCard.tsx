import type { ReactNode } from 'react';
import { LogoMark } from '../../../ui/Logo';
import { card } from '../../../ui/styles';
import { useDocumentTitle } from '../../../app/useDocumentTitle';

/** The centred card every sign-in page sits in. */
export function AuthCard({
  title,
  subtitle,
  icon = <LogoMark className="mb-4 size-12" />,
  children,
}: {
  title: string;
  subtitle?: string;
  /** Shown above the title; the brand mark unless the page has a more telling picture. */
  icon?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="relative isolate overflow-hidden px-4 py-12 sm:py-20">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-brand-50 via-orange-50/60 to-white"
      />
      <div className={`mx-auto w-full max-w-md ${card}`}>
        <div className="mb-6 flex flex-col items-center text-center">
          {icon}
          <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900">{title}</h1>
          {subtitle ? (
            <p className="mt-2 text-base leading-relaxed text-balance text-slate-700">{subtitle}</p>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  );
}
