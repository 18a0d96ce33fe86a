import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TAdminMoyasarWebhooks } from '@app/shared';
import { billingContracts } from '@app/shared/contracts';
import { useI18n } from '../../../i18n/useI18n';
import { Alert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { secondaryButton } from '../../../ui/styles';
import { useAuth } from '../../auth/hooks/useAuth';
import { createApiClient } from '../../../lib/api-client';
import type { TLoad } from '../hooks/useBilling';
import { billingDate, billingFailureText } from '../lib/billing-format';

type TWebhook = TAdminMoyasarWebhooks['webhooks'][number];

const STATUS_TONE: Record<TWebhook['status'], string> = {
  verified: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  pending: 'bg-slate-100 text-slate-700 ring-slate-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  expired: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/**
 * The admin's view of Moyasar's webhook verification: each code Moyasar sent, whether the webhook is
 * verified (it receives no payment events until it is), and the step that finishes it when sending the
 * code back failed.
 */
export function MoyasarWebhooksPanel() {
  const { t, lang } = useI18n();
  const { client } = useAuth();
  const { call } = useMemo(
    () => createApiClient((input, init) => client.fetchWithAuth(input, init)),
    [client],
  );
  const [state, setState] = useState<TLoad<TAdminMoyasarWebhooks>>({ kind: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    const r = await call(billingContracts.adminMoyasarWebhooks);
    setState(r.ok ? { kind: 'ready', value: r.value } : { kind: 'error', failure: r.failure });
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const retry = async (webhookId: string) => {
    setBusy(webhookId);
    const r = await call(billingContracts.adminVerifyMoyasarWebhook, { params: { id: webhookId } });
    setBusy(null);
    if (!r.ok) setNotice({ tone: 'error', text: billingFailureText(r.failure, lang, t) });
    else if (r.value.status === 'verified') setNotice({ tone: 'success', text: t('admin.moyasar.retried') });
    else setNotice(null);
    await load();
  };

  const time = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA' : 'en-GB', { hour: '2-digit', minute: '2-digit' }).format(
      new Date(iso),
    );

  return (
    <section
      aria-labelledby="moyasar-webhooks-title"
      className="mt-6 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm shadow-slate-200/60 sm:p-5"
    >
      <h2 id="moyasar-webhooks-title" className="text-lg font-bold text-slate-900">
        {t('admin.moyasar.title')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('admin.moyasar.subtitle')}</p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {state.kind === 'loading' ? (
        <Spinner label={t('common.loading')} />
      ) : state.kind === 'error' ? (
        <Alert tone="error">{t('admin.moyasar.loadError')}</Alert>
      ) : state.value.webhooks.length === 0 ? (
        <p className="text-sm text-slate-600">{t('admin.moyasar.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {state.value.webhooks.map((w) => (
            <li key={w.webhook_id} className="rounded-xl border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${STATUS_TONE[w.status]}`}
                >
                  {t(`admin.moyasar.status.${w.status}`)}
                </span>
                <span className="text-slate-600">
                  {t('admin.moyasar.webhook')}{' '}
                  <code dir="ltr" className="break-all text-slate-900">
                    {w.webhook_id}
                  </code>
                  {w.live === null ? null : (
                    <span className="ms-1">({t(w.live ? 'admin.moyasar.live' : 'admin.moyasar.test')})</span>
                  )}
                </span>
                <span className="text-slate-600">
                  {t('admin.moyasar.code')}{' '}
                  <code dir="ltr" className="font-bold tracking-widest text-slate-900">
                    {w.verification_code}
                  </code>
                </span>
                <span className="text-slate-600">
                  {t('admin.moyasar.received')} {billingDate(w.received_at, lang)} {time(w.received_at)}
                </span>
              </div>
              {w.status === 'verified' && w.verified_at ? (
                <p className="mt-2 text-emerald-800">
                  {t('admin.moyasar.verifiedAt', { date: billingDate(w.verified_at, lang) })}
                </p>
              ) : null}
              {w.status === 'failed' ? (
                <div className="mt-2 grid gap-2 text-slate-700">
                  <p>
                    {t('admin.moyasar.stepFailed', {
                      reason: w.error ?? '—',
                      time: time(w.code_expires_at),
                    })}
                  </p>
                  <pre
                    dir="ltr"
                    className="overflow-x-auto rounded-lg bg-slate-900 p-2 text-xs whitespace-pre-wrap text-slate-100"
                  >
                    {`curl -X POST https://api.moyasar.com/v1/webhooks/${w.webhook_id}/verify \\\n  -u <MOYASAR_SECRET_KEY>: -H 'Content-Type: application/json' \\\n  -d '{"code": "${w.verification_code}"}'`}
                  </pre>
                  <div>
                    <button
                      type="button"
                      className={`${secondaryButton} min-h-9 text-xs`}
                      disabled={busy === w.webhook_id}
                      onClick={() => void retry(w.webhook_id)}
                    >
                      {busy === w.webhook_id ? t('admin.moyasar.retrying') : t('admin.moyasar.retry')}
                    </button>
                  </div>
                </div>
              ) : null}
              {w.status === 'expired' ? (
                <p className="mt-2 text-amber-900">{t('admin.moyasar.stepExpired')}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
