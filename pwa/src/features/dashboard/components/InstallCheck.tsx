import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { TInstallation } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { secondaryButton } from '../../../ui/styles';
import type { TMerchantApi } from '../lib/merchant-api';
import { Badge, Card, Dot } from '../../../ui/controls';

/** "3 min ago" in the reader's language (Western digits in Arabic too, as Salla and Zid show them). */
export function timeAgo(iso: string, now: number, lang: 'ar' | 'en', justNow: string): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return justNow;
  const format = new Intl.RelativeTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en', { numeric: 'always' });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.round(hours / 24), 'day');
}

/** How often "Not seen yet" looks again by itself while the page is in view (the merchant is installing). */
export const INSTALL_POLL_MS = 30_000;

/** The last answer, shared by every check on the page (the first-run step and the embed tab agree). */
let latestAnswer: TInstallation | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const readLatest = () => latestAnswer;
function publish(answer: TInstallation) {
  latestAnswer = answer;
  for (const listener of listeners) listener();
}

/**
 * The embed tab's installation check: where the widget was last seen loading ("Installed on https://… —
 * last seen 3 min ago") or "Not seen yet", with "Check again". While not seen it also checks by itself,
 * every INSTALL_POLL_MS while the page is visible and at once when the merchant comes back to it (from their
 * store's editor, say), and stops once the widget is seen.
 */
export function InstallCheck({
  api,
  canTalk,
}: {
  api: Pick<TMerchantApi, 'installation'>;
  canTalk: boolean;
}) {
  const { t, lang } = useI18n();
  const state = useSyncExternalStore(subscribe, readLatest, readLatest);
  const [checking, setChecking] = useState(false);

  /** A quiet check (the automatic ones) leaves the button alone. */
  const check = useCallback(
    async (quiet = false) => {
      if (!quiet) setChecking(true);
      const result = await api.installation();
      if (result.ok) publish(result.value);
      if (!quiet) setChecking(false);
    },
    [api],
  );

  useEffect(() => {
    if (canTalk) void check();
  }, [canTalk, check]);

  const notSeen = state !== null && state.installs.length === 0;
  useEffect(() => {
    if (!canTalk || !notSeen) return;
    const poll = () => {
      if (document.visibilityState === 'visible') void check(true);
    };
    const timer = setInterval(poll, INSTALL_POLL_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [canTalk, notSeen, check]);

  const latest = state?.installs[0];
  return (
    <Card
      title={t('dashboard.install.title')}
      actions={
        <button
          type="button"
          className={secondaryButton}
          disabled={!canTalk || checking}
          onClick={() => void check()}
          data-testid="install-check-again"
        >
          {checking ? t('dashboard.install.checking') : t('dashboard.install.checkAgain')}
        </button>
      }
    >
      <div role="status" aria-live="polite" data-testid="install-status">
        {latest ? (
          <ul className="grid gap-2">
            {state.installs.slice(0, 3).map((install) => (
              <li key={install.origin} className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone="green">
                  <Dot className="bg-emerald-500" />
                  {t('dashboard.install.installedOn', { origin: '' }).trim()}
                </Badge>
                <a
                  href={install.origin}
                  target="_blank"
                  rel="noopener noreferrer"
                  dir="ltr"
                  className="font-semibold text-brand-800 underline-offset-4 hover:underline"
                >
                  {install.origin}
                </a>
                <span className="text-slate-600">
                  —{' '}
                  {t('dashboard.install.lastSeen', {
                    ago: timeAgo(install.last_seen_at, Date.now(), lang, t('dashboard.install.justNow')),
                  })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <div className="grid gap-1.5">
            <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <Dot className="bg-slate-400" />
              {state ? t('dashboard.install.notSeen') : t('dashboard.install.checking')}
            </p>
            {state ? <p className="text-sm text-slate-600">{t('dashboard.install.notSeenHint')}</p> : null}
          </div>
        )}
      </div>
    </Card>
  );
}
