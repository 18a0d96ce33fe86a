import { Suspense, type ReactNode } from 'react';
import { useI18n } from '../../../i18n/useI18n';
import { LoadingScreen } from '../../../ui/Spinner';

/**
 * The loading fallback of a lazily loaded marketing page. It holds a full screen of height, so the footer
 * starts below the fold and does not jump when the page arrives: a jump a visitor sees (and Lighthouse scores
 * as layout shift).
 */
export function PageSuspense({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return (
    <Suspense
      fallback={
        <div className="min-h-dvh">
          <LoadingScreen label={t('common.loading')} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
