import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchJson, isRetryable, RETRY_DELAY_MS } from './net.js';

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('retry policy (product §8, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries network errors and 5xx, never 4xx', () => {
    expect(isRetryable(0)).toBe(true);
    expect(isRetryable(500)).toBe(true);
    expect(isRetryable(503)).toBe(true);
    expect(isRetryable(400)).toBe(false);
    expect(isRetryable(404)).toBe(false);
    expect(isRetryable(429)).toBe(false);
  });

  it('makes 2 extra attempts 500 ms apart, then gives up', async () => {
    const fetcher = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = fetchJson('https://api/x', undefined, fetcher);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetcher).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(fetcher).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(5 * RETRY_DELAY_MS);
    expect(fetcher).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toEqual({ ok: false, status: 0 });
  });

  it('does not retry a 404', async () => {
    const fetcher = vi.fn(() =>
      Promise.resolve(json(404, { error: { code: 'widget_not_found', message: 'x' } })),
    );
    const result = fetchJson('https://api/x', undefined, fetcher);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ ok: false, status: 404 });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('uses the request already in flight as the first attempt, then recovers after a 503', async () => {
    const fetcher = vi.fn(() => Promise.resolve(json(200, { status: 'success' })));
    const result = fetchJson('https://api/x', Promise.resolve({ ok: false, status: 503 }), fetcher);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ ok: true, body: { status: 'success' } });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
