import { describe, expect, it } from 'vitest';
import { addMonths, planPriceHalalas, sarAmount, vatOfInclusive } from '@app/shared';
import {
  encodeTlv,
  planChange,
  refundedTimeMs,
  takeBackPlanTime,
  unusedCredit,
  zatcaQr,
  type PaidPlan,
} from './billing.rules.js';

/** Reads a ZATCA QR back, byte by byte, independently of the encoder: tag, length, UTF-8 value. */
function decodeTlv(base64: string): Map<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const fields = new Map<number, string>();
  let i = 0;
  while (i < bytes.length) {
    const tag = bytes[i] as number;
    const length = bytes[i + 1] as number;
    fields.set(tag, bytes.subarray(i + 2, i + 2 + length).toString('utf8'));
    i += 2 + length;
  }
  expect(i).toBe(bytes.length);
  return fields;
}

const day = 86_400_000;
const at = (iso: string) => new Date(iso);

describe('prices and VAT', () => {
  it('lists the pricing page prices in halalas: 59/119 monthly, 595/1,200 annual', () => {
    expect(planPriceHalalas('basic', 'monthly')).toBe(5_900);
    expect(planPriceHalalas('pro', 'monthly')).toBe(11_900);
    expect(planPriceHalalas('basic', 'annual')).toBe(59_500);
    expect(planPriceHalalas('pro', 'annual')).toBe(120_000);
  });

  it('takes the VAT out of VAT-inclusive totals, rounded to the halala', () => {
    expect(vatOfInclusive(11_900)).toBe(1_552); // 15.52 SAR, as docs/outside-services.md (Moyasar)
    expect(vatOfInclusive(5_900)).toBe(770); // 7.6956…
    expect(vatOfInclusive(120_000)).toBe(15_652); // 156.5217…
    expect(vatOfInclusive(59_500)).toBe(7_761); // 77.6087…
    expect(sarAmount(11_900)).toBe('119.00');
    expect(sarAmount(1_552)).toBe('15.52');
    expect(sarAmount(-705)).toBe('-7.05');
  });

  it('adds calendar months, keeping the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(at('2026-03-15T08:30:00Z'), 12).toISOString()).toBe('2027-03-15T08:30:00.000Z');
  });
});

describe('ZATCA phase-1 QR', () => {
  it('decodes to every field: seller, VAT number, time, total with VAT, VAT', () => {
    const qr = zatcaQr({
      sellerName: 'شركة لمحة للتقنية',
      vatNumber: '310122393500003',
      issuedAt: at('2026-11-23T15:30:00.123Z'),
      totalHalalas: 11_900,
      vatHalalas: 1_552,
    });
    const fields = decodeTlv(qr);
    expect([...fields.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(fields.get(1)).toBe('شركة لمحة للتقنية');
    expect(fields.get(2)).toBe('310122393500003');
    expect(fields.get(3)).toBe('2026-11-23T15:30:00Z');
    expect(fields.get(4)).toBe('119.00');
    expect(fields.get(5)).toBe('15.52');
  });

  it('writes lengths in UTF-8 bytes, not characters', () => {
    const bytes = encodeTlv([[1, 'لمحة']]);
    expect([...bytes.subarray(0, 2)]).toEqual([1, 8]); // four Arabic letters, two bytes each
    expect(() => encodeTlv([[1, 'x'.repeat(256)]])).toThrow(/255 bytes/);
  });
});

describe('what a payment buys', () => {
  const now = at('2026-03-01T00:00:00Z');
  const basicMonthly = (startsAt: Date, endsAt: Date): PaidPlan => ({
    tier: 'basic',
    period: 'monthly',
    startsAt,
    endsAt,
    paidHalalas: 5_900,
    next: null,
  });

  it('starts a new plan now for a merchant on trial, in grace or expired', () => {
    const change = planChange(null, { tier: 'pro', period: 'annual' }, now);
    expect(change).toMatchObject({
      kind: 'new',
      amountHalalas: 120_000,
      creditHalalas: 0,
      unavailable: null,
    });
    expect(change.startsAt).toEqual(now);
    expect(change.endsAt.toISOString()).toBe('2027-03-01T00:00:00.000Z');
    const lapsed = basicMonthly(at('2026-01-01T00:00:00Z'), at('2026-02-01T00:00:00Z'));
    expect(planChange(lapsed, { tier: 'basic', period: 'monthly' }, now).kind).toBe('new');
  });

  it('extends the current plan from its end', () => {
    const paid = basicMonthly(at('2026-02-20T00:00:00Z'), at('2026-03-20T00:00:00Z'));
    const change = planChange(paid, { tier: 'basic', period: 'annual' }, now);
    expect(change).toMatchObject({ kind: 'extension', amountHalalas: 59_500 });
    expect(change.startsAt.toISOString()).toBe('2026-03-20T00:00:00.000Z');
    expect(change.endsAt.toISOString()).toBe('2027-03-20T00:00:00.000Z');
  });

  it('upgrades Basic → Pro now, for the Pro price less the unused Basic days', () => {
    // 30-day Basic period with 20 whole days left: 5,900 × 20 / 30 = 3,933 halalas of credit.
    const paid = basicMonthly(
      new Date(now.getTime() - 10 * day),
      new Date(now.getTime() + 20 * day + 3_600_000),
    );
    expect(unusedCredit(paid, now)).toBe(3_933);
    const change = planChange(paid, { tier: 'pro', period: 'monthly' }, now);
    expect(change).toMatchObject({ kind: 'upgrade', creditHalalas: 3_933, amountHalalas: 11_900 - 3_933 });
    expect(change.startsAt).toEqual(now);
  });

  it('refuses an upgrade whose credit leaves less than 1 SAR, pointing at the annual period', () => {
    const paid: PaidPlan = {
      ...basicMonthly(now, addMonths(now, 12)),
      period: 'annual',
      paidHalalas: 59_500,
    };
    const monthly = planChange(paid, { tier: 'pro', period: 'monthly' }, new Date(now.getTime() + day));
    expect(monthly.unavailable).toBe('upgrade_needs_longer_period');
    const annual = planChange(paid, { tier: 'pro', period: 'annual' }, new Date(now.getTime() + day));
    expect(annual.unavailable).toBeNull();
    expect(annual.amountHalalas).toBe(120_000 - Math.round((59_500 * 364) / 365));
  });

  it('schedules a downgrade at the end of the current period', () => {
    const proEnd = at('2026-03-25T00:00:00Z');
    const paid: PaidPlan = {
      ...basicMonthly(at('2026-02-25T00:00:00Z'), proEnd),
      tier: 'pro',
      paidHalalas: 11_900,
    };
    const change = planChange(paid, { tier: 'basic', period: 'monthly' }, now);
    expect(change).toMatchObject({ kind: 'downgrade', amountHalalas: 5_900, creditHalalas: 0 });
    expect(change.startsAt).toEqual(proEnd);
    // Once it is paid, paying for it again extends it; paying for Pro again waits until it has started.
    const scheduled: PaidPlan = {
      ...paid,
      next: { tier: 'basic', period: 'monthly', endsAt: change.endsAt },
    };
    expect(planChange(scheduled, { tier: 'basic', period: 'monthly' }, now)).toMatchObject({
      kind: 'extension',
      startsAt: change.endsAt,
    });
    expect(planChange(scheduled, { tier: 'pro', period: 'monthly' }, now).unavailable).toBe(
      'change_scheduled',
    );
  });
});

describe('a refund made at the provider takes back plan time', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const at = (days: number) => new Date(now.getTime() + days * day);

  it('takes the refund’s share of the period, rounded up, and all of it for a full refund', () => {
    expect(refundedTimeMs({ periodMs: 30 * day, refundHalalas: 1_000, paidHalalas: 3_000 })).toBe(10 * day);
    expect(refundedTimeMs({ periodMs: 10, refundHalalas: 1, paidHalalas: 3 })).toBe(4);
    expect(refundedTimeMs({ periodMs: 30 * day, refundHalalas: 5_000, paidHalalas: 3_000 })).toBe(30 * day);
  });

  it('shortens the running period from its end, never before now, and lowers what it is worth', () => {
    const row = { endDate: at(30), nextEndDate: null, paidHalalas: 3_000, nextPaidHalalas: 0 };
    expect(takeBackPlanTime(row, 10 * day, 1_000, now)).toMatchObject({
      endDate: at(20),
      paidHalalas: 2_000,
      dropNext: false,
    });
    expect(takeBackPlanTime(row, 40 * day, 3_000, now)).toMatchObject({ endDate: now, paidHalalas: 0 });
  });

  it('takes from a downgrade paid ahead first, dropping it when its time is all taken', () => {
    const row = { endDate: at(10), nextEndDate: at(40), paidHalalas: 5_000, nextPaidHalalas: 3_000 };
    expect(takeBackPlanTime(row, 10 * day, 1_000, now)).toMatchObject({
      endDate: at(10),
      nextEndDate: at(30),
      nextPaidHalalas: 2_000,
      paidHalalas: 5_000,
    });
    expect(takeBackPlanTime(row, 35 * day, 4_000, now)).toMatchObject({
      endDate: at(5),
      nextEndDate: null,
      nextPaidHalalas: 0,
      paidHalalas: 4_000,
      dropNext: true,
    });
  });
});
