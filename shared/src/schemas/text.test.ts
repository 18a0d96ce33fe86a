import { describe, expect, it } from 'vitest';
import { ZOAuthCode, ZOAuthState } from './text.js';

describe('OAuth callback parameters (issue 13 item 8)', () => {
  it('takes the codes providers issue and refuses anything else', () => {
    for (const code of ['good-code', 'AQBx9_k.Z~+/=', 'a'.repeat(2000)])
      expect(ZOAuthCode.safeParse(code).success).toBe(true);
    for (const code of ['', 'has space', 'nul\u0000', 'رمز', 'a'.repeat(2001), 'line\nbreak'])
      expect(ZOAuthCode.safeParse(code).success).toBe(false);
  });

  it('takes only a compact JWS as state', () => {
    expect(ZOAuthState.safeParse('eyJhbGciOiJIUzI1NiJ9.eyJwIjoxfQ.c2ln-_x').success).toBe(true);
    for (const state of [
      'forged',
      'a.b',
      'a.b.c.d',
      'a.b.c<script>',
      'a.b.c\u0000',
      `a.b.${'c'.repeat(4000)}`,
    ])
      expect(ZOAuthState.safeParse(state).success).toBe(false);
  });
});
