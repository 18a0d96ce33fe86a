/**
 * Class lists shared by buttons and fields. Heights of 44–48 px keep touch targets comfortable on phones;
 * the focus ring comes from the global :focus-visible rule in index.css.
 */
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-brand-gradient px-5 py-2.5 text-base font-semibold text-white shadow-sm transition hover:brightness-110 active:brightness-95 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:brightness-100';

export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-2.5 text-base font-semibold text-slate-800 transition hover:border-brand-700 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:border-slate-300 disabled:hover:text-slate-800';

/** A destructive action's confirm button (Disconnect, Delete): red, never mistaken for Cancel beside it. */
export const dangerButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-red-700 px-5 py-2.5 text-base font-semibold text-white transition hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';

/** The button that asks for a destructive action (the confirmation follows): red outline. */
export const dangerOutlineButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-red-300 bg-white px-5 py-2.5 text-base font-semibold text-red-700 transition hover:border-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60';

export const textInput =
  'block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 transition focus:border-brand-700 aria-[invalid=true]:border-red-700';

export const fieldLabel = 'mb-1.5 block text-sm font-semibold text-slate-800';

export const card = 'rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-200/60 sm:p-8';
