import { describe, expect, it } from 'vitest';
import { parseJsonKeepingBigIntegers, quoteUnsafeIntegers } from './json-big-integers.js';

describe('parseJsonKeepingBigIntegers', () => {
  it('keeps every digit of ids beyond 2^53, as strings', () => {
    const text = '{"access_token":"IGQVJ...","user_id":17841405793187219,"ids":[-17841405793187219,1]}';
    // JSON.parse names someone else.
    expect(String((JSON.parse(text) as { user_id: number }).user_id)).toBe('17841405793187220');
    expect(parseJsonKeepingBigIntegers(text)).toEqual({
      access_token: 'IGQVJ...',
      user_id: '17841405793187219',
      ids: ['-17841405793187219', 1],
    });
  });

  it('reads everything else exactly as JSON.parse does', () => {
    const text =
      '{"a":9007199254740991,"b":1.5e300,"c":12345678901234567.5,"d":"17841405793187219","e":"q\\"17841405793187219","f":[true,null,-0.25]}';
    expect(parseJsonKeepingBigIntegers(text)).toEqual(JSON.parse(text));
    expect(quoteUnsafeIntegers(text)).toBe(text);
  });

  it('refuses what is not JSON', () => {
    expect(() => parseJsonKeepingBigIntegers('{"user_id":17841405793187219')).toThrow(SyntaxError);
  });
});
