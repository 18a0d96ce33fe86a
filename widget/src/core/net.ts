/** product §9: 2 extra attempts, 500 ms apart; §8: HTTP 4xx is never retried (the answer will not change). */
export const RETRY_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 500;

export type FetchResult = { ok: true; body: unknown } | { ok: false; status: number };

/** Whether a failed attempt is worth repeating: network errors (status 0) and 5xx are; 4xx are not. */
export const isRetryable = (status: number) => status < 400 || status >= 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GETs JSON with the retry policy. `first` is a request already in flight (the loader starts the init
 * request before the core arrives); it counts as the first attempt. Never rejects.
 */
export async function fetchJson(
  url: string,
  first?: Promise<Response>,
  fetcher: typeof fetch = fetch,
): Promise<FetchResult> {
  let status = 0;
  for (let attempt = 0; attempt < RETRY_ATTEMPTS; attempt++) {
    if (attempt > 0) await wait(RETRY_DELAY_MS);
    try {
      const res = await (attempt === 0 && first ? first : fetcher(url));
      status = res.status;
      if (res.ok) return { ok: true, body: await res.json() };
    } catch {
      // A network failure or a body that is not JSON: retried like a 5xx.
      status = 0;
    }
    if (!isRetryable(status)) break;
  }
  return { ok: false, status };
}
