import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterWanted, subscribeToasterDemand } from '../ui/toaster-demand';

const AppToaster = lazy(() => import('./AppToaster'));

/**
 * The app's toasts, loaded once a page can raise one (ui/toast.ts): never on the marketing pages. A toast
 * raised before the Toaster is there is shown when it mounts (sonner replays the active toasts to a new
 * Toaster).
 */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToasterDemand, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
