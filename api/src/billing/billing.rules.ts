import { createHash } from 'node:crypto';
import {
  addMonths,
  DAY_MS,
  MIN_CHARGE_HALALAS,
  PERIOD_MONTHS,
  planPriceHalalas,
  sarAmount,
  TIER_RANK,
  type TBillingPeriod,
  type TPlanChangeKind,
  type TPlanId,
} from '@app/shared';

/** Pure billing rules: what a payment buys, what it costs, and the invoice's QR. No I/O here. */

/** The merchant's paid plan as it stands (a plan paid here, still running). */
export interface PaidPlan {
  tier: TPlanId;
  period: TBillingPeriod;
  startsAt: Date;
  endsAt: Date;
  /** What the running period is worth: the base of an upgrade's credit. */
  paidHalalas: number;
  /** A downgrade paid ahead, running from endsAt to its own end. */
  next: { tier: TPlanId; period: TBillingPeriod; endsAt: Date } | null;
}

export interface PlanChange {
  kind: TPlanChangeKind;
  listHalalas: number;
  creditHalalas: number;
  amountHalalas: number;
  startsAt: Date;
  endsAt: Date;
  /** Set when this cannot be bought now; the checkout answers 409 with it. */
  unavailable: 'change_scheduled' | 'upgrade_needs_longer_period' | null;
}

/**
 * The unused part of a paid period, by whole days left: the period's worth × days left ÷ days in it.
 * A period already over (or about to end today) leaves nothing.
 */
export function unusedCredit(plan: Pick<PaidPlan, 'startsAt' | 'endsAt' | 'paidHalalas'>, now: Date): number {
  const totalDays = Math.round((plan.endsAt.getTime() - plan.startsAt.getTime()) / DAY_MS);
  const daysLeft = Math.floor((plan.endsAt.getTime() - now.getTime()) / DAY_MS);
  if (totalDays <= 0 || daysLeft <= 0) return 0;
  return Math.round((plan.paidHalalas * Math.min(daysLeft, totalDays)) / totalDays);
}

/**
 * What paying for `tier`/`period` now does (the rules shown to merchants):
 * - no running paid plan (trial, grace, expired): the plan starts now, or when the trial ends when asked
 *   (the trial's days are kept);
 * - the same plan as the last one paid: it is extended from its end;
 * - Basic → Pro: Pro starts now, and costs its price less the unused part of Basic;
 * - Pro → Basic: Basic starts when Pro ends.
 * A payment is priced again by the same rules when it arrives: what cannot be bought then is refunded
 * (billing.service), never applied some other way.
 */
export function planChange(
  paid: PaidPlan | null,
  wanted: { tier: TPlanId; period: TBillingPeriod },
  now: Date,
  /** A running trial's end, when a new plan is to start then (trial days are kept). */
  trialEndsAt: Date | null = null,
): PlanChange {
  const listHalalas = planPriceHalalas(wanted.tier, wanted.period);
  const months = PERIOD_MONTHS[wanted.period];
  const fresh = (kind: TPlanChangeKind = 'new', start = now): PlanChange => ({
    kind,
    listHalalas,
    creditHalalas: 0,
    amountHalalas: listHalalas,
    startsAt: start,
    endsAt: addMonths(start, months),
    unavailable: null,
  });
  const afterTrial = trialEndsAt && trialEndsAt > now ? trialEndsAt : now;
  if (!paid) return fresh('new', afterTrial);
  const lastTier = paid.next?.tier ?? paid.tier;
  const lastEnd = paid.next?.endsAt ?? paid.endsAt;
  if (lastEnd <= now) return fresh('new', afterTrial);
  if (wanted.tier === lastTier) {
    return { ...fresh('extension'), startsAt: lastEnd, endsAt: addMonths(lastEnd, months) };
  }
  if (paid.next) {
    return { ...fresh(), unavailable: 'change_scheduled' };
  }
  if (TIER_RANK[wanted.tier] > TIER_RANK[paid.tier]) {
    const creditHalalas = unusedCredit(paid, now);
    const amountHalalas = listHalalas - creditHalalas;
    if (amountHalalas < MIN_CHARGE_HALALAS) {
      return {
        ...fresh('upgrade'),
        creditHalalas,
        amountHalalas,
        unavailable: 'upgrade_needs_longer_period',
      };
    }
    return { ...fresh('upgrade'), creditHalalas, amountHalalas };
  }
  return { ...fresh('downgrade'), startsAt: paid.endsAt, endsAt: addMonths(paid.endsAt, months) };
}

// ---------- ZATCA phase 1 QR ----------

export interface ZatcaQrFields {
  sellerName: string;
  vatNumber: string;
  issuedAt: Date;
  totalHalalas: number;
  vatHalalas: number;
}

/** ISO 8601 without milliseconds, as ZATCA's examples write it: 2026-11-23T15:30:00Z. */
export const zatcaTimestamp = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One tag byte, one length byte (UTF-8 bytes), then the bytes, for each field in tag order. */
export function encodeTlv(fields: readonly (readonly [tag: number, value: string])[]): Buffer {
  return Buffer.concat(
    fields.map(([tag, value]) => {
      const bytes = Buffer.from(value, 'utf8');
      if (bytes.length > 255) throw new Error(`TLV field ${tag} is longer than 255 bytes`);
      return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
    }),
  );
}

/** The phase-1 QR content: Base64 of the TLV of seller, VAT number, time, total and VAT. */
export function zatcaQr(f: ZatcaQrFields): string {
  return encodeTlv([
    [1, f.sellerName],
    [2, f.vatNumber],
    [3, zatcaTimestamp(f.issuedAt)],
    [4, sarAmount(f.totalHalalas)],
    [5, sarAmount(f.vatHalalas)],
  ]).toString('base64');
}

/** Hash chain of a seller's invoices (ready for phase 2): the first one follows this value. */
export const FIRST_PREVIOUS_HASH = createHash('sha256').update('0').digest('base64');

/** SHA-256 (Base64) over the invoice's fixed fields and the previous invoice's hash. */
export function invoiceHash(input: {
  uuid: string;
  number: number;
  sellerVatNumber: string;
  issuedAt: Date;
  totalHalalas: number;
  vatHalalas: number;
  previousHash: string;
}): string {
  return createHash('sha256')
    .update(
      [
        input.uuid,
        input.number,
        input.sellerVatNumber,
        zatcaTimestamp(input.issuedAt),
        sarAmount(input.totalHalalas),
        sarAmount(input.vatHalalas),
        input.previousHash,
      ].join('|'),
    )
    .digest('base64');
}

// ---------- refunds ----------

/** The paid time of a subscription row a refund takes back from. */
export interface PlanTime {
  endDate: Date | null;
  nextEndDate: Date | null;
  paidHalalas: number;
  nextPaidHalalas: number;
}

/**
 * How long of a purchase's period a refund takes back: the same share of the period as the refund is of
 * what paid for it (rounded up to the millisecond, so a refund never leaves more time than was paid for).
 */
export function refundedTimeMs(input: {
  periodMs: number;
  refundHalalas: number;
  paidHalalas: number;
}): number {
  if (input.paidHalalas <= 0 || input.refundHalalas >= input.paidHalalas) return Math.max(0, input.periodMs);
  return Math.ceil((Math.max(0, input.periodMs) * input.refundHalalas) / input.paidHalalas);
}

/**
 * Takes `removeMs` of paid time off the end of a subscription (the downgrade paid ahead first, then the
 * running period), never before `now`, and `refundHalalas` off what the time is worth (so a later
 * upgrade's credit counts only what was kept). Time already used is not taken back: the plan ends now.
 */
export function takeBackPlanTime(
  row: PlanTime,
  removeMs: number,
  refundHalalas: number,
  now: Date,
): PlanTime & { dropNext: boolean } {
  let remove = removeMs;
  let money = refundHalalas;
  let { endDate, nextEndDate, paidHalalas, nextPaidHalalas } = row;
  let dropNext = false;
  if (nextEndDate && endDate) {
    const from = Math.max(endDate.getTime(), now.getTime());
    const span = Math.max(0, nextEndDate.getTime() - from);
    const taken = Math.min(money, nextPaidHalalas);
    if (remove < span) {
      nextEndDate = new Date(nextEndDate.getTime() - remove);
      nextPaidHalalas -= taken;
      money -= taken;
      remove = 0;
    } else {
      remove -= span;
      money -= taken;
      dropNext = true;
      nextEndDate = null;
      nextPaidHalalas = 0;
    }
  }
  if (remove > 0 && endDate && endDate > now) {
    endDate = new Date(Math.max(now.getTime(), endDate.getTime() - remove));
  }
  paidHalalas = Math.max(0, paidHalalas - money);
  return { endDate, nextEndDate, paidHalalas, nextPaidHalalas, dropNext };
}
