import { useState } from 'react';
import { useI18n } from '../../../i18n/useI18n';
import { ComingSoon } from '../../../ui/ComingSoon';
import { secondaryButton } from '../../../ui/styles';
import { useAuth } from '../../auth/hooks/useAuth';

/** Placeholder until the merchant dashboard is built; it already shows who is signed in and signs out. */
export default function DashboardPage() {
  const { t } = useI18n();
  const { client, user } = useAuth();
  const [signingOut, setSigningOut] = useState(false);

  return (
    <div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 pt-8 sm:px-6">
        <p className="text-sm text-slate-700">
          {user ? t('dashboard.signedInAs', { email: user.email }) : null}
        </p>
        <button
          type="button"
          className={secondaryButton}
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            void client.signOut().finally(() => setSigningOut(false));
          }}
        >
          {t('dashboard.logout')}
        </button>
      </div>
      <ComingSoon titleKey="dashboard.title" />
    </div>
  );
}
