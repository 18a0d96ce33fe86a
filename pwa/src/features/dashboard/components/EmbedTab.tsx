import { useEffect, useRef, useState } from 'react';
import type { TMerchant } from '@app/shared';
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

export function EmbedTab({ merchant }: { merchant: TMerchant }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const codeRef = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (merchant.store_platform === 'salla' || merchant.store_platform === 'zid') {
    return (
      <Card title={t('dashboard.embed.title')}>
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        >
          <CheckIcon />
          <div>
            <p className="font-semibold">
              {t('dashboard.embed.platformActive', {
                platform: t(`dashboard.platform.${merchant.store_platform}`),
              })}
            </p>
            <p className="mt-1 text-sm">{t('dashboard.embed.platformHint')}</p>
          </div>
        </div>
      </Card>
    );
  }

  if (!connectedUsername(merchant) || !merchant.public_widget_key) {
    return (
      <Card title={t('dashboard.embed.title')}>
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
