import { useCallback, useEffect, useState } from 'react';
import {
  ZInstagramConnectErrorCode,
  type TInstagramConnection,
  type TInstagramConnectResponse,
} from '@app/shared';
import { toast } from '../../../ui/toast';
import { useI18n } from '../../../i18n/useI18n';
import { dangerOutlineButton, primaryButton } from '../../../ui/styles';
import type { TApiResult } from '../../auth/lib/api-request';
import type { TMerchantApi } from '../lib/merchant-api';
import { Badge, Card, Dot } from '../../../ui/controls';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Reads `?instagram=connected` or `?instagram=error&code=…` (where Instagram Login sends the browser back;
 * `?facebook=…` for Facebook Login) once, and removes it from the address so a reload does not repeat the
 * message.
 */
export function takeConnectOutcome(
  location: Pick<Location, 'search' | 'pathname' | 'hash'>,
  replace: (url: string) => void,
  provider: 'instagram' | 'facebook' = 'instagram',
): { kind: 'connected' } | { kind: 'error'; code: string } | undefined {
  const params = new URLSearchParams(location.search);
  const outcome = params.get(provider);
  if (outcome !== 'connected' && outcome !== 'error') return undefined;
  const code = params.get('code') ?? '';
  params.delete(provider);
  params.delete('code');
  const rest = params.toString();
  replace(`${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  if (outcome === 'connected') return { kind: 'connected' };
  const known = ZInstagramConnectErrorCode.safeParse(code);
  return { kind: 'error', code: known.success ? known.data : 'unknown' };
}

/**
 * A "Connect with …" button's work: asks the API for the provider's login address and sends the browser
 * there, or says why it cannot (`fail` also tells an error brought back in the address).
 */
export function useLoginRedirect(
  start: () => Promise<TApiResult<TInstagramConnectResponse>>,
  messages: { unavailable: string; unknown: string },
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };
  const connect = async () => {
    setBusy(true);
    setError(undefined);
    const result = await start();
    if (result.ok) {
      window.location.assign(result.value.url);
      return;
    }
    setBusy(false);
    fail(
      result.failure.kind === 'http' && result.failure.status === 503
        ? messages.unavailable
        : messages.unknown,
    );
  };
  return { busy, setBusy, error, fail, connect };
}

/**
 * "Connect with Instagram": the primary way to connect (Instagram Login: posts, stories, highlights). The
 * username form below it stays the secondary way and shows posts only.
 */
export function InstagramConnectCard({
  api,
  canTalk,
  onChanged,
  username,
}: {
  api: TMerchantApi;
  canTalk: boolean;
  onChanged: () => void;
  /** The account connected by username, if any: then the card says so instead of "nothing connected". */
  username?: string | null;
}) {
  const { t } = useI18n();
  const [connection, setConnection] = useState<TInstagramConnection>();
  const [confirming, setConfirming] = useState(false);
  const { busy, setBusy, error, fail, connect } = useLoginRedirect(() => api.connectInstagram(), {
    unavailable: t('dashboard.instagram.unavailable'),
    unknown: t('dashboard.instagram.error.unknown'),
  });

  const load = useCallback(async () => {
    const result = await api.getInstagramConnection();
    if (result.ok) setConnection(result.value);
  }, [api]);

  useEffect(() => {
    const outcome = takeConnectOutcome(window.location, (url) => window.history.replaceState(null, '', url));
    if (outcome?.kind === 'connected') {
      toast.success(t('dashboard.instagram.connectedToast'));
      onChanged();
    } else if (outcome?.kind === 'error') {
      fail(t(`dashboard.instagram.error.${outcome.code}` as 'dashboard.instagram.error.unknown'));
    }
    void load();
    // Once per visit: the outcome is in the address only when Instagram just sent the browser back.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only, whatever `t` or `onChanged` become
  }, []);

  const disconnect = async () => {
    setConfirming(false);
    setBusy(true);
    const result = await api.disconnectInstagram();
    setBusy(false);
    if (result.ok) {
      toast.success(t('dashboard.instagram.disconnected'));
      await load();
      onChanged();
    } else toast.error(t('dashboard.instagram.error.unknown'));
  };

  const connected = connection?.connected === true;
  const needsReconnect = connection?.status === 'needs_reconnect';
  const available = connection?.login_available !== false;

  return (
    <Card
      title={t('dashboard.instagram.title')}
      subtitle={t('dashboard.instagram.subtitle')}
      actions={
        <>
          {connected ? (
            <button
              type="button"
              className={dangerOutlineButton}
              disabled={busy || !canTalk}
              onClick={() => setConfirming(true)}
            >
              {t('dashboard.instagram.disconnect')}
            </button>
          ) : null}
          {!connected || needsReconnect ? (
            <button
              type="button"
              className={primaryButton}
              disabled={busy || !canTalk || !available}
              onClick={() => void connect()}
              data-testid="instagram-connect"
            >
              {busy
                ? t('dashboard.instagram.connecting')
                : needsReconnect
                  ? t('dashboard.instagram.reconnect')
                  : t('dashboard.instagram.connect')}
            </button>
          ) : null}
        </>
      }
    >
      <div className="grid gap-3">
        {connected ? (
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
            <span dir="ltr" data-testid="instagram-connected-as">
              {t('dashboard.instagram.connectedAs', { username: connection.username ?? '' })}
            </span>
            {needsReconnect ? (
              <Badge tone="amber">
                <Dot className="bg-amber-500" />
                {t('dashboard.instagram.needsReconnect')}
              </Badge>
            ) : (
              <Badge tone="green">
                <Dot className="bg-emerald-500" />
                {t('dashboard.instagram.active')}
              </Badge>
            )}
            {connection.sample_content ? <Badge tone="slate">{t('dashboard.instagram.sample')}</Badge> : null}
          </p>
        ) : (
          <p className="text-sm text-slate-600">
            {username
              ? t('dashboard.instagram.byUsername', { username })
              : available
                ? t('dashboard.instagram.notConnected')
                : t('dashboard.instagram.unavailable')}
          </p>
        )}
        {connection?.sample_content ? (
          <p
            className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700"
            data-testid="instagram-sample-note"
          >
            {t('dashboard.instagram.sampleNote')}
          </p>
        ) : null}
        {error ? (
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            {error}
          </p>
        ) : null}
        {connection?.username_available !== false && !username ? (
          <p className="text-sm text-slate-600">
            <Badge tone="slate">{t('dashboard.instagram.postsOnly')}</Badge>{' '}
            {t('dashboard.instagram.usernameWay')}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('dashboard.instagram.disconnect')}
        body={t('dashboard.instagram.disconnectConfirm')}
        confirmLabel={t('dashboard.instagram.disconnect')}
        cancelLabel={t('dashboard.account.cancel')}
        onConfirm={() => void disconnect()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
