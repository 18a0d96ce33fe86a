import type { InstagramLoginPort, LoginFailure } from './instagram-login.client.js';
import { ok, type Result } from '../lib/result.js';
import type { SourceContent, SourceFailure } from './instagram.source.js';
import { rateLimited, unavailable } from './source-failures.js';

/** Instagram Login failures in the content source's terms. */
export function sourceFailureOf(failure: LoginFailure): SourceFailure {
  if (failure.kind === 'rate_limited')
    return rateLimited(failure.retryAfterMs ?? 15 * 60_000, failure.detail);
  return { kind: 'unavailable', message: failure.message, detail: failure.detail };
}

/**
 * A connected account's content through graph.instagram.com with the merchant's own token: `/me`, then
 * `/me/media` (with children, paged). Highlights are the merchant's own, built from the story archive.
 */
export async function fetchWithToken(
  login: InstagramLoginPort,
  token: string,
  limit: number,
): Promise<Result<SourceContent, LoginFailure>> {
  const me = await login.me(token);
  if (!me.ok) return me;
  const posts = limit > 0 ? await login.media(token, limit, me.value.username) : ok([]);
  if (!posts.ok) return posts;
  return ok({ profile: me.value, posts: posts.value, highlights: [] });
}

export const reconnectNeeded = (): SourceFailure =>
  unavailable(
    'The Instagram connection needs to be renewed: reconnect it from the dashboard.',
    'needs_reconnect',
  );
