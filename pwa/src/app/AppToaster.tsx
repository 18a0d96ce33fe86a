import { Toaster } from 'sonner';
import { useI18n } from '../i18n/useI18n';
import { useMediaQuery } from '../ui/useMediaQuery';

/** sonner's own breakpoint: at and below it a toast takes the screen's width. */
const PHONE = '(max-width: 600px)';
/** Just below the sticky top bar (64 px) on a phone. */
const PHONE_TOP_OFFSET = 72;

/**
 * The app's toasts (sonner), its own chunk: loaded only once a page can raise one (Toasts.tsx).
 *
 * Where they show: on a phone at the top, under the top bar, so they never cover the buttons a merchant just
 * pressed (onboarding's Next, the settings' sticky Save bar, both at the bottom); on wider screens at the
 * bottom of the start side, away from the settings' live preview on the end side. The region is named in
 * the page's language (sonner's own label is English).
 */
export default function AppToaster() {
  const { dir, t } = useI18n();
  const phone = useMediaQuery(PHONE);
  return (
    // Toast constants: 4 s, 3 visible, 14 px gap (sonner's width is 356 px).
    <Toaster
      dir={dir}
      position={phone ? 'top-center' : dir === 'rtl' ? 'bottom-right' : 'bottom-left'}
      mobileOffset={{ top: PHONE_TOP_OFFSET }}
      containerAriaLabel={t('common.notifications')}
      richColors
      closeButton
      duration={4000}
      visibleToasts={3}
      gap={14}
      hotkey={['altKey', 'KeyT']}
    />
  );
}
