import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { toast } from '../../../ui/toast';
import { dateLocale, type TMessageKey } from '@app/shared';
import { clearLocalData, countUnsynced } from '../../../db';
import { useI18n } from '../../../i18n/useI18n';
import { useMediaQuery } from '../../../ui/useMediaQuery';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { useAuth } from '../../auth/hooks/useAuth';
import { clearApiCaches } from '../../pwa/lib/service-worker';
import { useSettingsEditor } from '../hooks/useSettingsEditor';
import type { TDashboardContext } from '../lib/dashboard-context';
import { PendingStoreLinks } from './PendingStoreLinks';
import { TrialBanner } from './TrialBanner';
import {
  connectedUsername,
  DASHBOARD_TABS,
  planBadge,
  tabFromLocation,
  type TDashboardTab,
} from '../lib/settings-rules';
import { AccountTab } from './AccountTab';
import { ConfirmDialog } from './ConfirmDialog';
import { ConflictDialog } from './ConflictDialog';
import { Badge, LinkStateBadge } from '../../../ui/controls';
import { EmbedTab } from './EmbedTab';
import { HealthBanner } from './HealthBanner';
import { Onboarding } from './Onboarding';
import { SettingsTab } from './SettingsTab';
import { BillingBanner, BillingTab } from '../../billing/components/BillingTab';
import { useBillingData, useCheckoutWatch } from '../../billing/hooks/useBilling';
import { createBillingApi } from '../../billing/lib/billing-api';
import { HighlightsTab } from '../../highlights/components/HighlightsTab';
import { createHighlightsApi } from '../../highlights/lib/highlights-api';
import { InsightsTab } from '../../insights/components/InsightsTab';
import { PostsTab } from '../../posts/components/PostsTab';
import { createPostsApi } from '../../posts/lib/posts-api';
import { createInsightsApi } from '../../insights/lib/insights-api';

const TAB_LABELS: Record<TDashboardTab, TMessageKey> = {
  account: 'dashboard.tab.account',
  settings: 'dashboard.tab.settings',
  highlights: 'dashboard.tab.highlights',
  posts: 'dashboard.tab.posts',
  insights: 'dashboard.tab.insights',
  embed: 'dashboard.tab.embed',
  billing: 'dashboard.tab.billing',
};

const TAB_ICONS: Record<TDashboardTab, ReactNode> = {
  account: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0" />,
  settings: (
    <>
      <path d="M4 7h10M18 7h2M4 17h4M12 17h8" />
      <circle cx="16" cy="7" r="2" />
      <circle cx="10" cy="17" r="2" />
    </>
  ),
  highlights: (
    <>
      <circle cx="12" cy="12" r="8.5" strokeDasharray="4 2.2" />
      <circle cx="12" cy="12" r="4.5" />
    </>
  ),
  posts: (
    <>
      <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
      <path d="M14 15h6l-.7 5.5h-4.6z" />
    </>
  ),
  insights: <path d="M4 20V4M4 20h16M9 16v-4M14 16V8M19 16v-6" />,
  embed: <path d="m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />,
  billing: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
};

/** Side tabs on wide screens (arrow keys up/down), a row of tabs on phones (left/right). */
function TabIcon({ tab }: { tab: TDashboardTab }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {TAB_ICONS[tab]}
    </svg>
  );
}

/** Header, side tabs (account / settings / embed, chosen by #hash or ?tab=), help and logout. */
export function DashboardShell(props: TDashboardContext) {
  const { record, stale, api, userId, editorId, signedIn, online, persistent } = props;
  const merchant = record.merchant;
  const { t, lang, dir } = useI18n();
  const { client } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabFromLocation(location.hash, location.search);
  useDocumentTitle(`${t(TAB_LABELS[tab])} — ${t('dashboard.header')}`);
  const canTalk = signedIn && online;
  const editor = useSettingsEditor({ userId, editorId, api, canSync: canTalk });
  const [confirmLogout, setConfirmLogout] = useState(false);
  const wide = useMediaQuery('(min-width: 1024px)');
  const [loggingOut, setLoggingOut] = useState(false);
  const billingApi = useMemo(
    () => createBillingApi((input, init) => client.fetchWithAuth(input, init)),
    [client],
  );
  const billing = useBillingData(billingApi, canTalk);
  const highlightsApi = useMemo(
    () => createHighlightsApi((input, init) => client.fetchWithAuth(input, init)),
    [client],
  );
  const postsApi = useMemo(
    () => createPostsApi((input, init) => client.fetchWithAuth(input, init)),
    [client],
  );
  const insightsApi = useMemo(
    () => createInsightsApi((input, init) => client.fetchWithAuth(input, init)),
    [client],
  );
  // Back from the payment page: ?checkout=<id> (Moyasar's success_url and back_url).
  const checkoutId = new URLSearchParams(location.search).get('checkout');
  const checkout = useCheckoutWatch(billingApi, canTalk ? checkoutId : null, () => {
    void billing.reload();
    void props.reloadMerchant();
  });

  // "Open the installation guide": the embed tab, then its guide scrolled to and focused (EmbedTab).
  const [guideWanted, setGuideWanted] = useState(false);
  const openInstallGuide = () => {
    selectTab('embed');
    setGuideWanted(true);
  };

  const selectTab = (next: string) => {
    const search = new URLSearchParams(location.search);
    search.delete('tab');
    const query = search.toString();
    void navigate(
      { pathname: location.pathname, search: query ? `?${query}` : '', hash: `#${next}` },
      { replace: true },
    );
  };

  const logout = async () => {
    setConfirmLogout(false);
    setLoggingOut(true);
    try {
      await client.signOut();
      await clearLocalData();
      await clearApiCaches();
      toast.success(t('dashboard.loggedOut'));
    } catch {
      toast.error(t('dashboard.logoutError'));
    } finally {
      setLoggingOut(false);
    }
  };

  const requestLogout = async () => {
    if ((await countUnsynced(userId)) > 0) setConfirmLogout(true);
    else await logout();
  };

  const username = connectedUsername(merchant);
  const fetchedAt = new Intl.DateTimeFormat(dateLocale(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(record.fetchedAt);

  return (
    <div className="min-h-full bg-slate-50/70">
      <div className="mx-auto max-w-7xl px-4 pb-16 pt-6 sm:px-6 lg:pt-10">
        <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-600">
              {merchant.store_name
                ? t('dashboard.welcome', { name: merchant.store_name })
                : t('dashboard.welcomeNew')}
            </p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
              {t('dashboard.header')}
            </h1>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <LinkStateBadge linked={username !== null} />
              <Badge tone="brand">{planBadge(merchant, lang, t)}</Badge>
              {editor.pending > 0 ? <Badge tone="amber">{t('dashboard.settings.pendingSync')}</Badge> : null}
              <span className="text-xs text-slate-500">
                {t('dashboard.signedInAs', { email: merchant.login_email })}
              </span>
            </div>
          </div>
        </header>

        {!online || !signedIn ? (
          <p
            role="status"
            className="mb-5 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <OfflineIcon />
            {t('dashboard.offlineCached', { time: fetchedAt })}
          </p>
        ) : stale ? (
          <p
            role="status"
            className="mb-5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            {t('dashboard.staleData')}
          </p>
        ) : null}
        {!persistent ? (
          <p
            role="status"
            className="mb-5 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
          >
            {t('dashboard.memoryStorage')}
          </p>
        ) : null}

        <PendingStoreLinks api={api} canTalk={canTalk} />

        <HealthBanner api={api} canTalk={canTalk} onOpenAccount={() => selectTab('account')} />

        {billing.subscription.kind === 'ready' && billing.subscription.value.status !== 'trial' ? null : (
          <TrialBanner merchant={merchant} onChoosePlan={() => selectTab('billing')} />
        )}

        {billing.subscription.kind === 'ready' ? (
          <BillingBanner sub={billing.subscription.value} onChoosePlan={() => selectTab('billing')} />
        ) : null}

        {merchant.onboarding && !merchant.onboarding.done ? (
          <Onboarding
            key={merchant.user_id}
            merchant={merchant}
            userId={userId}
            api={api}
            canTalk={canTalk}
            editor={editor}
            reloadMerchant={props.reloadMerchant}
            onOpenEmbed={openInstallGuide}
          />
        ) : null}

        <Tabs.Root
          value={tab}
          onValueChange={selectTab}
          orientation={wide ? 'vertical' : 'horizontal'}
          dir={dir}
          className="flex flex-col gap-6 lg:flex-row lg:items-start"
        >
          <aside className="lg:sticky lg:top-24 lg:w-64 lg:shrink-0">
            <nav className="rounded-2xl border border-slate-200/80 bg-white p-2 shadow-sm shadow-slate-200/50">
              <Tabs.List
                aria-label={t('dashboard.tabsLabel')}
                className="grid grid-cols-4 gap-1 sm:grid-cols-7 lg:grid-cols-1"
              >
                {DASHBOARD_TABS.map((id) => (
                  <Tabs.Trigger
                    key={id}
                    value={id}
                    id={`tab-${id}`}
                    className="flex min-h-11 flex-col items-center justify-center gap-1 rounded-xl px-2 py-2 text-xs font-semibold text-slate-600 transition hover:bg-slate-50 hover:text-slate-900 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-800 sm:flex-row sm:gap-2 sm:text-sm lg:justify-start lg:px-3.5"
                  >
                    <TabIcon tab={id} />
                    {t(TAB_LABELS[id])}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <div className="mt-2 hidden border-t border-slate-100 pt-2 lg:block">
                <SidebarActions
                  supportUrl={merchant.support_chat_url}
                  onLogout={() => void requestLogout()}
                  loggingOut={loggingOut}
                />
              </div>
            </nav>
          </aside>

          <div className="min-w-0 flex-1">
            <Tabs.Content value="account" className="focus-visible:outline-none">
              <AccountTab {...props} canTalk={canTalk} />
            </Tabs.Content>
            <Tabs.Content value="settings" className="focus-visible:outline-none">
              <SettingsTab {...props} canTalk={canTalk} editor={editor} onOpenGuide={openInstallGuide} />
            </Tabs.Content>
            <Tabs.Content value="highlights" className="focus-visible:outline-none">
              {tab === 'highlights' ? (
                <HighlightsTab
                  api={highlightsApi}
                  canTalk={canTalk}
                  onChoosePlan={() => selectTab('billing')}
                  onConnect={() => selectTab('account')}
                />
              ) : null}
            </Tabs.Content>
            <Tabs.Content value="posts" className="focus-visible:outline-none">
              {tab === 'posts' ? (
                <PostsTab
                  api={postsApi}
                  merchantApi={api}
                  widgetKey={connectedUsername(merchant) !== null ? merchant.public_widget_key : null}
                  canTalk={canTalk}
                  onChoosePlan={() => selectTab('billing')}
                  onConnect={() => selectTab('account')}
                />
              ) : null}
            </Tabs.Content>
            <Tabs.Content value="insights" className="focus-visible:outline-none">
              {tab === 'insights' ? <InsightsTab api={insightsApi} canTalk={canTalk} /> : null}
            </Tabs.Content>
            <Tabs.Content value="embed" className="focus-visible:outline-none">
              <EmbedTab
                merchant={merchant}
                api={api}
                canTalk={canTalk}
                focusGuide={guideWanted}
                onGuideFocused={() => setGuideWanted(false)}
              />
            </Tabs.Content>
            <Tabs.Content value="billing" className="focus-visible:outline-none">
              <BillingTab
                api={billingApi}
                canTalk={canTalk}
                subscription={billing.subscription}
                invoices={billing.invoices}
                watch={checkout.watch}
                onCheckAgain={checkout.checkAgain}
                onChanged={billing.reload}
              />
            </Tabs.Content>
          </div>

          <div className="rounded-2xl border border-slate-200/80 bg-white p-2 lg:hidden">
            <SidebarActions
              supportUrl={merchant.support_chat_url}
              onLogout={() => void requestLogout()}
              loggingOut={loggingOut}
            />
          </div>
        </Tabs.Root>
      </div>

      <ConfirmDialog
        open={confirmLogout}
        title={t('dashboard.logoutPendingTitle')}
        body={t('dashboard.logoutPendingBody')}
        confirmLabel={t('dashboard.logoutAnyway')}
        cancelLabel={t('dashboard.stay')}
        onConfirm={() => void logout()}
        onCancel={() => setConfirmLogout(false)}
      />
      {editor.conflict?.conflict ? (
        <ConflictDialog
          mine={editor.conflict.settings}
          theirs={editor.conflict.conflict.settings}
          onKeepMine={() => void editor.keepMine()}
          onUseTheirs={() => void editor.useTheirs()}
        />
      ) : null}
    </div>
  );
}

function OfflineIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mt-0.5 size-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M2 8.8a15 15 0 0 1 4.2-2.6M9.8 5.2A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 4.3-2.3M15.4 10.6A10 10 0 0 1 19 12.5M8.5 16.1a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
    </svg>
  );
}

function SidebarActions({
  supportUrl,
  onLogout,
  loggingOut,
}: {
  supportUrl: string | null;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const { t } = useI18n();
  const row =
    'flex min-h-11 w-full items-center gap-3 rounded-xl px-3.5 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60';
  return (
    <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-1">
      {supportUrl ? (
        <a
          href={supportUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${row} text-slate-700 hover:bg-slate-50 hover:text-slate-900`}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
          </svg>
          <span>{t('dashboard.needHelp')}</span>
        </a>
      ) : null}
      <button
        type="button"
        onClick={onLogout}
        disabled={loggingOut}
        className={`${row} text-red-700 hover:bg-red-50`}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-5 rtl:-scale-x-100"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4" />
        </svg>
        {t('dashboard.logout')}
      </button>
    </div>
  );
}
