import { useEffect, useState } from 'react';
import { dateLocale, type TStoreLink } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import type { TMerchantApi } from '../lib/merchant-api';

/**
 * Store installs that named this account's e-mail and are not linked until the owner opens the e-mailed
 * link: listed so the owner knows why a store is not showing the widget (or that someone tried).
 */
export function PendingStoreLinks({ api, canTalk }: { api: TMerchantApi; canTalk: boolean }) {
  const { t, lang } = useI18n();
  const [links, setLinks] = useState<TStoreLink[]>([]);

  useEffect(() => {
    if (!canTalk) return;
    let live = true;
    void api.storeLinks().then((result) => {
      if (live && result.ok) setLinks(result.value.links);
    });
    return () => {
      live = false;
    };
  }, [api, canTalk]);

  if (links.length === 0) return null;
  const date = new Intl.DateTimeFormat(dateLocale(lang, 'en-GB'), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <section
      role="status"
      aria-label={t('dashboard.storeLink.pendingTitle')}
      className="mb-5 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
    >
      <p className="font-semibold">{t('dashboard.storeLink.pendingTitle')}</p>
      <ul className="mt-1 flex flex-col gap-1">
        {links.map((link) => (
          <li key={`${link.platform}:${link.store_url ?? link.store_name ?? ''}:${link.expires_at}`}>
            {t('dashboard.storeLink.pendingBody', {
              store: link.store_name ?? link.store_url ?? '—',
              platform: t(link.platform === 'salla' ? 'dashboard.platform.salla' : 'dashboard.platform.zid'),
              date: date.format(new Date(link.expires_at)),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
