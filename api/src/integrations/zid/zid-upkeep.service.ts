import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { MailPort } from '../../mail/mail.port.js';
import { reauthoriseEmail } from '../../mail/templates.js';
import type { UsersRepository } from '../../users/users.repository.js';
import type { ConnectionRow, PlatformConnectionsRepository } from '../platform-connections.repository.js';
import { TOKEN_RENEW_WINDOW_MS } from '../salla/salla-tokens.service.js';
import type { ZidClient, ZidTokens } from './zid.client.js';

/** The first retry of a failed script registration waits this long; each further one twice as long. */
export const SCRIPT_RETRY_FIRST_MS = 60_000;
export const SCRIPT_RETRY_MAX_MS = 6 * 60 * 60 * 1000;

export const scriptRetryDelayMs = (attempts: number) =>
  Math.min(SCRIPT_RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), SCRIPT_RETRY_MAX_MS);

/**
 * A refusal (4xx) means the refresh token is gone; anything else, rate limiting (429) included, may pass
 * and is tried next tick.
 */
const refused = (error: string) => /answered HTTP 4(?!29)\d\d/.test(error);

export interface StoreDetails {
  name: string | null;
  url: string | null;
}

export interface ZidUpkeepDeps {
  connections: PlatformConnectionsRepository;
  users: UsersRepository;
  zid: ZidClient;
  box: SecretBox;
  mailer: MailPort;
  /** Fills the account's store row from what the platform reports (onboarding's rule). */
  applyStoreDetails: (row: ConnectionRow, details: StoreDetails) => Promise<void>;
  clock: Clock;
  logger: Logger;
  appUrl: string;
  /** The secret in our Zid webhook URLs; without it no store webhooks are registered. */
  webhookSecret?: string | undefined;
  /** Our Zid app's id (its OAuth client id): the `original_id` of the store webhooks we create. */
  appId?: string | undefined;
}

/**
 * Zid connections kept working by cron: tokens renewed before they lapse (once, under the row lock, with
 * any number of cron processes), and the storefront script registered, retried with backoff until it is.
 */
export class ZidUpkeep {
  constructor(private readonly deps: ZidUpkeepDeps) {}

  private tokensOf(row: ConnectionRow): Pick<ZidTokens, 'accessToken' | 'authorization'> | undefined {
    if (!row.accessTokenEnc) return undefined;
    try {
      const sealed = JSON.parse(this.deps.box.open(row.accessTokenEnc)) as {
        manager?: unknown;
        authorization?: unknown;
      };
      if (typeof sealed.manager !== 'string' || typeof sealed.authorization !== 'string') return undefined;
      return { accessToken: sealed.manager, authorization: sealed.authorization };
    } catch {
      return undefined;
    }
  }

  scriptUrl(storeId: string): string {
    return `${this.deps.appUrl.replace(/\/$/, '')}/widget.js?store=${encodeURIComponent(storeId)}&platform=zid`;
  }

  /** Where Zid posts one store's product events (the event and the store are in the URL). */
  webhookTargetUrl(storeId: string, event: string): string | undefined {
    const secret = this.deps.webhookSecret;
    if (!secret) return undefined;
    return `${this.deps.appUrl.replace(/\/$/, '')}/api/integrations/zid/webhook/${encodeURIComponent(
      secret,
    )}/stores/${encodeURIComponent(storeId)}/${encodeURIComponent(event)}`;
  }

  /**
   * Registers the store's storefront script after install, recording the outcome on the connection. A
   * failure is retried with backoff; Zid refusing the script for lack of approval is not retried (it cannot
   * pass until Zid approves the app) and is shown to admins with Zid's reason. The product webhooks are a
   * step of their own (`registerWebhooks`): the widget never waits on them.
   */
  async registerScript(storeId: string): Promise<'registered' | 'failed' | 'refused' | 'skipped'> {
    const { connections, zid, clock } = this.deps;
    const outcome = await connections.withConnectionLock('zid', storeId, async (row, save) => {
      if (row.status !== 'active' || row.scriptStatus === 'registered') return 'skipped' as const;
      const now = clock.now();
      const tokens = this.tokensOf(row);
      let failure: { kind: 'refused' | 'failed'; message: string } = {
        kind: 'failed',
        message: 'no Zid tokens stored for this store',
      };
      if (tokens) {
        const script = await zid.registerScript(tokens, this.scriptUrl(storeId));
        if (script.ok) {
          await save({ scriptStatus: 'registered', scriptError: null, scriptNextAttemptAt: null });
          return 'registered' as const;
        }
        failure = script.error;
      }
      const attempts = row.scriptAttempts + 1;
      const refused = failure.kind === 'refused';
      await save({
        scriptStatus: 'failed',
        scriptError: failure.message.slice(0, 300),
        scriptAttempts: attempts,
        // Refused: no retry (cron never picks a null time); "Try again" still can, once Zid approves.
        scriptNextAttemptAt: refused ? null : new Date(now.getTime() + scriptRetryDelayMs(attempts)),
      });
      if (refused)
        this.deps.logger.error(
          { storeId, err: failure.message },
          'Zid refused the storefront script: the app needs Zid approval for app scripts',
        );
      else
        this.deps.logger.warn(
          { storeId, err: failure.message, attempts },
          'Zid storefront script not registered',
        );
      return refused ? ('refused' as const) : ('failed' as const);
    });
    return outcome ?? 'skipped';
  }

  /** Whether store webhooks can be registered at all (our webhook secret and app id configured). */
  private get webhooksConfigured(): boolean {
    return Boolean(this.deps.webhookSecret && this.deps.appId);
  }

  /**
   * Subscribes the store to our product webhooks, recording the outcome on the connection (already
   * subscribed events are left alone, so a retry adds only what is missing); retried with the script's
   * backoff. Stores installed before webhooks were registered (no status yet) are caught up by cron.
   */
  async registerWebhooks(storeId: string): Promise<'registered' | 'failed' | 'skipped'> {
    if (!this.webhooksConfigured) return 'skipped';
    const { connections, zid, clock } = this.deps;
    const outcome = await connections.withConnectionLock('zid', storeId, async (row, save) => {
      if (row.status !== 'active' || row.webhooksStatus === 'registered') return 'skipped' as const;
      const tokens = this.tokensOf(row);
      const hooks = tokens
        ? await zid.registerProductWebhooks(
            tokens,
            (event) => this.webhookTargetUrl(storeId, event)!,
            this.deps.appId!,
          )
        : ({ ok: false, error: 'no Zid tokens stored for this store' } as const);
      if (hooks.ok) {
        await save({ webhooksStatus: 'registered', webhooksError: null, webhooksNextAttemptAt: null });
        return 'registered' as const;
      }
      const attempts = row.webhooksAttempts + 1;
      await save({
        webhooksStatus: 'failed',
        webhooksError: hooks.error.slice(0, 300),
        webhooksAttempts: attempts,
        webhooksNextAttemptAt: new Date(clock.now().getTime() + scriptRetryDelayMs(attempts)),
      });
      this.deps.logger.warn({ storeId, err: hooks.error, attempts }, 'Zid product webhooks not registered');
      return 'failed' as const;
    });
    return outcome ?? 'skipped';
  }

  /**
   * At uninstall, before the tokens are forgotten: asks Zid to drop the store's webhooks. Zid stops
   * accepting a store's tokens at uninstall, so this may be refused; deliveries for an uninstalled store
   * change nothing either way.
   */
  async removeWebhooks(row: ConnectionRow): Promise<void> {
    const tokens = this.tokensOf(row);
    if (!tokens || !this.deps.appId || !this.deps.webhookSecret) return;
    const removed = await this.deps.zid.deleteProductWebhooks(tokens, this.deps.appId);
    if (!removed.ok)
      this.deps.logger.warn(
        { storeId: row.storeId, err: removed.error },
        'Zid webhooks not removed at uninstall',
      );
  }

  /** Cron: retries the registrations whose backoff has passed. */
  async registerDueScripts(): Promise<{ registered: number; failed: number }> {
    let registered = 0;
    let failed = 0;
    for (const storeId of await this.deps.connections.dueForScriptRegistration(this.deps.clock.now())) {
      const outcome = await this.registerScript(storeId);
      if (outcome === 'registered') registered++;
      if (outcome === 'failed') failed++;
    }
    return { registered, failed };
  }

  /** Cron: product webhooks due (a failure whose backoff has passed, or a store never subscribed). */
  async registerDueWebhooks(): Promise<{ registered: number; failed: number }> {
    let registered = 0;
    let failed = 0;
    if (!this.webhooksConfigured) return { registered, failed };
    for (const storeId of await this.deps.connections.dueForWebhookRegistration(this.deps.clock.now())) {
      const outcome = await this.registerWebhooks(storeId);
      if (outcome === 'registered') registered++;
      if (outcome === 'failed') failed++;
    }
    return { registered, failed };
  }

  /** Stores whose storefront script is not registered, for admins. */
  async scriptFailures() {
    const rows = await this.deps.connections.scriptFailures();
    return rows.map((r) => ({
      store_id: r.storeId,
      email: r.email,
      error: r.error,
      attempts: r.attempts,
      next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
      updated_at: r.updatedAt.toISOString(),
    }));
  }

  /** "Try again" on the embed tab: registers the merchant's script now, whatever the backoff says. */
  async retryScriptFor(userId: string): Promise<'registered' | 'failed' | 'refused' | 'skipped'> {
    const found = await this.deps.connections.findByUser(userId);
    if (!found || found.platform !== 'zid') return 'skipped';
    return this.registerScript(found.row.storeId);
  }

  /**
   * Cron: renews Zid tokens that expire soon. A refusal marks the connection `needs_reauthorisation` and
   * tells the merchant once (the widget keeps showing: the script is registered already); a passing
   * failure is tried again next tick. The store's details are read again while the fresh token is at hand.
   */
  async renewExpiring(): Promise<{ renewed: number; failed: number; refused: number }> {
    const { connections, clock, box, zid } = this.deps;
    const now = clock.now();
    const result = { renewed: 0, failed: 0, refused: 0 };
    for (const storeId of await connections.dueForTokenRefresh(
      'zid',
      new Date(now.getTime() + TOKEN_RENEW_WINDOW_MS),
    )) {
      const outcome = await connections
        .withConnectionLock('zid', storeId, async (row, save) => {
          // Renewed by another worker while we waited, or already given up on: nothing to do.
          if (
            row.status !== 'active' ||
            !row.refreshTokenEnc ||
            (row.tokenExpiresAt && row.tokenExpiresAt.getTime() > now.getTime() + TOKEN_RENEW_WINDOW_MS)
          )
            return { kind: 'skipped' as const };
          const fresh = await zid.refresh(
            box.open(row.refreshTokenEnc),
            now,
            `${this.deps.appUrl.replace(/\/$/, '')}/api/integrations/zid/callback`,
          );
          if (!fresh.ok) {
            if (!refused(fresh.error)) throw new Error(fresh.error);
            await save({ status: 'needs_reauthorisation' });
            return { kind: 'refused' as const, row };
          }
          await save({
            accessTokenEnc: box.seal(
              JSON.stringify({ manager: fresh.value.accessToken, authorization: fresh.value.authorization }),
            ),
            refreshTokenEnc: box.seal(fresh.value.refreshToken),
            tokenExpiresAt: fresh.value.expiresAt,
          });
          return { kind: 'renewed' as const, row, tokens: fresh.value };
        })
        .catch((error: unknown) => {
          this.deps.logger.error({ err: error, storeId }, 'Zid token renewal failed; retrying next tick');
          return { kind: 'failed' as const };
        });
      if (!outcome || outcome.kind === 'skipped') continue;
      if (outcome.kind === 'failed') result.failed++;
      if (outcome.kind === 'refused') {
        result.refused++;
        await this.notifyReauthorisation(outcome.row);
      }
      if (outcome.kind === 'renewed') {
        result.renewed++;
        const profile = await zid.profile(outcome.tokens);
        if (profile.ok)
          await this.deps.applyStoreDetails(outcome.row, {
            name: profile.value.user.store.title ?? null,
            url: profile.value.user.store.url ?? null,
          });
      }
    }
    return result;
  }

  private async notifyReauthorisation(row: ConnectionRow): Promise<void> {
    const user = await this.deps.users.findById(row.userId);
    if (!user) return;
    const link = `${this.deps.appUrl.replace(/\/$/, '')}/api/integrations/zid/install`;
    try {
      await this.deps.mailer.send(reauthoriseEmail(user.email, link, user.language));
    } catch (error) {
      // The dashboard shows the notice all the same.
      this.deps.logger.error({ err: error, userId: user.id }, 'reauthorisation e-mail failed');
    }
  }
}
