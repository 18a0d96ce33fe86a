import { useEffect, useRef, useState, type ReactNode } from 'react';
import { dateLocale, type TMerchant, type TStoreConnectionResponse } from '@app/shared';
import type { TMerchantApi } from '../lib/merchant-api';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton } from '../../../ui/styles';
import { connectedUsername, embedSnippet } from '../lib/settings-rules';
import { Card } from './controls';

/** Spec §9: the copy confirmation shows for 2 s. */
export const COPIED_MS = 2_000;

async function copyText(text: string, fallbackTarget: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and non-secure pages: select the code so the merchant can copy it by hand.
    if (fallbackTarget) {
      const range = document.createRange();
      range.selectNodeContents(fallbackTarget);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
    return false;
  }
}

export function EmbedTab({
  merchant,
  api,
  canTalk = false,
}: {
  merchant: TMerchant;
  api?: Pick<TMerchantApi, 'storeConnection' | 'retryStoreScript'>;
  canTalk?: boolean;
}) {
  const { t, lang } = useI18n();
  const [store, setStore] = useState<TStoreConnectionResponse | null>(null);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    if (!api || !canTalk) return;
    let live = true;
    void api.storeConnection().then((result) => {
      if (live && result.ok) setStore(result.value);
    });
    return () => {
      live = false;
    };
  }, [api, canTalk]);

  const connection = store?.connection ?? null;
  const platformName = (p: 'salla' | 'zid') => t(`dashboard.platform.${p}`);
  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(dateLocale(lang, 'en-GB'), {
          dateStyle: 'medium',
        }).format(new Date(iso))
      : '';
  const pending = (store?.pending_links ?? []).map((link) => (
    <p
      key={`${link.platform}:${link.expires_at}`}
      role="status"
      className="mb-4 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900"
    >
      {t('dashboard.embed.pendingLink', {
        store: link.store_name ?? link.store_url ?? '—',
        platform: platformName(link.platform),
      })}
    </p>
  ));

  const retry = async () => {
    if (!api) return;
    setRetrying(true);
    const result = await api.retryStoreScript();
    if (result.ok) setStore(result.value);
    setRetrying(false);
  };

  if (connection?.state === 'uninstalled') {
    // The store removed the app: say so, and fall through to the script tag as the way back.
    const notice = (
      <div role="status" className="mb-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 text-slate-800">
        <p className="font-semibold">
          {t('dashboard.embed.uninstalled', {
            platform: platformName(connection.platform),
            date: date(connection.uninstalled_at),
          })}
        </p>
        <p className="mt-1 text-sm">
          {t('dashboard.embed.uninstalledNext', { platform: platformName(connection.platform) })}
        </p>
      </div>
    );
    return (
      <EmbedCode
        merchant={merchant}
        notice={
          <>
            {pending}
            {notice}
          </>
        }
      />
    );
  }

  if (connection?.state === 'needs_reauthorisation') {
    return (
      <Card title={t('dashboard.embed.title')}>
        {pending}
        <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <p className="font-semibold">
            {t('dashboard.embed.needsReauth', { platform: platformName(connection.platform) })}
          </p>
          {connection.platform === 'zid' ? (
            <a href="/api/integrations/zid/install" className={`${primaryButton} mt-3`}>
              {t('dashboard.embed.reauthorise')}
            </a>
          ) : null}
        </div>
      </Card>
    );
  }

  if (connection || merchant.store_platform === 'salla' || merchant.store_platform === 'zid') {
    const platform = connection?.platform ?? (merchant.store_platform === 'salla' ? 'salla' : 'zid');
    const script = connection?.script ?? null;
    return (
      <Card title={t('dashboard.embed.title')}>
        {pending}
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        >
          <CheckIcon />
          <div>
            <p className="font-semibold">
              {t('dashboard.embed.platformActive', { platform: platformName(platform) })}
            </p>
            <p className="mt-1 text-sm">{t('dashboard.embed.platformHint')}</p>
          </div>
        </div>
        {script?.status === 'registered' ? (
          <p className="mt-4 text-sm font-semibold text-emerald-800">
            {t('dashboard.embed.scriptRegistered')}
          </p>
        ) : script ? (
          <div
            role="alert"
            className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900"
          >
            <p className="font-semibold">{t('dashboard.embed.scriptRetrying')}</p>
            <button
              type="button"
              className={`${primaryButton} mt-3`}
              disabled={retrying || !canTalk}
              onClick={() => void retry()}
            >
              {t('dashboard.embed.scriptRetry')}
            </button>
          </div>
        ) : null}
      </Card>
    );
  }

  return <EmbedCode merchant={merchant} notice={pending.length > 0 ? <>{pending}</> : null} />;
}

/** The script tag for any other site (and the way back after an uninstall). */
function EmbedCode({ merchant, notice }: { merchant: TMerchant; notice: ReactNode }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const codeRef = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!connectedUsername(merchant) || !merchant.public_widget_key) {
    return (
      <Card title={t('dashboard.embed.title')}>
        {notice}
        <p
          role="alert"
          className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm font-semibold text-amber-900"
        >
          {t('dashboard.embed.noAccount')}
        </p>
      </Card>
    );
  }

  const snippet = embedSnippet(window.location.origin, merchant.public_widget_key);
  const copy = async () => {
    const ok = await copyText(snippet, codeRef.current);
    setCopyFailed(!ok);
    if (!ok) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };
  const steps = [
    'dashboard.embed.step1',
    'dashboard.embed.step2',
    'dashboard.embed.step3',
    'dashboard.embed.step4',
  ] as const;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <Card title={t('dashboard.embed.title')}>
        {notice}
        <p id="embed-code-label" className="mb-2 text-sm font-semibold text-slate-800">
          {t('dashboard.embed.codeLabel')}
        </p>
        <div className="overflow-hidden rounded-2xl bg-slate-900 shadow-inner">
          <div className="flex items-center gap-1.5 border-b border-white/10 px-4 py-2.5" aria-hidden="true">
            <span className="size-2.5 rounded-full bg-red-400/80" />
            <span className="size-2.5 rounded-full bg-amber-400/80" />
            <span className="size-2.5 rounded-full bg-emerald-400/80" />
          </div>
          <pre
            dir="ltr"
            aria-labelledby="embed-code-label"
            className="whitespace-pre-wrap break-all p-4 text-start text-[13px] leading-relaxed text-pink-100"
          >
            <code ref={codeRef} data-testid="embed-snippet">
              {snippet}
            </code>
          </pre>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="button" className={primaryButton} onClick={() => void copy()}>
            {copied ? <CheckIcon small /> : <CopyIcon />}
            {copied ? t('dashboard.embed.copied') : t('dashboard.embed.copy')}
          </button>
          <span aria-live="polite" className="text-sm text-slate-600">
            {copyFailed ? t('dashboard.embed.copyFailed') : ''}
          </span>
        </div>
      </Card>
      <Card title={t('dashboard.embed.stepsTitle')}>
        <ol className="grid gap-3">
          {steps.map((key, index) => (
            <li key={key} className="flex items-start gap-3">
              <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-bold text-brand-800">
                {index + 1}
              </span>
              <span className="pt-0.5 text-sm leading-relaxed text-slate-800">{t(key)}</span>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}

function CopyIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V6a2 2 0 0 1 2-2h9" />
    </svg>
  );
}

function CheckIcon({ small = false }: { small?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={small ? 'size-4' : 'mt-0.5 size-5 shrink-0'}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
