import {
  subscriptionLabel,
  ZWidgetSettings,
  type TMerchant,
  type TMessageKey,
  type TMessageParams,
  type TWidgetSettings,
} from '@app/shared';
import { looksLikeSettings, settingsProblem, type TSettingsProblem } from './settings-problems';

export const DASHBOARD_TABS = [
  'account',
  'settings',
  'highlights',
  'posts',
  'insights',
  'embed',
  'billing',
] as const;
export type TDashboardTab = (typeof DASHBOARD_TABS)[number];

const isTab = (value: string | null | undefined): value is TDashboardTab =>
  (DASHBOARD_TABS as readonly string[]).includes(value ?? '');

/** The tab a URL asks for: `#settings` first, then `?tab=settings`, else the account tab (product §2). */
export function tabFromLocation(hash: string, search: string): TDashboardTab {
  const fromHash = hash.replace(/^#/, '');
  if (isTab(fromHash)) return fromHash;
  const fromQuery = new URLSearchParams(search).get('tab');
  return isTab(fromQuery) ? fromQuery : 'account';
}

/** A username that counts as connected: not empty and not the placeholder 'instagram' (product §2). */
export function connectedUsername(merchant: Pick<TMerchant, 'instagram_username'>): string | null {
  const name = merchant.instagram_username?.trim() ?? '';
  return name === '' || name.toLowerCase() === 'instagram' ? null : name;
}

/**
 * product §5: margins are whole numbers from 0 (Arabic-Indic digits too); anything that is not a number
 * becomes 0 (WholeNumberInput). The schema caps them.
 */
export const MAX_MARGIN = 200;

/** The store address as a link: https:// added when the merchant typed none. */
export function storeHref(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * The platform a merchant's store runs on, for the Embed tab's first choice: the platform it was installed
 * from, else what its address says (Salla and Zid store addresses, Shopify's own domain), else "any other
 * site".
 */
export function platformOfStore(
  merchant: Pick<TMerchant, 'store_platform' | 'store_url'>,
): 'salla' | 'zid' | 'shopify' | 'other' {
  if (merchant.store_platform === 'salla' || merchant.store_platform === 'zid')
    return merchant.store_platform;
  let host: string;
  try {
    host = new URL(storeHref(merchant.store_url ?? '')).hostname.toLowerCase();
  } catch {
    return 'other';
  }
  const under = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (under('salla.sa')) return 'salla';
  if (under('zid.store')) return 'zid';
  if (under('myshopify.com')) return 'shopify';
  return 'other';
}

/** product §9 labels with the Arabic names of the known ones; other tier names follow the cut rule as they are. */
export function planLabel(tier: string | null | undefined, lang: 'ar' | 'en'): string {
  const label = subscriptionLabel(tier);
  if (lang === 'en') return label;
  const arabic: Record<string, string> = {
    Free: 'مجانية',
    Trial: 'تجريبية',
    Basic: 'الأساسية',
    Professional: 'الاحترافية',
    Pro: 'الاحترافية',
  };
  return arabic[label] ?? label;
}

/**
 * The plan badge: the plan's name, "· grace period" while an ended plan still shows for 3 days, and
 * "Expired" after that — never "Free" for a merchant whose plan ran out.
 */
export function planBadge(
  merchant: Pick<TMerchant, 'subscription_tier' | 'subscription_status'>,
  lang: 'ar' | 'en',
  t: (key: TMessageKey, params?: TMessageParams) => string,
): string {
  if (merchant.subscription_status === 'expired') return t('dashboard.plan.expired');
  const label = planLabel(merchant.subscription_tier, lang);
  return merchant.subscription_status === 'grace' ? t('dashboard.plan.grace', { plan: label }) : label;
}

export type TImportResult =
  { ok: true; settings: TWidgetSettings } | { ok: false; problem: TSettingsProblem };

/**
 * Reads an imported settings file: JSON shaped like Lamha's settings (else "not a Lamha settings export"),
 * passing the shared schema (else the first setting that is wrong and what it must be). Nothing is applied.
 */
export function parseSettingsFile(text: string): TImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: { kind: 'not_settings' } };
  }
  if (!looksLikeSettings(data)) return { ok: false, problem: { kind: 'not_settings' } };
  const parsed = ZWidgetSettings.safeParse(data);
  return parsed.success
    ? { ok: true, settings: parsed.data }
    : { ok: false, problem: settingsProblem(parsed.error) };
}

export const EXPORT_FILE_NAME = 'widget-settings.json';

export function settingsFileContents(settings: TWidgetSettings): string {
  return `${JSON.stringify(settings, null, 2)}\n`;
}

/** Deep equality for settings-shaped values (plain JSON). */
export function sameSettings(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameSettings((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Every leaf of a settings object as [path, value], for showing two versions side by side. */
export function settingsLeaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, v]) => settingsLeaves(v, prefix ? `${prefix}.${key}` : key));
}

/** The paths where two settings objects differ. */
export function changedPaths(
  a: TWidgetSettings,
  b: TWidgetSettings,
): { path: string; mine: unknown; theirs: unknown }[] {
  const theirs = new Map(settingsLeaves(b));
  return settingsLeaves(a)
    .filter(([path, v]) => !sameSettings(v, theirs.get(path)))
    .map(([path, mine]) => ({ path, mine, theirs: theirs.get(path) }));
}

/** The embed snippet of product §2 for a page served from `origin`. */
/** The script tag, one attribute a line so that it wraps cleanly on a phone. */
export function embedSnippet(origin: string, widgetKey: string): string {
  return `<script\n  src="${origin}/widget.js"\n  data-merchant-id="${widgetKey}"\n  async defer></script>`;
}

/** The placement element: where it stands on a page, the widget shows there instead of near the footer. */
export const PLACEMENT_SLOT = '<div data-feed-widget></div>';
