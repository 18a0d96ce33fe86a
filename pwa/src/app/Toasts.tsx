import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useI18n } from '../i18n/useI18n';
import { isToasterWanted, subscribeToasterDemand } from '../ui/toaster-demand';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * The app's toasts (sonner), loaded once a page can raise one (ui/toast.ts): never on the marketing pages.
 * A toast raised before the Toaster is there is shown when it mounts (sonner replays the active toasts to a
 * new Toaster).
 */
export function Toasts() {
  const { dir } = useI18n();
  const wanted = useSyncExternalStore(subscribeToasterDemand, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Spec §9 toast constants: 4 s, 3 visible, 14 px gap (sonner's width is 356 px). */}
      <Toaster
        dir={dir}
        // The start side: the settings' live preview sits on the end side and stays uncovered.
        position={dir === 'rtl' ? 'bottom-right' : 'bottom-left'}
        richColors
        closeButton
        duration={4000}
        visibleToasts={3}
        gap={14}
        hotkey={['altKey', 'KeyT']}
      />
    </Suspense>
  );
}
