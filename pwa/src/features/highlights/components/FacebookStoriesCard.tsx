import { useEffect, useState } from 'react';
import type { TInstagramConnection } from '@app/shared';
import { toast } from '../../../ui/toast';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton } from '../../../ui/styles';
import { Badge, Card, Dot } from '../../../ui/controls';
import { takeConnectOutcome, useLoginRedirect } from '../../dashboard/components/InstagramConnectCard';
import type { THighlightsApi } from '../lib/highlights-api';

const FACEBOOK_ERRORS = [
  'access_denied',
  'no_linked_instagram',
  'state_invalid',
  'exchange_failed',
  'not_configured',
] as const;

/**
 * Where stories come from, said plainly: Meta documents reading stories only through Facebook Login (an
 * Instagram professional account linked to a Facebook Page), so the Highlights tab offers "Connect with
 * Facebook" and shows which account it reads.
 */
export function FacebookStoriesCard({
  api,
  canTalk,
  onConnected,
}: {
  api: Pick<THighlightsApi, 'facebookConnection' | 'connectFacebook'>;
  canTalk: boolean;
  onConnected: () => void;
}) {
  const { t } = useI18n();
  const [connection, setConnection] = useState<TInstagramConnection>();
  // Whether the connection's answer came (or failed): until then no button, so a connected merchant never
  // sees "Connect" flash first.
  const [known, setKnown] = useState(false);
  const { busy, error, fail, connect } = useLoginRedirect(() => api.connectFacebook(), {
    unavailable: t('dashboard.highlights.fb.unavailable'),
    unknown: t('dashboard.highlights.fb.error.unknown'),
  });

  useEffect(() => {
    const outcome = takeConnectOutcome(
      window.location,
      (url) => window.history.replaceState(null, '', url),
      'facebook',
    );
    if (outcome?.kind === 'connected') {
      toast.success(t('dashboard.highlights.fb.connectedToast'));
      onConnected();
    } else if (outcome?.kind === 'error') {
      const code = (FACEBOOK_ERRORS as readonly string[]).includes(outcome.code) ? outcome.code : 'unknown';
      fail(t(`dashboard.highlights.fb.error.${code}` as 'dashboard.highlights.fb.error.unknown'));
    }
    void api.facebookConnection().then((result) => {
      if (result.ok) setConnection(result.value);
      setKnown(true);
    });
    // Once per visit: the outcome is in the address only when Facebook just sent the browser back.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only
  }, []);

  const connected = connection?.connected === true;
  const needsReconnect = connection?.status === 'needs_reconnect';
  const available = connection?.login_available !== false;

  return (
    <Card
      title={t('dashboard.highlights.fb.title')}
      actions={
        known && (!connected || needsReconnect) ? (
          <button
            type="button"
            className={primaryButton}
            disabled={busy || !canTalk || !available}
            onClick={() => void connect()}
            data-testid="facebook-connect"
          >
            {busy
              ? t('dashboard.highlights.fb.connecting')
              : needsReconnect
                ? t('dashboard.highlights.fb.reconnect')
                : t('dashboard.highlights.fb.connect')}
          </button>
        ) : null
      }
    >
      <div className="grid gap-3 text-sm leading-relaxed text-slate-700">
        {connected ? (
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span data-testid="facebook-connected-as">
              {t('dashboard.highlights.fb.connectedAs')} <span dir="ltr">@{connection.username}</span>
            </span>
            {needsReconnect ? (
              <Badge tone="amber">
                <Dot className="bg-amber-500" />
                {t('dashboard.highlights.fb.needsReconnect')}
              </Badge>
            ) : (
              <Badge tone="green">
                <Dot className="bg-emerald-500" />
                {t('dashboard.highlights.fb.active')}
              </Badge>
            )}
          </p>
        ) : null}
        <p data-testid="facebook-why">{t('dashboard.highlights.fb.why')}</p>
        <p className="text-slate-600">
          {available ? t('dashboard.highlights.fb.need') : t('dashboard.highlights.fb.unavailable')}
        </p>
        {error ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
