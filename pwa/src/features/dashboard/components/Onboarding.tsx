import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  apiErrorMessage,
  isInstagramUsername,
  normaliseInstagramUsername,
  ONBOARDING_STEPS,
  ZStoreUrl,
  type TMerchant,
  type TOnboarding,
  type TOnboardingStep,
} from '@app/shared';
import { patchMerchant } from '../../../db';
import { useI18n } from '../../../i18n/useI18n';
import { toast } from '../../../ui/toast';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import type { TSettingsEditor } from '../hooks/useSettingsEditor';
import { usePreviewContent } from '../hooks/usePreviewContent';
import { useUsernameAvailable } from '../hooks/useUsernameAvailable';
import type { TMerchantApi } from '../lib/merchant-api';
import { previewCacheBust, previewData } from '../lib/preview-config';
import { connectedUsername, sameSettings } from '../lib/settings-rules';
import { ColorField, fieldLabelClass, inputClass } from '../../../ui/controls';
import { FeedLayoutChoice } from './LayoutSettings';
import { postsKeyOf, PreviewViewport } from './PreviewViewport';
import { InstallCheck } from './InstallCheck';
import { WidgetPreview } from './WidgetPreview';

const link = 'min-h-11 px-2 text-sm font-semibold text-slate-700 underline-offset-4 hover:underline';

/**
 * The first-run steps (issue 18): store → Instagram → "your feed is ready" → style → install. Progress is
 * shown, every step can be skipped (and opened again from the list), the state is kept on the server so
 * it resumes where the merchant left it, and once finished or hidden it never shows again.
 */
export function Onboarding({
  merchant,
  userId,
  api,
  canTalk,
  editor,
  reloadMerchant,
  onOpenEmbed,
}: {
  merchant: TMerchant;
  userId: string;
  api: TMerchantApi;
  canTalk: boolean;
  editor: TSettingsEditor;
  reloadMerchant: () => Promise<void>;
  onOpenEmbed: () => void;
}) {
  const { t } = useI18n();
  const [state, setState] = useState<TOnboarding>(
    merchant.onboarding ?? { step: 'store', skipped: [], done: false },
  );
  const titleId = useId();
  if (state.done) return null;

  const index = ONBOARDING_STEPS.indexOf(state.step);
  const total = ONBOARDING_STEPS.length;
  const save = async (next: TOnboarding) => {
    setState(next);
    await patchMerchant(userId, { onboarding: next });
    const result = await api.saveOnboarding(next);
    if (!result.ok) toast.error(t('common.unexpectedError'));
  };
  const go = (step: TOnboardingStep, skipped = state.skipped) =>
    void save({ ...state, step, skipped: skipped.filter((s) => s !== step) });
  const finish = () => {
    void save({ ...state, done: true }).then(() => toast.success(t('dashboard.onboarding.finished')));
  };
  const next = (skip: boolean) => {
    const skipped = skip
      ? [...new Set([...state.skipped, state.step])]
      : state.skipped.filter((s) => s !== state.step);
    const following = ONBOARDING_STEPS[index + 1];
    if (following) go(following, skipped);
    else
      void save({ ...state, skipped, done: true }).then(() =>
        toast.success(t('dashboard.onboarding.finished')),
      );
  };
  const isDone = (step: TOnboardingStep) =>
    ONBOARDING_STEPS.indexOf(step) < index && !state.skipped.includes(step);

  const steps: TStepMoves = {
    index,
    total,
    onBack: () => go(ONBOARDING_STEPS[index - 1]!),
    onNext: () => next(false),
    onSkip: () => next(true),
  };

  return (
    <section
      aria-labelledby={titleId}
      className="mb-6 rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="onboarding"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-xl font-extrabold text-slate-900">
            {t('dashboard.onboarding.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="onboarding-progress">
            {t('dashboard.onboarding.progress', { step: index + 1, total })}
          </p>
        </div>
        <button type="button" className={link} onClick={finish}>
          {t('dashboard.onboarding.dismiss')}
        </button>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={index + 1}
        aria-label={t('dashboard.onboarding.stepsLabel')}
      >
        <div
          className="h-full rounded-full bg-brand-gradient"
          style={{ width: `${((index + 1) / total) * 100}%` }}
        />
      </div>
      <ol aria-label={t('dashboard.onboarding.stepsLabel')} className="mt-4 flex flex-wrap gap-2">
        {ONBOARDING_STEPS.map((step, i) => {
          const current = step === state.step;
          const skipped = state.skipped.includes(step);
          return (
            <li key={step}>
              <button
                type="button"
                onClick={() => go(step)}
                aria-current={current ? 'step' : undefined}
                className={`inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold ${
                  current
                    ? 'border-brand-700 bg-brand-50 text-brand-800'
                    : 'border-slate-200 text-slate-700 hover:bg-slate-50'
                }`}
              >
                <span aria-hidden="true">{isDone(step) ? '✓' : i + 1}</span>
                {t(`dashboard.onboarding.step.${step}`)}
                {skipped ? (
                  <span className="text-xs font-normal text-slate-600">
                    ({t('dashboard.onboarding.skipped')})
                  </span>
                ) : isDone(step) ? (
                  <span className="sr-only">({t('dashboard.onboarding.doneMark')})</span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>

      <div className="mt-5 border-t border-slate-100 pt-5">
        {state.step === 'store' ? (
          <StoreStep
            merchant={merchant}
            api={api}
            userId={userId}
            onSaved={() => next(false)}
            nav={<StepActions {...steps} canContinue={false} />}
          />
        ) : state.step === 'connect' ? (
          <ConnectStep
            merchant={merchant}
            api={api}
            canTalk={canTalk}
            userId={userId}
            reloadMerchant={reloadMerchant}
          >
            <StepActions {...steps} canContinue={connectedUsername(merchant) !== null} />
          </ConnectStep>
        ) : state.step === 'ready' ? (
          <ReadyStep
            merchant={merchant}
            api={api}
            canTalk={canTalk}
            editor={editor}
            reloadMerchant={reloadMerchant}
          >
            <StepActions {...steps} />
          </ReadyStep>
        ) : state.step === 'style' ? (
          <StyleStep merchant={merchant} api={api} canTalk={canTalk} editor={editor}>
            <StepActions {...steps} />
          </StyleStep>
        ) : (
          <div>
            <p className="mb-4 text-sm text-slate-700">{t('dashboard.onboarding.installIntro')}</p>
            {merchant.public_widget_key ? <InstallCheck api={api} canTalk={canTalk} /> : null}
            <button type="button" className={`${secondaryButton} mt-4`} onClick={onOpenEmbed}>
              {t('dashboard.onboarding.openEmbed')}
            </button>
            <StepActions {...steps} />
          </div>
        )}
      </div>
    </section>
  );
}

/** Where the merchant is in the steps, and the moves the footer offers. */
interface TStepMoves {
  index: number;
  total: number;
  onBack: () => void;
  onNext: () => void;
  onSkip: () => void;
}

/**
 * Every step's footer: Back (after the first step), Next, or Finish on the last (none while the step cannot
 * go on yet, e.g. before an account is linked), and Skip (before the last).
 */
function StepActions({
  index,
  total,
  onBack,
  onNext,
  onSkip,
  canContinue = true,
}: TStepMoves & { canContinue?: boolean }) {
  const { t } = useI18n();
  const last = index === total - 1;
  return (
    <div className="mt-5 flex flex-wrap items-center gap-2">
      {index > 0 ? (
        <button type="button" className={secondaryButton} onClick={onBack}>
          {t('dashboard.onboarding.back')}
        </button>
      ) : null}
      {canContinue ? (
        <button type="button" className={primaryButton} onClick={onNext} data-testid="onboarding-next">
          {last ? t('dashboard.onboarding.finish') : t('dashboard.onboarding.next')}
        </button>
      ) : null}
      {last ? null : (
        <button type="button" className={link} onClick={onSkip} data-testid="onboarding-skip">
          {t('dashboard.onboarding.skip')}
        </button>
      )}
    </div>
  );
}

/** The store's name and address; also the account card's "Edit store" form. */
export function StoreForm({
  merchant,
  api,
  userId,
  onSaved,
  actions,
}: {
  merchant: TMerchant;
  api: Pick<TMerchantApi, 'saveStore'>;
  userId: string;
  onSaved: () => void;
  actions?: ReactNode;
}) {
  const { t, lang } = useI18n();
  const nameId = useId();
  const urlId = useId();
  const [name, setName] = useState(merchant.store_name ?? '');
  const [url, setUrl] = useState(merchant.store_url ?? '');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(t('dashboard.store.nameRequired'));
    if (url.trim() !== '' && !ZStoreUrl.safeParse(url).success)
      return setError(t('dashboard.store.urlInvalid'));
    setError(undefined);
    setSaving(true);
    const result = await api.saveStore({ store_name: name.trim(), store_url: url.trim() });
    setSaving(false);
    if (!result.ok) {
      setError(
        result.failure.kind === 'http' && result.failure.message
          ? apiErrorMessage(lang, result.failure)
          : t('common.unexpectedError'),
      );
      return;
    }
    await patchMerchant(userId, {
      store_name: result.value.store_name,
      business_name: result.value.store_name,
      store_url: result.value.store_url,
    });
    toast.success(t('dashboard.store.saved'));
    onSaved();
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid max-w-xl gap-4">
      <div>
        <label htmlFor={nameId} className={fieldLabelClass}>
          {t('dashboard.store.nameLabel')}
        </label>
        <input
          id={nameId}
          className={inputClass}
          value={name}
          maxLength={100}
          autoComplete="organization"
          dir="auto"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={urlId} className={fieldLabelClass}>
          {t('dashboard.store.urlLabel')}
        </label>
        <input
          id={urlId}
          className={`${inputClass} text-start`}
          value={url}
          dir="ltr"
          inputMode="url"
          autoComplete="url"
          placeholder={t('dashboard.store.urlPlaceholder')}
          aria-describedby={`${urlId}-hint`}
          onChange={(e) => setUrl(e.target.value)}
        />
        <p id={`${urlId}-hint`} className="mt-1.5 text-sm text-slate-600">
          {t('dashboard.store.urlHint')}
        </p>
      </div>
      {error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={primaryButton} disabled={saving} data-testid="store-save">
          {t('dashboard.store.save')}
        </button>
        {actions}
      </div>
    </form>
  );
}

function StoreStep({
  merchant,
  api,
  userId,
  onSaved,
  nav,
}: {
  merchant: TMerchant;
  api: TMerchantApi;
  userId: string;
  onSaved: () => void;
  nav: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div>
      <p className="mb-4 text-sm text-slate-700">{t('dashboard.onboarding.storeIntro')}</p>
      <StoreForm merchant={merchant} api={api} userId={userId} onSaved={onSaved} />
      {nav}
    </div>
  );
}

function ConnectStep({
  merchant,
  api,
  canTalk,
  userId,
  reloadMerchant,
  children,
}: {
  merchant: TMerchant;
  api: TMerchantApi;
  canTalk: boolean;
  userId: string;
  reloadMerchant: () => Promise<void>;
  children: ReactNode;
}) {
  const { t, lang } = useI18n();
  const usernameId = useId();
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Hidden where the server cannot read accounts by username (production without Business Discovery).
  const usernameAvailable = useUsernameAvailable(api);
  const connected = connectedUsername(merchant);

  const connect = async () => {
    setBusy(true);
    const result = await api.connectInstagram();
    if (result.ok) return window.location.assign(result.value.url);
    setBusy(false);
    setError(t('dashboard.instagram.error.unknown'));
  };
  const submitUsername = async (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseInstagramUsername(username);
    if (!isInstagramUsername(normalised)) return setError(t('dashboard.account.usernameInvalid'));
    setBusy(true);
    setError(undefined);
    const result = await api.saveAccount({ instagram_username: normalised });
    setBusy(false);
    if (!result.ok) {
      setError(
        result.failure.kind === 'http' && result.failure.message
          ? apiErrorMessage(lang, result.failure)
          : t('common.unexpectedError'),
      );
      return;
    }
    await patchMerchant(userId, {
      instagram_username: result.value.instagram_username,
      public_widget_key: result.value.public_widget_key,
      widget_content_ready: result.value.widget_content_ready,
    });
    await reloadMerchant();
  };

  return (
    <div>
      <p className="mb-4 text-sm text-slate-700">{t('dashboard.onboarding.connectIntro')}</p>
      {connected ? (
        <p className="text-sm font-semibold text-emerald-800" data-testid="onboarding-connected">
          <span dir="ltr">@{connected}</span> — {t('dashboard.account.connected')}
        </p>
      ) : (
        <div className="grid max-w-xl gap-4">
          <button
            type="button"
            className={`${primaryButton} w-fit`}
            disabled={busy || !canTalk}
            onClick={() => void connect()}
            data-testid="onboarding-connect"
          >
            {t('dashboard.instagram.connect')}
          </button>
          {usernameAvailable ? (
            <form onSubmit={(e) => void submitUsername(e)} noValidate className="grid gap-2">
              <label htmlFor={usernameId} className={fieldLabelClass}>
                {t('dashboard.onboarding.usernameLabel')}
              </label>
              <div className="flex flex-wrap gap-2">
                <input
                  id={usernameId}
                  dir="ltr"
                  autoCapitalize="none"
                  spellCheck={false}
                  className={`${inputClass} max-w-xs text-start`}
                  placeholder={t('dashboard.account.usernamePlaceholder')}
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                />
                <button type="submit" className={secondaryButton} disabled={busy || !canTalk}>
                  {t('dashboard.onboarding.useUsername')}
                </button>
              </div>
            </form>
          ) : null}
        </div>
      )}
      {error ? (
        <p
          role="alert"
          className="mt-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

function ReadyStep({
  merchant,
  api,
  canTalk,
  editor,
  reloadMerchant,
  children,
}: {
  merchant: TMerchant;
  api: TMerchantApi;
  canTalk: boolean;
  editor: TSettingsEditor;
  reloadMerchant: () => Promise<void>;
  children: ReactNode;
}) {
  const { t, lang } = useI18n();
  const key = connectedUsername(merchant) ? merchant.public_widget_key : null;
  const preview = usePreviewContent(
    key,
    api,
    canTalk,
    previewCacheBust(merchant.last_refresh, merchant.settings_version),
  );
  const ready = merchant.widget_content_ready;
  // While the first refresh runs, look again every few seconds.
  useEffect(() => {
    if (!key || ready || !canTalk) return;
    const timer = setInterval(() => void reloadMerchant(), 3000);
    return () => clearInterval(timer);
  }, [key, ready, canTalk, reloadMerchant]);
  const settings = editor.settings ?? merchant.display_settings;
  const data = preview?.init ? previewData(preview.init.data, settings) : null;
  const hasContent = data ? data.content.feed.length > 0 || data.content.highlights.length > 0 : false;

  return (
    <div>
      <h3 className="text-lg font-bold text-slate-900">{t('dashboard.onboarding.readyTitle')}</h3>
      <p className="mb-4 mt-1 text-sm text-slate-700">
        {!key
          ? t('dashboard.onboarding.notConnectedYet')
          : hasContent
            ? t('dashboard.onboarding.readyIntro')
            : t('dashboard.onboarding.preparing')}
      </p>
      {data && hasContent ? (
        <div
          className="max-h-[32rem] overflow-auto rounded-xl border border-slate-200"
          data-testid="onboarding-preview"
        >
          <WidgetPreview data={data} lang={lang} />
        </div>
      ) : null}
      {children}
    </div>
  );
}

/**
 * Colours and the feed layout (the same choice, pictures and labels as Settings), with a small live preview
 * of the store's widget beside them that scrolls to the posts when the layout changes.
 */
function StyleStep({
  merchant,
  api,
  canTalk,
  editor,
  children,
}: {
  merchant: TMerchant;
  api: TMerchantApi;
  canTalk: boolean;
  editor: TSettingsEditor;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const settings = editor.settings;
  const key = connectedUsername(merchant) ? merchant.public_widget_key : null;
  const preview = usePreviewContent(
    key,
    api,
    canTalk,
    previewCacheBust(merchant.last_refresh, merchant.settings_version),
  );
  const data = settings && preview?.init ? previewData(preview.init.data, settings) : null;
  return (
    <div>
      <p className="mb-4 text-sm text-slate-700">{t('dashboard.onboarding.styleIntro')}</p>
      {settings ? (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
          <div className="grid min-w-0 gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <ColorField
                label={t('dashboard.onboarding.stylePrimary')}
                value={settings.primary_color}
                onChange={(v) => editor.update((s) => ({ ...s, primary_color: v }))}
              />
              <ColorField
                label={t('dashboard.onboarding.styleBackground')}
                value={settings.secondary_color}
                onChange={(v) => editor.update((s) => ({ ...s, secondary_color: v }))}
              />
            </div>
            <FeedLayoutChoice
              value={settings.feed.layout}
              hints={false}
              onChange={(layout) => editor.update((s) => ({ ...s, feed: { ...s.feed, layout } }))}
            />
          </div>
          {data ? (
            <PreviewViewport
              data={data}
              width={PHONE_WIDTH}
              postsKey={postsKeyOf(data.config)}
              className="max-h-80 overflow-auto rounded-xl border border-slate-200"
            />
          ) : null}
        </div>
      ) : null}
      <div
        onClickCapture={() => {
          // Leaving the step keeps the choices: they are saved like any settings change (also when the
          // draft has not reached this device's store yet, right after a choice).
          if (editor.dirty || (settings && !sameSettings(settings, editor.savedSettings))) void editor.save();
        }}
      >
        {children}
      </div>
    </div>
  );
}

/** The width the style step's preview lays the widget out at: a common phone's. */
const PHONE_WIDTH = 390;
