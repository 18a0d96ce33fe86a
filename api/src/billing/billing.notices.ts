import { DAY_MS, GRACE_DAYS } from '@app/shared';
import type { MailPort } from '../mail/mail.port.js';
import { PARKED_UNTIL, resolvePlan } from './plan.js';
import { expiredEmail, graceEmail, renewalEmail } from './billing.mail.js';
import { type BillingServiceDeps, BillingPart } from './billing.common.js';

/** The cron work of plans: renewal reminders, grace and expiry. */
export class BillingNotices extends BillingPart {
  constructor(deps: BillingServiceDeps) {
    super(deps);
  }

  /**
   * Renewal reminders (7 days and 1 day before the end), the grace e-mail when a trial or paid period has
   * ended, and at expiry the e-mail that the widget went silent, the snapshot rebuild that hides it and
   * the parking of its content refresh. Merchants are chosen by the notice due and not yet sent, batch
   * after batch until none is left (a cursor carries the tick past failures), so a tick tells everyone
   * due however many there are. Each notice is claimed in the database per merchant and period end
   * before it is done, so any number of cron processes send one.
   */
  async runNotices(batch = 200): Promise<{ reminders: number; grace: number; expired: number }> {
    const d = this.deps;
    const now = d.clock.now();
    const counts = { reminders: 0, grace: 0, expired: 0 };
    const link = this.appLink('/dashboard?tab=billing');
    let cursor: { lastEnd: Date; userId: string } | null = null;
    for (;;) {
      const rows = await d.repo.noticesDue({ now, cursor, limit: batch });
      for (const { user, subscription, tier, lastEnd, kind } of rows) {
        const active = subscription && tier ? { subscription, tier } : undefined;
        const plan = resolvePlan({ trialEndsAt: user.trialEndsAt, subscription: active }, now);
        try {
          const platform = await d.platformOf(user);
          if (kind === 'expired') {
            if (
              await this.notify(
                user.id,
                'expired',
                lastEnd,
                now,
                () => expiredEmail(user.email, user.language, { link, platform }),
                {
                  before: async () => {
                    await d.repo.parkContent(user.id, PARKED_UNTIL);
                    await d.snapshots.rebuild(user.id);
                  },
                },
              )
            )
              counts.expired++;
          } else if (kind === 'grace') {
            const sent = await this.notify(
              user.id,
              'grace',
              lastEnd,
              now,
              () =>
                graceEmail(user.email, user.language, {
                  graceEndsAt: plan.graceEndsAt ?? new Date(lastEnd.getTime() + GRACE_DAYS * DAY_MS),
                  link,
                  platform,
                }),
              { before: () => d.snapshots.rebuild(user.id) },
            );
            if (sent) counts.grace++;
          } else if (
            platform === null &&
            d.config.paymentsEnabled &&
            (await d.cards.renewsAutomatically(user.id))
          ) {
            // The saved card renews the plan: its own notice says when and how much (AutoRenewService).
            await d.repo.claimNotice(user.id, kind, lastEnd, now);
          } else if (platform === null && d.config.paymentsEnabled) {
            const daysLeft = (lastEnd.getTime() - now.getTime()) / DAY_MS;
            const sent = await this.notify(user.id, kind, lastEnd, now, () =>
              renewalEmail(user.email, user.language, {
                endsAt: lastEnd,
                daysLeft: Math.max(1, Math.ceil(daysLeft)),
                trial: plan.status === 'trial',
                link,
              }),
            );
            if (sent) counts.reminders++;
          } else {
            // Renewed on the store platform: nothing to remind, only marked as seen.
            await d.repo.claimNotice(user.id, kind, lastEnd, now);
          }
        } catch (error) {
          d.logger.error({ err: error, userId: user.id }, 'billing notice failed');
        }
      }
      const last = rows.at(-1);
      if (!last || rows.length < batch) break;
      cursor = { lastEnd: last.lastEnd, userId: last.user.id };
    }
    return counts;
  }

  /** Claims a notice and sends its e-mail; a failed send gives the claim back for the next tick. */
  private async notify(
    userId: string,
    kind: 'renewal_7d' | 'renewal_1d' | 'grace' | 'expired',
    periodEnd: Date,
    now: Date,
    message: () => Parameters<MailPort['send']>[0],
    options: { before?: () => Promise<unknown> } = {},
  ): Promise<boolean> {
    const d = this.deps;
    if (!(await d.repo.claimNotice(userId, kind, periodEnd, now))) return false;
    try {
      // Done before the e-mail, so a failed send (retried next tick) never holds it back.
      await options.before?.();
      await d.mailer.send(message());
      return true;
    } catch (error) {
      await d.repo.releaseNotice(userId, kind, periodEnd);
      throw error;
    }
  }
}
