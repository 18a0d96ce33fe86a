import {
  DAY_MS,
  planPriceHalalas,
  vatOfInclusive,
  type TAdminPayments,
  type TAdminRevenue,
} from '@app/shared';
import { tierOfId } from './billing.records.js';
import { type BillingServiceDeps, BillingPart, periodOf, iso, RECENT_PAYMENTS } from './billing.common.js';
import type { BillingRefunds } from './billing.refunds.js';

/** What admins see of billing: recent payments with their alerts, and revenue. */
export class BillingAdmin extends BillingPart {
  constructor(
    deps: BillingServiceDeps,
    private readonly refunds: BillingRefunds,
  ) {
    super(deps);
  }

  async adminPayments(): Promise<TAdminPayments> {
    const d = this.deps;
    const now = d.clock.now();
    const [rows, alerts, moneyAlerts] = await Promise.all([
      d.repo.listPayments(RECENT_PAYMENTS),
      d.repo.listAlerts(50),
      d.repo.listBillingAlerts(50),
    ]);
    const payments = await Promise.all(
      rows.map(async ({ checkout, email }) => ({
        id: checkout.id,
        user_id: checkout.userId,
        merchant_email: email,
        status: checkout.status,
        tier: checkout.tier,
        period: checkout.period,
        amount_halalas: checkout.amountHalalas,
        failure_reason: checkout.failureReason,
        created_at: checkout.createdAt.toISOString(),
        paid_at: iso(checkout.paidAt),
        refunded_at: iso(checkout.refundedAt),
        refundable: await this.refunds.isRefundable(checkout, now),
      })),
    );
    return {
      payments,
      alerts: [
        ...alerts.map((a) => ({
          id: a.id,
          type: a.type,
          outcome: a.outcome ?? 'error',
          payment_id: a.paymentId,
          detail: a.detail,
          received_at: a.receivedAt.toISOString(),
        })),
        // Money events of our own: automatic refunds, and refunds the provider refused.
        ...moneyAlerts.map((a) => ({
          id: a.id,
          type: 'billing',
          outcome: a.kind,
          payment_id: a.paymentId,
          detail: a.detail,
          received_at: a.createdAt.toISOString(),
        })),
      ].sort((a, b) => b.received_at.localeCompare(a.received_at)),
    };
  }

  async adminRevenue(): Promise<TAdminRevenue> {
    const d = this.deps;
    const now = d.clock.now();
    const [running, trials] = await Promise.all([
      d.repo.runningDirectSubscriptions(now),
      d.repo.countTrialsEnding(now, new Date(now.getTime() + 7 * DAY_MS)),
    ]);
    let mrr = 0;
    for (const row of running) {
      const current = row.endDate && row.endDate > now;
      const tier = tierOfId(current ? row.tierId : row.nextTierId);
      const period = periodOf(current ? row.billingPeriod : row.nextBillingPeriod);
      const price = planPriceHalalas(tier, period);
      mrr += (price - vatOfInclusive(price)) / (period === 'annual' ? 12 : 1);
    }
    return {
      paying_merchants: running.length,
      mrr_halalas: Math.round(mrr),
      trials_ending_this_week: trials,
    };
  }
}
