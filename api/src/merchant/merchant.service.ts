import {
  ZOnboarding,
  type TInstallation,
  type TMerchant,
  type TOnboarding,
  type TSettingsSaved,
  type TSettingsUpdate,
  type TStoreSaved,
} from '@app/shared';
import { AppError } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import { err, ok, type Result } from '../lib/result.js';
import type { InstagramAccountsRepository } from '../content/instagram-accounts.repository.js';
import type { SnapshotService } from '../content/snapshot.service.js';
import { resolvePlan } from '../billing/plan.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UserRow, UsersRepository } from '../users/users.repository.js';
import type { WidgetPreferencesRepository } from '../widget-settings/widget-preferences.repository.js';
import type { WidgetInstallsRepository } from '../widget/widget-installs.js';

export interface MerchantServiceDeps {
  users: UsersRepository;
  accounts: InstagramAccountsRepository;
  preferences: WidgetPreferencesRepository;
  subscriptions: SubscriptionsRepository;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  sallaConnectionExpiry: (userId: string) => Promise<Date | null | undefined>;
  clock: Clock;
  supportChatUrl: string | undefined;
  installs: Pick<WidgetInstallsRepository, 'list'>;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** What the dashboard reads and writes about the signed-in merchant. */
export class MerchantService {
  constructor(private readonly deps: MerchantServiceDeps) {}

  /** The address the merchant wants mail at (their sign-in e-mail when null), kept beside the user record. */
  async setContactEmail(user: UserRow, email: string | null): Promise<void> {
    await this.deps.users.update(user.id, { metadata: { ...user.metadata, contact_email: email } });
  }

  /** The store's name and address, editable in the account card and the first onboarding step. */
  async setStore(user: UserRow, input: { store_name: string; store_url: string }): Promise<TStoreSaved> {
    const row = await this.deps.users.update(user.id, {
      businessName: input.store_name,
      storeUrl: input.store_url === '' ? null : input.store_url,
    });
    return { store_name: row?.businessName ?? input.store_name, store_url: row?.storeUrl ?? null };
  }

  async setOnboarding(user: UserRow, onboarding: TOnboarding): Promise<TOnboarding> {
    await this.deps.users.update(user.id, { metadata: { ...user.metadata, onboarding } });
    return onboarding;
  }

  /** Where the merchant's widget was seen (the embed tab's installation check). */
  async installation(user: UserRow): Promise<TInstallation> {
    const account = await this.deps.accounts.findByUserId(user.id);
    const rows = account ? await this.deps.installs.list(account.publicWidgetKey) : [];
    return {
      installs: rows.map((r) => ({
        origin: r.origin,
        first_seen_at: r.firstSeenAt.toISOString(),
        last_seen_at: r.lastSeenAt.toISOString(),
      })),
    };
  }

  async get(user: UserRow): Promise<TMerchant> {
    const d = this.deps;
    const [account, prefs, subscription, sallaExpiry] = await Promise.all([
      d.accounts.findByUserId(user.id),
      d.preferences.findOrCreate(user.id),
      d.subscriptions.findActive(user.id),
      d.sallaConnectionExpiry(user.id),
    ]);
    const plan = resolvePlan({ trialEndsAt: user.trialEndsAt, subscription }, d.clock.now());
    const contactEmail = typeof user.metadata.contact_email === 'string' ? user.metadata.contact_email : null;
    // docs/product.md §3: 'salla' whenever a Salla connection exists, else what the user record says.
    const platform = sallaExpiry !== undefined ? 'salla' : user.storePlatform;
    return {
      id: user.id,
      user_id: user.id,
      business_name: user.businessName?.trim() || user.fullName?.trim() || 'Store Name',
      instagram_username: account?.instagramUsername ?? null,
      public_widget_key: account?.publicWidgetKey ?? null,
      email: contactEmail ?? user.email,
      login_email: user.email,
      store_url: user.storeUrl,
      store_platform: platform,
      trial_ends_at: iso(user.trialEndsAt),
      subscription_tier: plan.tierName,
      subscription_plan: plan.plan,
      subscription_status: plan.status,
      subscription_tier_id: subscription?.tier.id ?? null,
      subscription_end_date: iso(
        plan.plan === 'trial' ? user.trialEndsAt : (subscription?.subscription.endDate ?? null),
      ),
      last_refresh: iso(account?.lastRefresh),
      last_error: account?.lastError ?? null,
      next_refresh_at: iso(account?.nextRefreshAt),
      salla_connection: sallaExpiry === undefined ? null : { expires_at: iso(sallaExpiry) },
      display_settings: prefs.settings,
      settings_version: prefs.version,
      language_preference: user.language,
      widget_content_ready: account?.widgetContentReady ?? false,
      needs_password_setup: user.needsPasswordSetup,
      support_chat_url: d.supportChatUrl ?? null,
      store_name: user.businessName?.trim() || null,
      onboarding: onboardingOf(user, account !== undefined),
    };
  }

  /**
   * Saves the widget settings only if nobody saved since `version` was read; a conflict answers the
   * server's copy so the merchant sees both instead of silently losing one.
   */
  async saveSettings(user: UserRow, input: TSettingsUpdate): Promise<Result<TSettingsSaved, AppError>> {
    const d = this.deps;
    const saved = await d.preferences.save(user.id, input.version, input.settings);
    if (!saved.ok) {
      return err(
        new AppError('conflict', undefined, {
          settings: saved.current.settings,
          version: saved.current.version,
        }),
      );
    }
    if (input.language && input.language !== user.language)
      await d.users.update(user.id, { language: input.language });
    await d.snapshots.rebuild(user.id);
    return ok({ settings: saved.preferences.settings, version: saved.preferences.version });
  }
}

/**
 * The merchant's first-run state. Merchants from before the steps existed who already named an account
 * are done; everyone else starts at the first step.
 */
function onboardingOf(user: UserRow, hasAccount: boolean): TOnboarding {
  const saved = ZOnboarding.safeParse(user.metadata.onboarding);
  if (saved.success) return saved.data;
  return { step: 'store', skipped: [], done: hasAccount };
}
