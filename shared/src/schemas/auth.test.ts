import { describe, expect, it } from 'vitest';
import {
  ZAuthUser,
  ZEmail,
  ZLogoutRequest,
  ZMagicLinkRequest,
  ZSession,
  ZSetPasswordForm,
  ZTokenRequest,
} from './auth.js';

const user = {
  id: '5d0f6a3e-8a0b-4a52-9f55-2f4b8b0d2c11',
  email: 'owner@store.sa',
  is_admin: false,
  language: 'ar',
  needs_password_setup: true,
  store_platform: 'other',
  user_metadata: {},
  created_at: '2025-01-02T03:04:05.000Z',
};

describe('auth schemas', () => {
  it('trims and lower-cases e-mail addresses and rejects non-addresses', () => {
    expect(ZEmail.parse('  Owner@Store.SA ')).toBe('owner@store.sa');
    expect(ZEmail.safeParse('not-an-email').success).toBe(false);
    expect(ZMagicLinkRequest.safeParse({ email: 'a@b.co', language: 'fr' }).success).toBe(false);
  });

  it('gives the product messages for short and mismatched passwords', () => {
    const short = ZSetPasswordForm.safeParse({ password: 'short', confirm: 'short' });
    expect(short.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'Password must be at least 8 characters long.'],
    ]);
    const mismatch = ZSetPasswordForm.safeParse({ password: 'long-enough', confirm: 'long-enougH' });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirm', 'Passwords do not match.'],
    ]);
    expect(ZSetPasswordForm.safeParse({ password: 'long-enough', confirm: 'long-enough' }).success).toBe(
      true,
    );
  });

  it('tells token grants apart by grant_type', () => {
    expect(ZTokenRequest.safeParse({ grant_type: 'magic_link', code: '', transport: 'cookie' }).success).toBe(
      false,
    );
    expect(ZTokenRequest.parse({ grant_type: 'refresh_token', transport: 'cookie' })).toEqual({
      grant_type: 'refresh_token',
      transport: 'cookie',
    });
    expect(ZTokenRequest.safeParse({ grant_type: 'password' }).success).toBe(false);
  });

  it('defaults the logout scope to local', () => {
    expect(ZLogoutRequest.parse({})).toEqual({ scope: 'local' });
  });

  it('accepts a cookie-transport session without a refresh token', () => {
    const session = {
      access_token: 'jwt',
      expires_at: 1_900_000_000,
      expires_in: 900,
      token_type: 'bearer',
      user,
    };
    expect(ZSession.parse(session).refresh_token).toBeUndefined();
    expect(ZAuthUser.safeParse({ ...user, id: 'not-a-uuid' }).success).toBe(false);
  });
});

describe('e-mail addresses', () => {
  it('are capped at 254 characters, however long the input', () => {
    const local = 'a'.repeat(64);
    const atLimit = `${local}@${'b'.repeat(254 - 64 - 1 - 3)}.sa`;
    expect(atLimit.length).toBe(254);
    expect(ZEmail.safeParse(atLimit).success).toBe(true);
    expect(ZEmail.safeParse(`a${atLimit}`).success).toBe(false);
    expect(ZEmail.safeParse(`${'x'.repeat(200_000)}@shop.sa`).success).toBe(false);
    expect(ZMagicLinkRequest.safeParse({ email: `${'x'.repeat(200_000)}@shop.sa` }).success).toBe(false);
  });
});
