/**
 * Whether anything on this page can raise a toast. The Toaster (app/Toasts.tsx) and sonner with it load only
 * then: the marketing pages never toast, and loading sonner would add its stylesheet (a full style
 * recalculation) and 8.6 KB to their load.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of [...listeners]) listener();
}

export const isToasterWanted = (): boolean => wanted;

export function subscribeToasterDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
