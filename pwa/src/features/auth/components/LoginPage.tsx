import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isKnownMessage, translateKnownMessage } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Alert } from '../../../ui/Alert';
import { fieldLabel, primaryButton, textInput } from '../../../ui/styles';
import { useAuth } from '../hooks/useAuth';
import type { TApiFailure } from '../lib/api-request';
import { describeApiFailure } from '../lib/auth-messages';
import { CHECK_EMAIL_PATH, SIGN_IN_ERROR_MESSAGE } from '../lib/auth-navigation';
import { AuthCard } from './AuthCard';

/** What the error box shows: a failed request, or a message handed over in the URL by /auth/callback. */
type TLoginError = { failure: TApiFailure } | { urlMessage: string };

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
    // Only our own messages: anyone can send a link to /login?message=… with text of their choosing
    // ("your account is locked, call …"), shown under our name.
    const message = searchParams.get('message')?.trim();
    return { urlMessage: message && isKnownMessage(message) ? message : SIGN_IN_ERROR_MESSAGE };
  });
  const [success, setSuccess] = useState<string | null>(null);

  const errorText =
    error === null
      ? null
      : 'failure' in error
        ? describeApiFailure(error.failure, lang, t, { rateLimited: 'login.rateLimited' })
        : translateKnownMessage(lang, error.urlMessage);

  function onEmailChange(event: ChangeEvent<HTMLInputElement>) {
    setEmail(event.target.value);
    setError(null);
    setSuccess(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    setSuccess(null);
    const result = await client.requestMagicLink(email.trim(), lang);
    setSending(false);
    if (!result.ok) {
      setError({ failure: result.failure });
      return;
    }
    setSuccess(result.value.message);
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
        {success !== null ? <Alert tone="success">{translateKnownMessage(lang, success)}</Alert> : null}

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
