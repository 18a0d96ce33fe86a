import { Suspense, type ReactNode } from 'react';
import { useI18n } from '../i18n/useI18n';
import { LoadingScreen } from '../ui/Spinner';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

/** The shared layout: sticky top bar, page body (with a loading fallback for lazy pages), footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-xl bg-white px-4 py-3 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('nav.skipToContent')}
      </a>
      <TopBar />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>{children}</Suspense>
      </main>
      <Footer />
    </div>
  );
}
