import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { LOGIN_PATH } from '../lib/auth-navigation';
import { AuthCard } from './AuthCard';
import type { TCheckEmailState } from './LoginPage';

const envelopeIcon = (
  <span aria-hidden="true" className="mb-4 grid size-16 place-items-center rounded-full bg-brand-50">
    <svg
      viewBox="0 0 24 24"
      className="size-8 text-brand-700"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="m4 7 8 6 8-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  </span>
);

/** /auth/check-email: shown after a magic link was requested. Resending is not offered yet (spec). */
export default function CheckEmailPage() {
  const { t } = useI18n();
  const location = useLocation();
  const resendHintId = useId();
  const state = (location.state ?? null) as TCheckEmailState | null;
  // The API answers every request with the same sentence (sent or not); the words are the catalogue's.
  const sentMessage = typeof state?.message === 'string' ? t('login.success') : null;

  return (
    <AuthCard title={t('checkEmail.title')} icon={envelopeIcon}>
      <div className="flex flex-col gap-5 text-center">
        {sentMessage ? (
          <p role="status" className="text-base font-medium text-slate-800">
            {sentMessage}
          </p>
        ) : null}
        <p className="text-base leading-relaxed text-slate-700">{t('checkEmail.body')}</p>
        <p className="text-sm leading-relaxed text-slate-600">{t('checkEmail.hint')}</p>

        <div className="flex flex-col gap-3">
          <button
            type="button"
            disabled
            aria-describedby={resendHintId}
            className={`${secondaryButton} w-full`}
          >
            {t('checkEmail.resend')}
          </button>
          <p id={resendHintId} className="text-sm text-slate-600">
            {t('checkEmail.resendUnavailable')}
          </p>
          <Link to={LOGIN_PATH} className={`${primaryButton} w-full`}>
            {t('checkEmail.backToLogin')}
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
