import { AuthRepository } from '../auth/auth.repository.js';
import { randomToken, sha256 } from '../auth/crypto.js';
import type { Runtime } from '../runtime.js';

/**
 * Signs a merchant in against a running app the way a magic link does (the code stored as the API would
 * store it), and returns a caller that sends JSON with their bearer token.
 */
export async function signInForTest(runtime: Runtime, baseUrl: string, email: string) {
  const code = randomToken();
  await new AuthRepository(runtime.database.db).saveMagicLinkCode({
    codeHash: sha256(code),
    email,
    expiresAt: new Date(runtime.clock.now().getTime() + 60_000),
  });
  const res = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'magic_link', code }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const { access_token, user } = (await res.json()) as { access_token: string; user: { id: string } };
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { call, userId: user.id, accessToken: access_token };
}
