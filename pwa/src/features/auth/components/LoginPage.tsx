import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { API_ERRORS, apiErrorMessage, isApiErrorCode, type TApiErrorCode } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Alert } from '../../../ui/Alert';
import { fieldLabel, primaryButton, textInput } from '../../../ui/styles';
import { useAuth } from '../hooks/useAuth';
import type { TApiFailure } from '../lib/api-request';
import { describeApiFailure } from '../lib/auth-messages';
import { CHECK_EMAIL_PATH } from '../lib/auth-navigation';
import { AuthCard } from './AuthCard';

/**
 * What the error box shows: a failed request, or a sign-in failure handed over in the URL by /auth/callback
 * (the API's error, found by its sentence; undefined for anything else: our own 'Error signing in').
 */
type TLoginError = { failure: TApiFailure } | { urlError: TApiErrorCode | undefined };

/**
 * The product's hand-over is `/login?error=<step>&message=<text>`, and the callback puts the API's English
 * sentence there. Only a sentence of the error table counts (anyone can send a link to /login?message=…
 * with text of their choosing, "your account is locked, call …", shown under our name); it is then worded
 * by its code, in the reader's language.
 */
function errorCodeOfSentence(message: string | undefined): TApiErrorCode | undefined {
  if (!message) return undefined;
  return Object.keys(API_ERRORS)
    .filter(isApiErrorCode)
    .find((code) => API_ERRORS[code].en === message);
}

export interface TCheckEmailState {
  message?: string;
  /** The address the link went to (shown, and used by "Resend"). */
  email?: string;
}

/**
 * /login: the magic-link form (product §2 "/login"); signing in and signing up are the same action. Accounts
 * with a password (Salla and Zid merchants set one) can switch to "Sign in with a password", whose
 * "Forgot your password?" sends a sign-in link instead.
 */
/** An address worth sending: something@somewhere.tld (the server checks it fully). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function LoginPage() {
  const { t, lang } = useI18n();
  const { client } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const emailId = useId();
  const passwordId = useId();
  const explainerId = useId();
  const emailProblemId = useId();
  const emailInput = useRef<HTMLInputElement>(null);
  // The e-mail field's own message, in our words (never the browser's bubble in the browser's language).
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [mode, setMode] = useState<'link' | 'password'>('link');
  const [password, setPassword] = useState('');
  const [hint, setHint] = useState<string | null>(null);

  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<TLoginError | null>(() => {
    if (!searchParams.has('error') && !searchParams.has('message')) return null;
    return { urlError: errorCodeOfSentence(searchParams.get('message')?.trim()) };
  });
  const [sent, setSent] = useState(false);

  const errorText =
    error === null
      ? null
      : 'failure' in error
        ? describeApiFailure(error.failure, lang, t, {
            rateLimited: mode === 'link' ? 'login.rateLimited' : undefined,
          })
        : error.urlError
          ? apiErrorMessage(lang, { code: error.urlError })
          : t('auth.signInError');

  function onEmailChange(event: ChangeEvent<HTMLInputElement>) {
    setEmail(event.target.value);
    setEmailProblem(null);
    setError(null);
    setSent(false);
    setHint(null);
  }

  async function sendLink() {
    setSending(true);
    setError(null);
    setSent(false);
    const address = email.trim();
    const result = await client.requestMagicLink(address, lang);
    setSending(false);
    if (!result.ok) {
      setError({ failure: result.failure });
      return;
    }
    setSent(true);
    const state: TCheckEmailState = { message: result.value.message, email: address.toLowerCase() };
    void navigate(CHECK_EMAIL_PATH, { state });
  }

  async function signIn() {
    setSending(true);
    setError(null);
    const result = await client.signInWithPassword(email.trim(), password);
    setSending(false);
    // Signed in: the auth event takes the merchant from /login to the dashboard.
    if (!result.ok) setError({ failure: result.failure });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!EMAIL_SHAPE.test(email.trim())) {
      setEmailProblem(t('login.emailInvalid'));
      emailInput.current?.focus();
      return;
    }
    await (mode === 'link' ? sendLink() : signIn());
  }

  async function forgot() {
    if (sending) return;
    if (!EMAIL_SHAPE.test(email.trim())) {
      setHint(t('login.forgotNeedsEmail'));
      return;
    }
    await sendLink();
  }

  const switchMode = () => {
    setMode(mode === 'link' ? 'password' : 'link');
    setError(null);
    setHint(null);
    setPassword('');
  };

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={mode === 'link' ? t('login.subtitle') : t('login.passwordSubtitle')}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={sending}>
        {errorText !== null ? (
          <Alert tone="error" title={t('common.error')}>
            {errorText}
          </Alert>
        ) : null}
        {sent ? <Alert tone="success">{t('login.success', { email: email.trim() })}</Alert> : null}
        {hint ? <Alert tone="error">{hint}</Alert> : null}

        <div>
          <label htmlFor={emailId} className={fieldLabel}>
            {t('login.emailLabel')}
          </label>
          <input
            ref={emailInput}
            id={emailId}
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            dir="ltr"
            placeholder={t('login.emailPlaceholder')}
            value={email}
            onChange={onEmailChange}
            onInvalid={(event) => {
              // The browser found it invalid on submit: say so under the field instead of its bubble.
              event.preventDefault();
              setEmailProblem(t('login.emailInvalid'));
            }}
            aria-invalid={emailProblem ? true : undefined}
            aria-describedby={
              [emailProblem ? emailProblemId : null, mode === 'link' ? explainerId : null]
                .filter(Boolean)
                .join(' ') || undefined
            }
            className={`${textInput} text-start`}
          />
          {emailProblem ? (
            <p id={emailProblemId} className="mt-1.5 text-sm font-semibold text-red-700">
              {emailProblem}
            </p>
          ) : null}
        </div>

        {mode === 'password' ? (
          <div>
            <label htmlFor={passwordId} className={fieldLabel}>
              {t('login.passwordLabel')}
            </label>
            <input
              id={passwordId}
              name="password"
              type="password"
              required
              autoComplete="current-password"
              dir="ltr"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(null);
              }}
              className={`${textInput} text-start`}
            />
          </div>
        ) : null}

        <button type="submit" disabled={sending} className={`${primaryButton} w-full`}>
          {sending ? (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          ) : null}
          {mode === 'link'
            ? sending
              ? t('login.sending')
              : t('login.submit')
            : sending
              ? t('login.signingIn')
              : t('login.passwordSubmit')}
        </button>

        {mode === 'link' ? (
          <p id={explainerId} className="text-center text-sm leading-relaxed text-pretty text-slate-700">
            {t('login.explainer')}
          </p>
        ) : null}

        <div className="flex flex-col items-center gap-2 text-sm">
          {mode === 'password' ? (
            <button
              type="button"
              className="min-h-11 font-semibold text-brand-800 underline-offset-4 hover:underline"
              onClick={() => void forgot()}
              disabled={sending}
            >
              {t('login.forgot')}
            </button>
          ) : null}
          <button
            type="button"
            className="min-h-11 font-semibold text-brand-800 underline-offset-4 hover:underline"
            onClick={switchMode}
          >
            {mode === 'link' ? t('login.usePassword') : t('login.useLink')}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
