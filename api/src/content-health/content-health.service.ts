import { PLAN_LIMITS, type TContentHealth } from '@app/shared';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { MailPort } from '../mail/mail.port.js';
import { resolvePlan } from '../billing/plan.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import { contentHealthOf } from './content-health.js';
import { contentHealthEmail } from './content-health.mail.js';
import type { ContentHealthRepository, HealthRow } from './content-health.repository.js';

const HOUR = 3_600_000;
/** While a problem lasts, the merchant hears about it once, then at most once a week. */
export const HEALTH_NOTICE_INTERVAL_MS = 7 * 24 * HOUR;
/** Twice the shortest plan interval: nothing younger can be stale on any plan. */
const SHORTEST_STALE_MS = 2 * Math.min(...Object.values(PLAN_LIMITS).map((l) => l.refreshHours)) * HOUR;

export interface ContentHealthServiceDeps {
  repo: ContentHealthRepository;
  users: Pick<UsersRepository, 'findById'>;
  subscriptions: Pick<SubscriptionsRepository, 'findActive'>;
  mailer: MailPort;
  clock: Clock;
  logger: Logger;
  appUrl: string;
  /** Whether Instagram Login is available (a banner's Reconnect can start it). */
  loginAvailable: boolean;
}

/**
 * Token and content health: the dashboard's banner, the admin list's flag and the merchant's e-mail
 * (one, then at most one a week while the problem lasts). The store keeps its last good content.
 */
export class ContentHealthService {
  constructor(private readonly deps: ContentHealthServiceDeps) {}

  private async refreshHours(userId: string, now: Date): Promise<number> {
    const user = await this.deps.users.findById(userId);
    const subscription = await this.deps.subscriptions.findActive(userId);
    return resolvePlan({ trialEndsAt: user?.trialEndsAt ?? null, subscription }, now).limits.refreshHours;
  }

  private stateOf(row: HealthRow, refreshHours: number, now: Date) {
    return contentHealthOf({
      connectionStatus: row.connectionStatus,
      lastGoodRefresh: row.lastRefresh,
      connectedAt: row.connectedAt ?? row.accountCreatedAt,
      refreshHours,
      now,
    });
  }

  async forMerchant(userId: string): Promise<TContentHealth> {
    const now = this.deps.clock.now();
    const [row, refreshHours] = await Promise.all([
      this.deps.repo.forUser(userId),
      this.refreshHours(userId, now),
    ]);
    return {
      state: row ? this.stateOf(row, refreshHours, now) : 'ok',
      last_good_refresh_at: row?.lastRefresh?.toISOString() ?? null,
      refresh_hours: refreshHours,
      login_connection: row !== undefined && row.connectionId !== null && this.deps.loginAvailable,
    };
  }

  /**
   * Cron: e-mails merchants whose connection needs reconnecting or whose content went stale (each once,
   * then weekly while it lasts), and forgets the notice of those whose problem is gone.
   */
  async notifyUnhealthy(limit = 100): Promise<{ sent: number; cleared: number }> {
    const d = this.deps;
    const now = d.clock.now();
    const notifiedBefore = new Date(now.getTime() - HEALTH_NOTICE_INTERVAL_MS);
    let sent = 0;
    let cleared = 0;
    for (const row of await d.repo.notified(limit)) {
      if (!row.connectionId) continue;
      if (this.stateOf(row, await this.refreshHours(row.userId, now), now) === 'ok') {
        await d.repo.clearNotice(row.connectionId);
        cleared++;
      }
    }
    const candidates = await d.repo.noticeCandidates({
      staleBefore: new Date(now.getTime() - SHORTEST_STALE_MS),
      notifiedBefore,
      limit,
    });
    for (const row of candidates) {
      if (!row.connectionId) continue;
      const state = this.stateOf(row, await this.refreshHours(row.userId, now), now);
      if (state === 'ok') continue;
      const user = await d.users.findById(row.userId);
      if (!user) continue;
      // Stamped first: of several cron processes, only the one that stamps sends.
      if (!(await d.repo.claimNotice(row.connectionId, now, notifiedBefore))) continue;
      try {
        await d.mailer.send(
          contentHealthEmail(user.email, user.language, {
            state,
            username: row.username,
            link: new URL('/dashboard#account', d.appUrl).toString(),
          }),
        );
        sent++;
      } catch (error) {
        d.logger.warn({ userId: row.userId, err: error }, 'content health e-mail not sent');
      }
    }
    return { sent, cleared };
  }
}
