/** product §9: 2 extra attempts, 500 ms apart; §8: HTTP 4xx is never retried (the answer will not change). */
export const RETRY_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 500;

export type FetchResult = { ok: true; body: unknown } | { ok: false; status: number };

/** Whether a failed attempt is worth repeating: network errors (status 0) and 5xx are; 4xx are not. */
export const isRetryable = (status: number) => status < 400 || status >= 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One GET of JSON: the body when the answer is 2xx, else its status (0 for a network failure or a body that is
 * not JSON). Never rejects. The loader makes the widget's first one itself, so the body is read and parsed
 * while the core is still on its way.
 */
export const getJson = (url: string, fetcher: typeof fetch = fetch): Promise<FetchResult> =>
  fetcher(url).then(
    (res): FetchResult | Promise<FetchResult> =>
      res.ok
        ? res.json().then(
            (body: unknown): FetchResult => ({ ok: true, body }),
            (): FetchResult => ({ ok: false, status: 0 }),
          )
        : { ok: false, status: res.status },
    (): FetchResult => ({ ok: false, status: 0 }),
  );

/**
 * GETs JSON with the retry policy. `first` is an attempt already made (the loader's, started before the core
 * arrived); it counts as the first attempt. Never rejects.
 */
export async function fetchJson(
  url: string,
  first?: Promise<FetchResult>,
  fetcher: typeof fetch = fetch,
): Promise<FetchResult> {
  let result: FetchResult = { ok: false, status: 0 };
  for (let attempt = 0; attempt < RETRY_ATTEMPTS; attempt++) {
    if (attempt > 0) await wait(RETRY_DELAY_MS);
    result = await (attempt === 0 && first ? first : getJson(url, fetcher));
    if (result.ok || !isRetryable(result.status)) break;
  }
  return result;
}
