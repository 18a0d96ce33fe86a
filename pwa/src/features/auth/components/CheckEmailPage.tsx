import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../../i18n/useI18n';
import { Alert } from '../../../ui/Alert';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { useAuth } from '../hooks/useAuth';
import type { TApiFailure } from '../lib/api-request';
import { describeApiFailure } from '../lib/auth-messages';
import { LOGIN_PATH } from '../lib/auth-navigation';
import { AuthCard } from './AuthCard';
import type { TCheckEmailState } from './LoginPage';

/** Seconds before "Resend" is enabled: the API sends one link per address a minute. */
const RESEND_AFTER_SECONDS = 60;
/** Links per address an hour (the API's limit); past it, resending waits for the next hour. */
const LINKS_PER_HOUR = 5;

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

/** Whole seconds left until a moment that `restart` moves `seconds` ahead; ticks once a second. */
function useCountdown(seconds: number) {
  const [until, setUntil] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left > 0]); // eslint-disable-line react-hooks/exhaustive-deps -- one timer while counting
  return {
    left,
    restart: () => {
      setUntil(Date.now() + seconds * 1000);
      setNow(Date.now());
    },
  };
}

/**
 * /auth/check-email: shown after a sign-in link was requested. Names the address the link went to, and
 * offers "Resend" after a 60 s countdown (within the API's limits: one a minute, five an hour).
 */
export default function CheckEmailPage() {
  const { t, lang } = useI18n();
  const { client } = useAuth();
  const location = useLocation();
  const resendHintId = useId();
  const state = (location.state ?? null) as TCheckEmailState | null;
  const email = typeof state?.email === 'string' && state.email !== '' ? state.email : null;
  const countdown = useCountdown(RESEND_AFTER_SECONDS);
  const [sent, setSent] = useState(1);
  const [sending, setSending] = useState(false);
  const [resent, setResent] = useState(false);
  const [failure, setFailure] = useState<TApiFailure | null>(null);
  const hourly = sent >= LINKS_PER_HOUR;

  const resend = async () => {
    if (!email || sending) return;
    setSending(true);
    setFailure(null);
    setResent(false);
    const result = await client.requestMagicLink(email, lang);
    setSending(false);
    if (!result.ok) {
      setFailure(result.failure);
      return;
    }
    setSent((n) => n + 1);
    setResent(true);
    countdown.restart();
  };

  return (
    <AuthCard title={t('checkEmail.title')} icon={envelopeIcon}>
      <div className="flex flex-col gap-5 text-center">
        <p role="status" className="text-base font-medium leading-relaxed text-slate-800">
          {email ? (
            <>{t('checkEmail.sentTo', { email: '\u2068' + email + '\u2069' })}</>
          ) : (
            t('checkEmail.body')
          )}
        </p>
        <p className="text-sm leading-relaxed text-slate-600">{t('checkEmail.hint')}</p>
        {failure ? (
          <Alert tone="error" title={t('common.error')}>
            {describeApiFailure(failure, lang, t, { rateLimited: 'login.rateLimited' })}
          </Alert>
        ) : null}
        {resent && email ? <Alert tone="success">{t('checkEmail.resent', { email })}</Alert> : null}

        <div className="flex flex-col gap-3">
          {email ? (
            <>
              <button
                type="button"
                disabled={countdown.left > 0 || sending || hourly}
                aria-describedby={resendHintId}
                className={`${secondaryButton} w-full`}
                onClick={() => void resend()}
                data-testid="resend-link"
              >
                {t('checkEmail.resend')}
              </button>
              <p id={resendHintId} aria-live="polite" className="text-sm text-slate-600">
                {hourly
                  ? t('checkEmail.hourLimit')
                  : countdown.left > 0
                    ? t('checkEmail.resendIn', { seconds: countdown.left })
                    : ''}
              </p>
            </>
          ) : (
            <p className="text-sm text-slate-600">{t('checkEmail.resendUnavailable')}</p>
          )}
          <Link to={LOGIN_PATH} className={`${primaryButton} w-full`}>
            {t('checkEmail.backToLogin')}
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
