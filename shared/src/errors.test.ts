import { describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  apiErrorMessage,
  isApiErrorCode,
  storedErrorCode,
  type TApiErrorCode,
} from './errors.js';
import { BILLING_ERROR_CODES } from './schemas/billing.js';
import { MAX_MERCHANT_HIGHLIGHTS, ZStoriesErrorCode } from './schemas/stories.js';
import { INVALID_CHARACTERS_CODE } from './schemas/text.js';

const codes = Object.keys(API_ERRORS) as TApiErrorCode[];
const arabicLetters = /[\u0600-\u06FF]/;

describe('the API error table', () => {
  it('gives every code a client or server error status and words in both languages', () => {
    expect(codes.length).toBeGreaterThan(50);
    const problems = codes.flatMap((code) => {
      const { status, ar, en } = API_ERRORS[code];
      return [
        ...(Number.isInteger(status) && status >= 400 && status <= 599 ? [] : [`${code}: status ${status}`]),
        ...(en.trim() === '' ? [`${code}: no English`] : []),
        ...(ar.trim() === '' ? [`${code}: no Arabic`] : []),
        ...(arabicLetters.test(ar) ? [] : [`${code}: the Arabic is not Arabic`]),
        ...(/^[a-z]+(_[a-z]+)*$/.test(code) ? [] : [`${code}: not a snake_case code`]),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('holds the codes other contracts name: billing, stories, NUL text', () => {
    for (const code of [...BILLING_ERROR_CODES, ...ZStoriesErrorCode.options, INVALID_CHARACTERS_CODE])
      expect(isApiErrorCode(code), code).toBe(true);
    expect(isApiErrorCode('toString')).toBe(false);
    expect(isApiErrorCode(undefined)).toBe(false);
  });

  it('keeps the product wording where docs/product.md gives it', () => {
    expect(API_ERRORS.rate_limited.en).toBe('Please wait before requesting another magic link.');
    expect(API_ERRORS.widget_not_found.en).toBe('Widget identifier is invalid or missing.');
    expect(API_ERRORS.not_connected.en).toBe('Please connect your Instagram account');
    expect(API_ERRORS.highlight_not_found.en).toBe('Invalid highlight data.');
    expect(API_ERRORS.highlights_limit.en).toContain(` ${MAX_MERCHANT_HIGHLIGHTS} `);
    expect(API_ERRORS.highlights_limit.ar).toContain(` ${MAX_MERCHANT_HIGHLIGHTS} `);
  });
});

describe('apiErrorMessage', () => {
  it('words an error by its code in Arabic, whatever English sentence came with it', () => {
    expect(apiErrorMessage('ar', { code: 'rate_limited', message: 'Slow down.' })).toBe(
      'يُرجى الانتظار قبل طلب رابط دخول آخر.',
    );
    expect(apiErrorMessage('ar', { code: 'refresh_too_soon' })).toBe(API_ERRORS.refresh_too_soon.ar);
  });

  it("shows the server's own English sentence (it may name a field or a wait), else the table's", () => {
    expect(apiErrorMessage('en', { code: 'invalid_input', message: 'email: Invalid email address' })).toBe(
      'email: Invalid email address',
    );
    expect(apiErrorMessage('en', { code: 'payment_provider_error' })).toBe(
      'The payment service did not answer. Please try again in a minute.',
    );
  });

  it('falls back to the generic message in the reader language for a code that is not ours', () => {
    expect(apiErrorMessage('ar', { code: 'teapot', message: 'I am a teapot' })).toBe(
      API_ERRORS.internal_error.ar,
    );
    expect(apiErrorMessage('en', { code: 'teapot' })).toBe(API_ERRORS.internal_error.en);
  });
});

describe('storedErrorCode', () => {
  it('finds the code of a stored English sentence so the dashboard can word it in Arabic', () => {
    expect(storedErrorCode(API_ERRORS.instagram_not_business.en)).toBe('instagram_not_business');
    expect(storedErrorCode(API_ERRORS.instagram_private.en)).toBe('instagram_private');
    expect(storedErrorCode(API_ERRORS.content_save_failed.en)).toBe('content_save_failed');
    expect(
      storedErrorCode(
        'Instagram is limiting how often we can ask for content. We will try again in about 7 minutes.',
      ),
    ).toBe('instagram_rate_limited');
    expect(storedErrorCode('Instagram did not answer within 10 seconds. We will try again shortly.')).toBe(
      'instagram_unavailable',
    );
    expect(storedErrorCode('socket hang up')).toBe('refresh_failed');
    expect(apiErrorMessage('ar', { code: storedErrorCode('socket hang up') })).toBe(
      API_ERRORS.refresh_failed.ar,
    );
  });
});
