import { useEffect, useState } from 'react';
import { dateLocale, type TContentHealth } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { toast } from '../../../ui/toast';
import { primaryButton } from '../../../ui/styles';
import type { TMerchantApi } from '../lib/merchant-api';

/**
 * The token and content health banner: shown when Instagram refused the connection or the content has
 * not refreshed for twice the plan's interval. "Reconnect" starts Instagram Login again (or, for an
 * account named by username, opens the account tab).
 */
export function HealthBanner({
  api,
  canTalk,
  onOpenAccount,
}: {
  api: TMerchantApi;
  canTalk: boolean;
  onOpenAccount: () => void;
}) {
  const { t, lang } = useI18n();
  const [health, setHealth] = useState<TContentHealth>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!canTalk) return;
    let live = true;
    void api.contentHealth().then((result) => {
      if (live && result.ok) setHealth(result.value);
    });
    return () => {
      live = false;
    };
  }, [api, canTalk]);

  if (!health || health.state === 'ok') return null;

  const reconnect = async () => {
    if (!health.login_connection) {
      onOpenAccount();
      return;
    }
    setBusy(true);
    const result = await api.connectInstagram();
    if (result.ok) {
      window.location.assign(result.value.url);
      return;
    }
    setBusy(false);
    toast.error(t('dashboard.instagram.error.unknown'));
  };

  const message =
    health.state === 'needs_reconnect'
      ? t('dashboard.health.needsReconnect')
      : health.last_good_refresh_at
        ? t('dashboard.health.stale', {
            time: new Intl.DateTimeFormat(dateLocale(lang), {
              dateStyle: 'medium',
              timeStyle: 'short',
            }).format(new Date(health.last_good_refresh_at)),
          })
        : t('dashboard.health.staleNever');

  return (
    <div
      role="alert"
      data-testid="health-banner"
      className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="min-w-0 flex-1 leading-relaxed">{message}</p>
      <button
        type="button"
        className={primaryButton}
        onClick={() => void reconnect()}
        disabled={busy || !canTalk}
      >
        {busy ? t('dashboard.health.reconnecting') : t('dashboard.health.reconnect')}
      </button>
    </div>
  );
}
