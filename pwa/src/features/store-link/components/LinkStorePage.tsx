import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TStoreLink } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Alert } from '../../../ui/Alert';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { AuthCard } from '../../auth/components/AuthCard';
import { confirmStoreLink, declineStoreLink, previewStoreLink } from '../lib/store-link-api';

type TState =
  | { step: 'loading' }
  | { step: 'invalid' }
  | { step: 'review'; link: TStoreLink; busy: boolean; failed: boolean }
  | { step: 'linked' }
  | { step: 'declined' };

/**
 * /link-store: where a store install that named an existing account's e-mail ends up.
 * - `?token=…` (the e-mailed link): the owner reviews the store and confirms or declines; nothing is linked
 *   by opening the page, only by the button.
 * - without a token (`?sent=zid`): the installer's browser after a Zid install: the owner was e-mailed.
 */
export default function LinkStorePage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<TState>({ step: 'loading' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    void previewStoreLink(token).then((result) => {
      if (!live) return;
      setState(
        result.ok ? { step: 'review', link: result.value, busy: false, failed: false } : { step: 'invalid' },
      );
    });
    return () => {
      live = false;
    };
  }, [token]);

  if (!token) {
    return (
      <AuthCard title={t('dashboard.storeLink.sentTitle')}>
        <p className="text-center text-base leading-relaxed text-slate-700">
          {t('dashboard.storeLink.sentBody')}
        </p>
      </AuthCard>
    );
  }

  if (state.step === 'loading')
    return (
      <AuthCard title={t('dashboard.storeLink.title')}>
        <p role="status" className="text-center text-slate-700">
          {t('dashboard.storeLink.loading')}
        </p>
      </AuthCard>
    );
  if (state.step === 'invalid')
    return (
      <AuthCard title={t('dashboard.storeLink.title')}>
        <Alert tone="error">{t('dashboard.storeLink.invalid')}</Alert>
      </AuthCard>
    );
  if (state.step === 'linked')
    return (
      <AuthCard title={t('dashboard.storeLink.title')}>
        <div className="flex flex-col gap-5">
          <Alert tone="success">{t('dashboard.storeLink.linked')}</Alert>
          <Link to="/dashboard" className={`${primaryButton} w-full`}>
            {t('dashboard.storeLink.openDashboard')}
          </Link>
        </div>
      </AuthCard>
    );
  if (state.step === 'declined')
    return (
      <AuthCard title={t('dashboard.storeLink.title')}>
        <Alert tone="success">{t('dashboard.storeLink.declined')}</Alert>
      </AuthCard>
    );

  const { link, busy, failed } = state;
  const platform = t(link.platform === 'salla' ? 'dashboard.platform.salla' : 'dashboard.platform.zid');
  const act = async (confirm: boolean) => {
    setState({ ...state, busy: true, failed: false });
    if (confirm) {
      const result = await confirmStoreLink(token);
      setState(result.ok ? { step: 'linked' } : { ...state, busy: false, failed: true });
    } else {
      await declineStoreLink(token);
      setState({ step: 'declined' });
    }
  };
  return (
    <AuthCard title={t('dashboard.storeLink.title')}>
      <div className="flex flex-col gap-5">
        <p className="text-base leading-relaxed text-slate-700">
          {t('dashboard.storeLink.body', { platform })}
        </p>
        <dl className="rounded-2xl border border-slate-200 bg-slate-50 px-4 py-3 text-start">
          <dt className="text-sm font-semibold text-slate-600">{t('dashboard.storeLink.store')}</dt>
          <dd className="text-base font-semibold text-slate-900">
            {link.store_name ?? link.store_url ?? platform}
          </dd>
          {link.store_url ? (
            <dd dir="ltr" className="text-sm break-all text-slate-600">
              {link.store_url}
            </dd>
          ) : null}
        </dl>
        {failed ? <Alert tone="error">{t('dashboard.storeLink.invalid')}</Alert> : null}
        <div className="flex flex-col gap-3">
          <button
            type="button"
            disabled={busy}
            className={`${primaryButton} w-full`}
            onClick={() => void act(true)}
          >
            {t('dashboard.storeLink.confirm')}
          </button>
          <button
            type="button"
            disabled={busy}
            className={`${secondaryButton} w-full`}
            onClick={() => void act(false)}
          >
            {t('dashboard.storeLink.decline')}
          </button>
        </div>
      </div>
    </AuthCard>
  );
}
