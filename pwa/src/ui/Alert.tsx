import type { ReactNode } from 'react';

/** An error (announced at once) or success message box with an optional title. */
export function Alert({
  tone,
  title,
  children,
  id,
}: {
  tone: 'error' | 'success';
  title?: string;
  children: ReactNode;
  id?: string;
}) {
  const styles =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-800'
      : 'border-emerald-200 bg-emerald-50 text-emerald-800';
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl border px-4 py-3 text-start text-sm leading-relaxed ${styles}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
