import type { TLanguage, TStoreConnectionResponse, TStoreLink } from '@app/shared';
import type { AuthService } from '../auth/auth.service.js';
import { randomToken, sha256 } from '../auth/crypto.js';
import { AppError } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { err, ok, type Result } from '../lib/result.js';
import type { MailPort } from '../mail/mail.port.js';
import { storeLinkEmail } from '../mail/templates.js';
import { TRIAL_MS } from '../billing/plan.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { SnapshotService } from '../content/snapshot.service.js';
import { applyStoreDetails } from './store-details.js';
import type {
  ConnectionPatch,
  ConnectionRow,
  Platform,
  PlatformConnectionsRepository,
} from './platform-connections.repository.js';
import type { StoreLinkRow, StoreLinksRepository } from './store-links.repository.js';

/** How long the link in a "link this store to your account?" e-mail works. */
export const STORE_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export interface OnboardingDeps {
  users: UsersRepository;
  connections: PlatformConnectionsRepository;
  links: StoreLinksRepository;
  snapshots: Pick<SnapshotService, 'rebuild'>;
  /** After a store is connected (created, reinstalled or confirmed): Zid registers its script here. */
  onConnected: (platform: Platform, storeId: string) => Promise<void>;
  /** Drops this process's memory of the store as unknown, so its widget shows at once. */
  forgetStore: (platform: Platform, storeId: string) => void;
  auth: Pick<AuthService, 'sendWelcome'>;
  mailer: MailPort;
  /** Processes the store's webhook deliveries that waited for the link (the inbox's replayStore). */
  replayStore: (platform: Platform, storeId: string) => Promise<void>;
  clock: Clock;
  logger: Logger;
  appUrl: string;
}

/** The install's tokens and state, as the connection row will hold them (tokens already sealed). */
export type InstallConnection = Pick<
  ConnectionPatch,
  'accessTokenEnc' | 'refreshTokenEnc' | 'tokenExpiresAt' | 'scope'
>;

/** What a store platform tells us about the merchant installing our app. */
export interface OnboardingInput {
  platform: Platform;
  storeId: string;
  email: string;
  businessName: string | null;
  storeUrl: string | null;
  language?: TLanguage;
  connection: InstallConnection;
}

/**
 * - `created`: the install made a new account (its installer may be signed in);
 * - `linked`: the store was already linked to this account (a reinstall or re-authorisation);
 * - `pending`: the e-mail belongs to an account that existed before: nothing is linked until its owner
 *   confirms the e-mailed link, and nobody is signed in.
 */
export type OnboardingOutcome = { kind: 'created' | 'linked' | 'pending'; userId: string };

export interface StoreLinkPreview {
  platform: Platform;
  storeName: string | null;
  storeUrl: string | null;
  expiresAt: Date;
}

const PLATFORM_NAMES = { salla: 'Salla', zid: 'Zid' } as const satisfies Record<Platform, string>;

const invalidLink = () => new AppError('store_link_invalid');

/**
 * The one place a store platform's install becomes a Lamha account, for every platform: the account is
 * created or linked here and nowhere else. An install never takes over an account that existed before
 * it: the e-mail the platform reports proves nothing about who installs, so that account's owner confirms.
 */
export class MerchantOnboarding {
  constructor(private readonly deps: OnboardingDeps) {}

  async onboard(input: OnboardingInput): Promise<OnboardingOutcome> {
    const { users, connections, clock } = this.deps;
    const now = clock.now();
    const known = await connections.find(input.platform, input.storeId);
    if (known) {
      // The store was linked to this account before (by its owner): a reinstall keeps that link.
      await this.connect(input, known.userId, known.installedAt ?? now);
      await this.welcome(known.userId, input.platform);
      return { kind: 'linked', userId: known.userId };
    }
    const { user, created } = await users.findOrCreate({
      email: input.email,
      storePlatform: input.platform,
      storeUrl: input.storeUrl,
      businessName: input.businessName,
      needsPasswordSetup: true,
      trialEndsAt: new Date(now.getTime() + TRIAL_MS),
      ...(input.language ? { language: input.language } : {}),
    });
    if (created) {
      await this.connect(input, user.id, now);
      await this.welcome(user.id, input.platform);
      return { kind: 'created', userId: user.id };
    }
    await this.requestLink(input, user.id, user.email, user.language);
    return { kind: 'pending', userId: user.id };
  }

  /** What the confirmation page shows before the owner decides; undefined once used or expired. */
  async previewLink(token: string): Promise<StoreLinkPreview | undefined> {
    const row = await this.deps.links.findValid(sha256(token), this.deps.clock.now());
    return row && toPreview(row);
  }

  /** The owner confirmed: the store is linked, its widget shows, and its waiting events are processed. */
  async confirmLink(token: string): Promise<Result<StoreLinkPreview, AppError>> {
    const { links, users, clock } = this.deps;
    const now = clock.now();
    const row = await links.consume(sha256(token), now);
    if (!row) return err(invalidLink());
    const user = await users.findById(row.userId);
    if (!user) return err(invalidLink());
    await this.connect(
      {
        platform: row.platform,
        storeId: row.storeId,
        email: user.email,
        businessName: row.storeName,
        storeUrl: row.storeUrl,
        connection: {
          accessTokenEnc: row.accessTokenEnc,
          refreshTokenEnc: row.refreshTokenEnc,
          tokenExpiresAt: row.tokenExpiresAt,
          scope: row.scope,
        },
      },
      user.id,
      now,
    );
    await this.deps.replayStore(row.platform, row.storeId);
    return ok(toPreview(row));
  }

  /** The owner says the store is not theirs: the request and its waiting tokens are dropped. */
  async declineLink(token: string): Promise<void> {
    await this.deps.links.consume(sha256(token), this.deps.clock.now());
  }

  /** Install requests still waiting for this account's owner. */
  async pendingLinks(userId: string): Promise<StoreLinkPreview[]> {
    const rows = await this.deps.links.pendingForUser(userId, this.deps.clock.now());
    return rows.map(toPreview);
  }

  /** The merchant's store connection and waiting installs, for the embed tab. */
  async connectionStatus(userId: string): Promise<TStoreConnectionResponse> {
    const [found, pending] = await Promise.all([
      this.deps.connections.findByUser(userId),
      this.pendingLinks(userId),
    ]);
    const row = found?.row;
    return {
      connection:
        found && row
          ? {
              platform: found.platform,
              state: row.status === 'active' ? 'installed' : row.status,
              installed_at: row.installedAt?.toISOString() ?? null,
              uninstalled_at: row.uninstalledAt?.toISOString() ?? null,
              script:
                found.platform === 'zid' && row.scriptStatus
                  ? {
                      status: row.scriptStatus,
                      error: row.scriptError,
                      next_attempt_at: row.scriptNextAttemptAt?.toISOString() ?? null,
                    }
                  : null,
            }
          : null,
      pending_links: pending.map(toStoreLink),
    };
  }

  /** The store uninstalled the app before its link was confirmed: the link dies with it. */
  async cancelPending(platform: Platform, storeId: string): Promise<void> {
    await this.deps.links.cancel(platform, storeId);
  }

  private async connect(input: OnboardingInput, userId: string, installedAt: Date): Promise<void> {
    const { users, connections } = this.deps;
    const user = await users.findById(userId);
    if (!user) throw new Error(`user ${userId} vanished during onboarding`);
    const previous = await connections.find(input.platform, input.storeId);
    await users.update(userId, { storePlatform: input.platform, needsPasswordSetup: !user.passwordHash });
    const row = await connections.upsert(input.platform, input.storeId, userId, {
      ...input.connection,
      status: 'active',
      installedAt,
      uninstalledAt: null,
      needsPasswordSetup: !user.passwordHash,
      // Zid's storefront script and product webhooks are registered through its API (a reinstall registers
      // them again); Salla's App Snippet and webhooks need nothing per store.
      ...(input.platform === 'zid'
        ? {
            scriptStatus: 'pending' as const,
            scriptAttempts: 0,
            scriptError: null,
            scriptNextAttemptAt: new Date(),
            webhooksStatus: 'pending' as const,
            webhooksAttempts: 0,
            webhooksError: null,
            webhooksNextAttemptAt: new Date(),
          }
        : {}),
    });
    await this.applyStoreDetails(
      input.platform,
      previous ?? { ...row, platformStoreName: null, platformStoreUrl: null },
      {
        name: input.businessName,
        url: input.storeUrl,
      },
    );
    await this.deps.snapshots.rebuild(userId);
    this.deps.forgetStore(input.platform, input.storeId);
    await this.deps.onConnected(input.platform, input.storeId);
  }

  /** The account's store name and URL follow the platform (store-details.ts). */
  async applyStoreDetails(
    platform: Platform,
    row: Pick<ConnectionRow, 'userId' | 'storeId' | 'platformStoreName' | 'platformStoreUrl'>,
    details: { name: string | null; url: string | null },
  ): Promise<void> {
    await applyStoreDetails(this.deps, platform, row, details);
  }

  private async welcome(userId: string, platform: Platform): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user) return;
    try {
      await this.deps.auth.sendWelcome(user.email, user.language, PLATFORM_NAMES[platform]);
    } catch (error) {
      // The install must not fail because mail did: the merchant can still ask for a link on /login.
      this.deps.logger.error({ err: error, userId }, 'welcome e-mail failed');
    }
  }

  private async requestLink(
    input: OnboardingInput,
    userId: string,
    email: string,
    language: TLanguage,
  ): Promise<void> {
    const { links, clock } = this.deps;
    const now = clock.now();
    const waiting = await links.find(input.platform, input.storeId);
    if (waiting && waiting.userId === userId && waiting.expiresAt > now) {
      // The same install again (a retried or re-authorised event): newer tokens, no second e-mail.
      await links.updateTokens(waiting.id, input.connection);
      return;
    }
    const token = randomToken();
    await links.save({
      platform: input.platform,
      storeId: input.storeId,
      userId,
      tokenHash: sha256(token),
      storeName: input.businessName,
      storeUrl: input.storeUrl,
      ...input.connection,
      expiresAt: new Date(now.getTime() + STORE_LINK_TTL_MS),
    });
    const link = `${this.deps.appUrl.replace(/\/$/, '')}/link-store?token=${encodeURIComponent(token)}`;
    try {
      await this.deps.mailer.send(
        storeLinkEmail(email, link, language, {
          platform: PLATFORM_NAMES[input.platform],
          storeName: input.businessName ?? input.storeUrl ?? input.storeId,
        }),
      );
    } catch (error) {
      // The request stays listed on the owner's dashboard; a reinstall sends a new e-mail.
      this.deps.logger.error({ err: error, userId }, 'store link e-mail failed');
    }
  }
}

export const toStoreLink = (p: StoreLinkPreview): TStoreLink => ({
  platform: p.platform,
  store_name: p.storeName,
  store_url: p.storeUrl,
  expires_at: p.expiresAt.toISOString(),
});

const toPreview = (row: StoreLinkRow): StoreLinkPreview => ({
  platform: row.platform,
  storeName: row.storeName,
  storeUrl: row.storeUrl,
  expiresAt: row.expiresAt,
});
