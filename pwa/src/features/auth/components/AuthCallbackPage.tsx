import type { TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Spinner } from '../../../ui/Spinner';
import { card } from '../../../ui/styles';
import { useAuthCallback, type TCallbackState } from '../hooks/useAuthCallback';
import { useDocumentTitle } from '../../../app/useDocumentTitle';

const stateMessage: Record<TCallbackState, TMessageKey> = {
  initializing: 'callback.initializing',
  checking_session: 'callback.checking_session',
  parsing_url: 'callback.parsing_url',
  exchanging_code: 'callback.exchanging_code',
  success: 'callback.success',
  error: 'callback.error',
};

/** /auth/callback: where the magic link lands. Shows a spinner and a message for each state. */
export default function AuthCallbackPage() {
  const { t } = useI18n();
  const state = useAuthCallback();
  useDocumentTitle(t('callback.title'));
  return (
    <div className="px-4 py-16 sm:py-24">
      <div className={`mx-auto max-w-md ${card}`} data-state={state}>
        <h1 className="sr-only">{t('callback.title')}</h1>
        <Spinner label={t(stateMessage[state])} />
      </div>
    </div>
  );
}
