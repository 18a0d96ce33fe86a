import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
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
 * The spec's hand-over is `/login?error=<step>&message=<text>`, and the callback puts the API's English
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
}

/** /login: the magic-link form (spec §2 "/login"). Signing in and signing up are the same action. */
export default function LoginPage() {
  const { t, lang } = useI18n();
  const { client } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const emailId = useId();
  const explainerId = useId();

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
        ? describeApiFailure(error.failure, lang, t, { rateLimited: 'login.rateLimited' })
        : error.urlError
          ? apiErrorMessage(lang, { code: error.urlError })
          : t('auth.signInError');

  function onEmailChange(event: ChangeEvent<HTMLInputElement>) {
    setEmail(event.target.value);
    setError(null);
    setSent(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    setSent(false);
    const result = await client.requestMagicLink(email.trim(), lang);
    setSending(false);
    if (!result.ok) {
      setError({ failure: result.failure });
      return;
    }
    setSent(true);
    const state: TCheckEmailState = { message: result.value.message };
    void navigate(CHECK_EMAIL_PATH, { state });
  }

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={sending}>
        {errorText !== null ? (
          <Alert tone="error" title={t('common.error')}>
            {errorText}
          </Alert>
        ) : null}
        {sent ? <Alert tone="success">{t('login.success')}</Alert> : null}

        <div>
          <label htmlFor={emailId} className={fieldLabel}>
            {t('login.emailLabel')}
          </label>
          <input
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
            aria-describedby={explainerId}
            className={`${textInput} text-start`}
          />
        </div>

        <button type="submit" disabled={sending} className={`${primaryButton} w-full`}>
          {sending ? (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          ) : null}
          {sending ? t('login.sending') : t('login.submit')}
        </button>

        <p id={explainerId} className="text-center text-sm leading-relaxed text-pretty text-slate-700">
          {t('login.explainer')}
        </p>
      </form>
    </AuthCard>
  );
}
