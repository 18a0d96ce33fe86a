import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { useI18n } from '../../../i18n/useI18n';
import { LoadingScreen, Spinner } from '../../../ui/Spinner';
import { primaryButton } from '../../../ui/styles';
import { useAuth } from '../../auth/hooks/useAuth';
import { LOGIN_PATH } from '../../auth/lib/auth-navigation';
import { useOnlineStatus } from '../../pwa/hooks/useOnlineStatus';
import { useDashboardGate } from '../hooks/useDashboardGate';
import { useMerchant } from '../hooks/useMerchant';
import { createMerchantApi } from '../lib/merchant-api';
import { DashboardShell } from './DashboardShell';

/** /dashboard (product §2): loading, 'Redirecting to login', the failure message, or the merchant's dashboard. */
export default function DashboardPage() {
  const { t } = useI18n();
  const gate = useDashboardGate();
  if (gate.kind === 'loading') return <LoadingScreen label={t('dashboard.loadingData')} />;
  if (gate.kind === 'redirect') {
    return (
      <>
        <LoadingScreen label={t('dashboard.redirecting')} />
        <Navigate to={LOGIN_PATH} replace />
      </>
    );
  }
  return (
    <MerchantDashboard
      userId={gate.userId}
      editorId={gate.editorId}
      signedIn={gate.signedIn}
      persistent={gate.persistent}
    />
  );
}

function MerchantDashboard({
  userId,
  editorId,
  signedIn,
  persistent,
}: {
  userId: string;
  editorId: string;
  signedIn: boolean;
  persistent: boolean;
}) {
  const { t } = useI18n();
  const { client, user } = useAuth();
  const online = useOnlineStatus();
  const api = useMemo(() => createMerchantApi((input, init) => client.fetchWithAuth(input, init)), [client]);
  const canTalk = signedIn && online;
  const merchant = useMerchant(userId, api, canTalk);

  if (merchant.record === undefined || (merchant.record === null && merchant.loading)) {
    return <LoadingScreen label={t('dashboard.loadingData')} />;
  }
  if (merchant.record === null) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-5 px-4 py-16 text-center">
        {merchant.failed ? (
          <>
            {user ? (
              <p className="text-sm text-slate-600">{t('dashboard.signedInAs', { email: user.email })}</p>
            ) : null}
            <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-5 py-4 text-red-800">
              <p className="font-semibold">{t('dashboard.errorLoading')}</p>
              <p className="mt-1 text-sm">{t('dashboard.loadFailed')}</p>
            </div>
            <button
              type="button"
              className={primaryButton}
              onClick={() => void merchant.reload()}
              disabled={!canTalk}
            >
              {t('dashboard.retry')}
            </button>
          </>
        ) : (
          <Spinner label={t('dashboard.loadingData')} />
        )}
      </div>
    );
  }

  return (
    <DashboardShell
      record={merchant.record}
      stale={merchant.failed}
      reloadMerchant={merchant.reload}
      api={api}
      userId={userId}
      editorId={editorId}
      signedIn={signedIn}
      // A server that cannot reach its database is, for the dashboard, no connection: the offline state.
      online={online && !merchant.unreachable}
      persistent={persistent}
    />
  );
}
