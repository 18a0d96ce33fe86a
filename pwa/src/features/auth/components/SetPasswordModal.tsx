import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { toast } from '../../../ui/toast';
import { apiErrorMessage, ZSetPasswordForm, type TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { Alert } from '../../../ui/Alert';
import { fieldLabel, primaryButton, textInput } from '../../../ui/styles';
import { useAuth } from '../hooks/useAuth';
import type { AuthClient } from '../lib/auth-client';
import type { TAuthUser } from '@app/shared';

/**
 * "Set Your Password" (product §2 dashboard): shown over any page while the signed-in user still has to choose
 * a password. It cannot be dismissed: no close button, and Escape or a click outside do nothing.
 * Loaded only when needed (see PasswordSetupGate), so Radix stays out of the first download.
 */
export default function SetPasswordModal() {
  const { user, client } = useAuth();
  const open = user?.needs_password_setup === true;
  return (
    <Dialog.Root open={open}>{open ? <SetPasswordDialog client={client} user={user} /> : null}</Dialog.Root>
  );
}

type TFieldErrors = Partial<Record<'password' | 'confirm', TMessageKey>>;

function SetPasswordDialog({ client, user }: { client: AuthClient; user: TAuthUser | null }) {
  const { t, lang, dir } = useI18n();
  const passwordId = useId();
  const confirmId = useId();
  const hintId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const [status, setStatus] = useState<'idle' | 'submitting' | 'error' | 'reauth'>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const submitting = status === 'submitting';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const parsed = ZSetPasswordForm.safeParse({ password, confirm });
    if (!parsed.success) {
      const errors: TFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        // The form's rules: the password field fails only on length, the confirmation only on matching.
        if (field === 'password') errors.password ??= 'password.tooShort';
        if (field === 'confirm') errors.confirm ??= 'password.mismatch';
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setServerError(null);
    setStatus('submitting');
    const result = await client.setPassword(parsed.data.password);
    if (result.ok) {
      // The user no longer needs a password, so the modal closes on its own (USER_UPDATED).
      setStatus('idle');
      toast.success(t('password.saved'));
      return;
    }
    if (result.failure.kind === 'http' && result.failure.code === 'reauthentication_required') {
      // The sign-in is more than ten minutes old: a fresh e-mail link proves it is still the owner.
      if (user) await client.requestMagicLink(user.email, lang);
      setStatus('reauth');
      return;
    }
    setStatus('error');
    setServerError(
      result.failure.kind === 'http' && result.failure.message ? apiErrorMessage(lang, result.failure) : null,
    );
  }

  const fieldError = (field: keyof TFieldErrors) => {
    const key = fieldErrors[field];
    return key === undefined ? null : t(key);
  };
  const passwordError = fieldError('password');
  const confirmError = fieldError('confirm');

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60 backdrop-blur-sm" />
      <Dialog.Content
        dir={dir}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 text-start shadow-2xl sm:p-8"
      >
        <Dialog.Title className="text-2xl font-bold tracking-tight text-slate-900">
          {t('password.title')}
        </Dialog.Title>
        <Dialog.Description className="mt-2 text-base leading-relaxed text-slate-700">
          {t('password.description')}
        </Dialog.Description>

        <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-5" aria-busy={submitting}>
          {status === 'reauth' ? <Alert tone="success">{t('password.reauthSent')}</Alert> : null}
          {status === 'error' ? (
            <Alert tone="error" title={t('common.error')}>
              {serverError ?? t('common.unexpectedError')}
            </Alert>
          ) : null}

          <div>
            <label htmlFor={passwordId} className={fieldLabel}>
              {t('password.passwordLabel')}
            </label>
            <input
              id={passwordId}
              type="password"
              required
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={passwordError !== null}
              aria-describedby={passwordError !== null ? `${passwordId}-error` : hintId}
              className={textInput}
            />
            {passwordError !== null ? (
              <p id={`${passwordId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
                {passwordError}
              </p>
            ) : (
              <p id={hintId} className="mt-1.5 text-sm text-slate-600">
                {t('password.hint')}
              </p>
            )}
          </div>

          <div>
            <label htmlFor={confirmId} className={fieldLabel}>
              {t('password.confirmLabel')}
            </label>
            <input
              id={confirmId}
              type="password"
              required
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              aria-invalid={confirmError !== null}
              aria-describedby={confirmError !== null ? `${confirmId}-error` : undefined}
              className={textInput}
            />
            {confirmError !== null ? (
              <p id={`${confirmId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
                {confirmError}
              </p>
            ) : null}
          </div>

          <button type="submit" disabled={submitting} className={`${primaryButton} w-full`}>
            {submitting ? t('password.submitting') : t('password.submit')}
          </button>
        </form>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
