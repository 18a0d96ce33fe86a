/** A spinner with its message; `role="status"` makes screen readers announce the message. */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center gap-4 text-center ${className}`}
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      <p className="text-base font-medium text-slate-700">{label}</p>
    </div>
  );
}

/** A spinner centred in the space of a page, for loading fallbacks and guards. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4 py-16">
      <Spinner label={label} />
    </div>
  );
}
