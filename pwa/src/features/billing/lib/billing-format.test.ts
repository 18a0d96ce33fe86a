import { describe, expect, it } from 'vitest';
import { declineReason } from './billing-format';

describe('declineReason', () => {
  // Moyasar's documented messages: "Payment Errors", the card and Apple Pay test outcomes, "3DS Errors", STC Pay.
  it.each([
    ['INSUFFICIENT FUNDS', 'insufficient_funds'],
    ['INSUFFICIENT_FUNDS', 'insufficient_funds'],
    ['Insufficient Funds', 'insufficient_funds'],
    ['DECLINED: EXPIRED CARD', 'expired_card'],
    ['DECLINED: EXCEEDS WITHDRAWAL LIMIT', 'limit'],
    ['Daily Limit Exceeded', 'limit'],
    ['Allowed time frame for transaction has been expired', 'timeout'],
    ['"3DS": request timed out.', 'timeout'],
    ['3-D Secure transaction attempt failed (Not Enrolled)', 'verification'],
    ['"3DS": Authentication error occurred.', 'verification'],
    ['BLOCKED', 'blocked'],
    ['DECLINED', 'declined'],
    ['DECLINED: LOST CARD', 'declined'],
    ['DECLINED: STOLEN CARD', 'declined'],
    ['UNSPECIFIED FAILURE', 'declined'],
    ['UNSPECIFIED_FAILUER', 'declined'],
  ])('%s → %s', (message, reason) => {
    expect(declineReason(message)).toBe(reason);
  });

  it('leaves unknown or missing text to the generic sentence', () => {
    expect(declineReason('something new')).toBeUndefined();
    expect(declineReason(null)).toBeUndefined();
    expect(declineReason('')).toBeUndefined();
  });
});
