import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { dateLocale, type TMerchant, type TStoreConnectionResponse } from '@app/shared';
import { storeContracts } from '@app/shared/contracts';
import type { TMerchantApi } from '../lib/merchant-api';
import { useI18n } from '../../../i18n/useI18n';
import { OutlineIcon } from '../../../ui/OutlineIcon';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { connectedUsername, embedSnippet, PLACEMENT_SLOT, platformOfStore } from '../lib/settings-rules';
import { usePublicConfig } from '../../marketing/lib/public-config';
import { installLink } from '../../salla/lib/install-links';
import { Card } from '../../../ui/controls';
import { InstallCheck } from './InstallCheck';

/** product §9: the copy confirmation shows for 2 s. */
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

export function EmbedTab(props: {
  merchant: TMerchant;
  api?: Pick<TMerchantApi, 'storeConnection' | 'retryStoreScript' | 'installation'>;
  canTalk?: boolean;
  /** Asked for by "Open the installation guide": the guide is scrolled to and focused, once. */
  focusGuide?: boolean;
  onGuideFocused?: () => void;
}) {
  const { merchant, api, canTalk = false, focusGuide = false, onGuideFocused } = props;
  const { t } = useI18n();
  const guide = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focusGuide || !guide.current) return;
    guide.current.scrollIntoView({ block: 'start' });
    guide.current.focus({ preventScroll: true });
    onGuideFocused?.();
  }, [focusGuide, onGuideFocused]);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      {api && merchant.public_widget_key ? <InstallCheck api={api} canTalk={canTalk} /> : null}
      {/* Focusable from code only; the top bar (4 rem) stays clear of it when scrolled to. */}
      <section
        ref={guide}
        tabIndex={-1}
        aria-label={t('dashboard.embed.title')}
        data-testid="install-guide"
        className="grid min-w-0 scroll-mt-20 grid-cols-1 gap-6 rounded-2xl focus-visible:outline-none"
      >
        <EmbedGuide merchant={merchant} api={api} canTalk={canTalk} />
      </section>
    </div>
  );
}

function EmbedGuide({
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
        linked={connection.platform}
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
            <a href={storeContracts.zidInstall.path} className={`${primaryButton} mt-3`}>
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

const PLATFORMS = ['salla', 'zid', 'shopify', 'wordpress', 'other'] as const;
type TPlatformTab = (typeof PLATFORMS)[number];

/** A code block with its copy button (the script tag, the placement element). */
function CodeBlock({
  code,
  label,
  copyLabel,
  testId,
}: {
  code: string;
  label: string;
  copyLabel: string;
  testId: string;
}) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const codeRef = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const ok = await copyText(code, codeRef.current);
    setCopyFailed(!ok);
    if (!ok) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };
  return (
    <div className="min-w-0 max-w-full">
      <div className="max-w-full overflow-hidden rounded-2xl bg-slate-900 shadow-inner">
        {/* One attribute a line, never wrapped inside a word: no "</scri" / "pt>" split on a phone. */}
        {/* Focusable: a keyboard user can scroll a line wider than the screen. */}
        <pre
          dir="ltr"
          aria-label={label}
          tabIndex={0}
          className="max-w-full overflow-x-auto whitespace-pre p-4 text-start text-[13px] leading-relaxed text-pink-100"
        >
          <code ref={codeRef} data-testid={testId}>
            {code}
          </code>
        </pre>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className={primaryButton} onClick={() => void copy()}>
          {copied ? <CheckIcon small /> : <CopyIcon />}
          {copied ? t('dashboard.embed.copied') : copyLabel}
        </button>
        <span aria-live="polite" className="text-sm text-slate-600">
          {copyFailed ? t('dashboard.embed.copyFailed') : ''}
        </span>
      </div>
    </div>
  );
}

/** Whether the demo store answers here: it is a development page, served to this machine only. */
const demoStoreAvailable = () => ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);

/** The script tag for any other site (and the way back after an uninstall), by platform. */
function EmbedCode({
  merchant,
  notice,
  linked,
}: {
  merchant: TMerchant;
  notice: ReactNode;
  /** The platform the store was linked through (now uninstalled), if any. */
  linked?: 'salla' | 'zid';
}) {
  const { t, lang, dir } = useI18n();
  const config = usePublicConfig();
  // The merchant's own platform first: the one the store was linked through or came from, else the one its
  // address names.
  const [platform, setPlatform] = useState<TPlatformTab>(() => linked ?? platformOfStore(merchant));

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

  const key = merchant.public_widget_key;
  const snippet = embedSnippet(window.location.origin, key);
  // Salla and Zid add the widget themselves through Lamha's app where it is listed; else, the code by hand.
  const listing = (p: TPlatformTab) => (p === 'salla' || p === 'zid' ? installLink(p, config) : null);
  const automatic = listing(platform)?.listing === true;
  const steps: Record<TPlatformTab, string> = {
    salla: t(
      listing('salla')?.listing ? 'dashboard.install.sallaSteps' : 'dashboard.install.sallaManualSteps',
    ),
    zid: t(listing('zid')?.listing ? 'dashboard.install.zidSteps' : 'dashboard.install.zidManualSteps'),
    shopify: t('dashboard.install.shopifySteps'),
    wordpress: t('dashboard.install.wordpressSteps'),
    other: t('dashboard.install.otherSteps'),
  };

  return (
    <>
      <Card title={t('dashboard.embed.title')}>
        {notice}
        <Tabs.Root
          value={platform}
          onValueChange={(v) => setPlatform(v as TPlatformTab)}
          dir={dir}
          className="min-w-0"
        >
          <Tabs.List aria-label={t('dashboard.install.platformsLabel')} className="mb-4 flex flex-wrap gap-2">
            {PLATFORMS.map((p) => (
              <Tabs.Trigger
                key={p}
                value={p}
                className="min-h-11 rounded-xl border border-slate-300 px-3.5 text-sm font-semibold text-slate-700 data-[state=active]:border-brand-700 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-800"
              >
                {t(`dashboard.install.platform.${p}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {PLATFORMS.map((p) => (
            <Tabs.Content key={p} value={p} className="grid gap-4 focus-visible:outline-none">
              <p className="text-sm leading-relaxed text-slate-800">{steps[p]}</p>
              {listing(p)?.listing ? (
                <a
                  href={listing(p)?.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${secondaryButton} w-fit`}
                >
                  {t(p === 'salla' ? 'dashboard.install.sallaLink' : 'dashboard.install.zidLink')}
                  <span className="sr-only"> {t('landing.common.newTab')}</span>
                </a>
              ) : (
                <CodeBlock
                  code={snippet}
                  label={t('dashboard.embed.codeLabel')}
                  copyLabel={t('dashboard.embed.copy')}
                  testId={p === platform ? 'embed-snippet' : `embed-snippet-${p}`}
                />
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
        {demoStoreAvailable() ? (
          <a
            href={`/demo/store?key=${encodeURIComponent(key)}&lang=${lang}`}
            target="_blank"
            rel="noopener"
            className="mt-4 inline-block text-sm font-semibold text-brand-800 underline underline-offset-4"
            data-testid="demo-store-link"
          >
            {t('dashboard.install.demoLink')}
          </a>
        ) : null}
      </Card>
      {automatic ? null : (
        <Card title={t('dashboard.install.slotTitle')}>
          <p className="mb-3 text-sm leading-relaxed text-slate-800">{t('dashboard.install.slotBody')}</p>
          <CodeBlock
            code={PLACEMENT_SLOT}
            label={t('dashboard.install.slotTitle')}
            copyLabel={t('dashboard.install.copySlot')}
            testId="placement-slot"
          />
        </Card>
      )}
    </>
  );
}

function CopyIcon() {
  return (
    <OutlineIcon className="size-4">
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V6a2 2 0 0 1 2-2h9" />
    </OutlineIcon>
  );
}

function CheckIcon({ small = false }: { small?: boolean }) {
  return (
    <OutlineIcon className={small ? 'size-4' : 'mt-0.5 size-5 shrink-0'} strokeWidth={2.2}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </OutlineIcon>
  );
}
