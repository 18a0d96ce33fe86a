import { useEffect, useRef } from 'react';
import { useLocation } from '../../../app/navigation';
import { useI18n } from '../../../i18n/useI18n';
import { useOnlineStatus } from '../hooks/useOnlineStatus';
import { isAppPath, onUpdateAvailable, registerServiceWorker } from '../lib/service-worker';

/** The manifest of the interface language (the install prompt shows the app's name in it). */
function useManifestForLanguage(lang: 'ar' | 'en') {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const href = lang === 'en' ? '/manifest-en.webmanifest' : '/manifest.webmanifest';
    // Only a change: setting the same address again makes the browser fetch the manifest again.
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
  }, [lang]);
}

/** "A new version is available" with a Reload action, once per waiting version. */
function useUpdatePrompt() {
  const { t } = useI18n();
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);
  useEffect(
    () =>
      onUpdateAvailable((applyUpdate) => {
        // sonner, and the Toaster with it (app/Toasts.tsx), only now: not part of a marketing page's load.
        void import('../../../ui/toast').then(({ toast }) =>
          toast(tRef.current('dashboard.pwa.updateAvailable'), {
            id: 'pwa-update',
            duration: Infinity,
            action: { label: tRef.current('dashboard.pwa.reload'), onClick: applyUpdate },
            cancel: { label: tRef.current('dashboard.pwa.later'), onClick: () => undefined },
          }),
        );
      }),
    [],
  );
}

/** App-wide installable-app bits: offline strip, update prompt, language of the manifest. */
export function PwaChrome() {
  const { t, lang } = useI18n();
  const online = useOnlineStatus();
  const { pathname } = useLocation();
  useManifestForLanguage(lang);
  useUpdatePrompt();
  // The service worker comes with the app's pages (see isAppPath), also when the visitor arrives there from
  // the landing page; once installed it serves every page.
  useEffect(() => {
    if (isAppPath(pathname)) registerServiceWorker();
  }, [pathname]);
  // The dashboard says it in its own words (with the age of the copy it shows).
  if (online || pathname.startsWith('/dashboard')) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-50 bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white"
    >
      {t('dashboard.pwa.offline')}
    </div>
  );
}
