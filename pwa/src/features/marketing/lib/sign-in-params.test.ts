import { describe, expect, it } from 'vitest';
import { hasSignInParams, signInCallbackPath } from './sign-in-params';

describe('sign-in parameters on the home page', () => {
  it.each([
    ['?code=abc123', ''],
    ['', '#access_token=a.b.c&refresh_token=r1&expires_in=3600&token_type=bearer'],
    ['', '#type=magiclink'],
    ['?type=magiclink&token=x', ''],
    ['', '#error=access_denied&error_description=Email+link+is+invalid+or+has+expired'],
  ])('forwards %s%s to /auth/callback unchanged', (search, hash) => {
    expect(hasSignInParams(search, hash)).toBe(true);
    expect(signInCallbackPath(search, hash)).toBe(`/auth/callback${search}${hash}`);
  });

  it.each([
    ['', ''],
    ['', '#pricing'],
    ['?lang=en', '#features'],
    ['', '#access_token=only-half'],
    ['?error=something', ''],
  ])('leaves %s%s on the landing page', (search, hash) => {
    expect(hasSignInParams(search, hash)).toBe(false);
    expect(signInCallbackPath(search, hash)).toBeNull();
  });
});
