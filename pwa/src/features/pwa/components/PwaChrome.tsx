import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { useI18n } from '../../../i18n/useI18n';
import { useOnlineStatus } from '../hooks/useOnlineStatus';
import { onUpdateAvailable } from '../lib/service-worker';

/** The manifest of the interface language (the install prompt shows the app's name in it). */
function useManifestForLanguage(lang: 'ar' | 'en') {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link) link.href = lang === 'en' ? '/manifest-en.webmanifest' : '/manifest.webmanifest';
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
        toast(tRef.current('dashboard.pwa.updateAvailable'), {
          id: 'pwa-update',
          duration: Infinity,
          action: { label: tRef.current('dashboard.pwa.reload'), onClick: applyUpdate },
          cancel: { label: tRef.current('dashboard.pwa.later'), onClick: () => undefined },
        });
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
  // The dashboard says it in its own words (with the age of the copy it shows).
  if (online || pathname.startsWith('/dashboard')) return null;
  return (
    <div role="status" className="sticky top-0 z-50 bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white">
      {t('dashboard.pwa.offline')}
    </div>
  );
}
