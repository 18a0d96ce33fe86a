import type { z } from 'zod';
import { err, ok, type Result } from '../lib/result.js';

/** The shared pieces of the store platforms' clients. */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface PlatformTokens {
  accessToken: string;
  refreshToken: string;
  /** Absolute expiry. */
  expiresAt: Date;
}

/** The longest `Retry-After` waited for in place; a longer one fails the call, to be retried later. */
export const RETRY_AFTER_WAIT_MAX_MS = 5_000;

/**
 * What a 429's `Retry-After` asks for, in milliseconds (seconds or an HTTP date, as RFC 9110 allows);
 * undefined when absent or unreadable.
 */
export function retryAfterMs(res: Response, now: Date = new Date()): number | undefined {
  const value = res.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A fetch that honours rate limiting: on 429 with a short `Retry-After` it waits that long and asks once
 * more; with a long one it answers the 429 (its message names the wait) for the caller's own retry.
 */
export async function fetchHonouringRetryAfter(
  fetchImpl: FetchLike,
  url: string,
  init: () => RequestInit,
  sleep: (ms: number) => Promise<void> = defaultSleep,
): Promise<Response> {
  const res = await fetchImpl(url, init());
  if (res.status !== 429) return res;
  const wait = retryAfterMs(res);
  if (wait === undefined || wait > RETRY_AFTER_WAIT_MAX_MS) return res;
  await res.body?.cancel();
  await sleep(wait);
  return fetchImpl(url, init());
}

/** "answered HTTP 429 (retry after 60 s)" and the like. */
export function httpFailure(url: string, res: Response): string {
  const wait = res.status === 429 ? retryAfterMs(res) : undefined;
  return `${new URL(url).host} answered HTTP ${res.status}${
    wait === undefined ? '' : ` (retry after ${Math.ceil(wait / 1000)} s)`
  }`;
}

/** Calls an outside JSON API with a timeout and parses the answer with a schema; never throws. */
export async function callJson<S extends z.ZodType>(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
  schema: S,
  timeoutMs: number,
  sleep?: (ms: number) => Promise<void>,
): Promise<Result<z.infer<S>, string>> {
  let res: Response;
  try {
    res = await fetchHonouringRetryAfter(
      fetchImpl,
      url,
      () => ({ ...init, signal: AbortSignal.timeout(timeoutMs) }),
      sleep,
    );
  } catch (e) {
    return err(`${new URL(url).host} did not answer (${e instanceof Error ? e.name : 'error'})`);
  }
  if (!res.ok) return err(httpFailure(url, res));
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return err(`${new URL(url).host} answered something that is not JSON`);
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? ok(parsed.data) : err(`${new URL(url).host} answered an unexpected shape`);
}
