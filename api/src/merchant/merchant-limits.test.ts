import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '@app/shared';
import { ManualClock } from '../lib/clock.js';
import { ok } from '../lib/result.js';
import type { FetchContentOptions, InstagramSource } from '../instagram/instagram.source.js';
import { startHttpServer, type RunningServer } from '../server.js';
import { createServices, type Services } from '../services.js';
import type { Runtime } from '../runtime.js';
import { storageBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { signInForTest } from '../testing/sign-in.js';

/** Counts every call that would go to Instagram. */
class CountingSource implements InstagramSource {
  readonly name = 'demo' as const;
  readonly capabilities = { highlights: false, stories: false };
  lookups = 0;
  fetches = 0;
  lookupAccount(username: string) {
    this.lookups++;
    return Promise.resolve(ok({ externalId: '1', username }));
  }
  fetchContent(username: string, _options: FetchContentOptions) {
    this.fetches++;
    return Promise.resolve(ok({ profile: { externalId: '1', username }, posts: [], highlights: [] }));
  }
}

/** Issue 13 item 4: each merchant's share of the Instagram calls. */
describe.each(storageBackends)('per-merchant Instagram limits on $name', (backend) => {
  let runtime: Runtime;
  let services: Services;
  let http: RunningServer;
  const source = new CountingSource();
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

  const tooSoon = async (res: Response, code: string) => {
    expect(res.status).toBe(429);
    const { error } = ZApiError.parse(await res.json());
    expect(error.code).toBe(code);
    const retryAfter = (error.details as { retry_after: number }).retry_after;
    expect(res.headers.get('retry-after')).toBe(String(retryAfter));
    return retryAfter;
  };

  beforeAll(async () => {
    runtime = await createTestRuntime({
      database: await backend.database.open(),
      cache: await backend.cache.open(),
      clock,
    });
    services = createServices(runtime, { source, random: () => 0.5 });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
  });

  it('allows 10 username checks and account saves an hour per merchant, then 429 with retry_after', async () => {
    clock.advance(3_600_000 - (clock.now().getTime() % 3_600_000)); // the top of an hour
    let merchant = await signInForTest(runtime, http.url, 'checks@shop.sa');
    for (let i = 0; i < 5; i++) {
      expect((await merchant.call('POST', '/api/instagram/validate', { username: `shop${i}` })).status).toBe(
        200,
      );
      expect(
        (await merchant.call('PUT', '/api/merchant/account', { instagram_username: `shop${i}` })).status,
      ).toBe(200);
    }
    const lookups = source.lookups;
    clock.advance(15 * 60_000);
    // Signed in again whenever the clock jumps past the access token's life.
    merchant = await signInForTest(runtime, http.url, 'checks@shop.sa');
    const refused = await merchant.call('POST', '/api/instagram/validate', { username: 'shop9' });
    expect(await tooSoon(refused, 'instagram_checks_limited')).toBe(45 * 60);
    await tooSoon(
      await merchant.call('PUT', '/api/merchant/account', { instagram_username: 'shop9' }),
      'instagram_checks_limited',
    );
    expect(source.lookups).toBe(lookups);
    // Another merchant is not held up.
    const other = await signInForTest(runtime, http.url, 'other@shop.sa');
    expect((await other.call('POST', '/api/instagram/validate', { username: 'other' })).status).toBe(200);
    clock.advance(45 * 60_000);
    merchant = await signInForTest(runtime, http.url, 'checks@shop.sa');
    expect((await merchant.call('POST', '/api/instagram/validate', { username: 'shop9' })).status).toBe(200);
  });

  it('allows one manual refresh per 5 minutes, answering 429 with retry_after in between', async () => {
    const merchant = await signInForTest(runtime, http.url, 'refresh@shop.sa');
    expect(
      (await merchant.call('PUT', '/api/merchant/account', { instagram_username: 'fresh' })).status,
    ).toBe(200);
    // Asking while the first refresh is still due causes no second fetch and is not counted.
    expect((await merchant.call('POST', '/api/merchant/refresh')).status).toBe(202);
    await services.refresh.refreshDueAccounts();

    const first = await merchant.call('POST', '/api/merchant/refresh');
    expect(first.status, await first.clone().text()).toBe(202);
    await services.refresh.refreshDueAccounts();
    const fetches = source.fetches;
    clock.advance(60_000);
    const retryAfter = await tooSoon(
      await merchant.call('POST', '/api/merchant/refresh'),
      'refresh_too_soon',
    );
    expect(retryAfter).toBe(4 * 60);
    await services.refresh.refreshDueAccounts();
    expect(source.fetches).toBe(fetches);

    clock.advance(retryAfter * 1000);
    expect((await merchant.call('POST', '/api/merchant/refresh')).status).toBe(202);
    await services.refresh.refreshDueAccounts();
    expect(source.fetches).toBe(fetches + 1);
  });
});
