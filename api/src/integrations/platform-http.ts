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

/** Calls an outside JSON API with a timeout and parses the answer with a schema; never throws. */
export async function callJson<S extends z.ZodType>(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
  schema: S,
  timeoutMs: number,
): Promise<Result<z.infer<S>, string>> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    return err(`${new URL(url).host} did not answer (${e instanceof Error ? e.name : 'error'})`);
  }
  if (!res.ok) return err(`${new URL(url).host} answered HTTP ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return err(`${new URL(url).host} answered something that is not JSON`);
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? ok(parsed.data) : err(`${new URL(url).host} answered an unexpected shape`);
}
