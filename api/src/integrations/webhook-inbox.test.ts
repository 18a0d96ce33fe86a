import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '../db/schema.js';
import type { DatabaseHandle } from '../db/database.js';
import { ManualClock } from '../lib/clock.js';
import { databaseBackends, silentLogger } from '../testing/backends.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { MAX_DELIVERY_ATTEMPTS, WebhookInbox, type WebhookHandler } from './webhook-inbox.service.js';

/** A platform whose processing fails while `failing` is set. */
class TestHandler implements WebhookHandler {
  readonly platform = 'salla' as const;
  // A real table code (the contract is typed), and not Salla's own: proves the handler's code is the one sent.
  readonly rejectionCode = 'invalid_secret';
  failing = true;
  readonly handled: unknown[] = [];

  verify(request: { header(name: string): string | undefined }) {
    return request.header('x-token') === 'right';
  }
  read(body: unknown) {
    const b = body as { event?: unknown; store?: unknown };
    if (typeof b?.event !== 'string' || typeof b.store !== 'string') return undefined;
    return { event: b.event, storeId: b.store, payload: body };
  }
  handle(payload: unknown) {
    if (this.failing) return Promise.reject(new Error('the platform is down'));
    this.handled.push(payload);
    return Promise.resolve();
  }
}

describe.each(databaseBackends)('webhook inbox on $name', (backend) => {
  let database: DatabaseHandle;
  let inbox: WebhookInbox;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
  const handler = new TestHandler();
  const request = (token: string) => ({
    raw: Buffer.from('{}'),
    header: (name: string) => (name === 'x-token' ? token : undefined),
    param: () => undefined,
  });
  const rowOf = async (id: string) =>
    (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
  /** Records a delivery as arriving now on the test clock (the column defaults to the database's now). */
  const receive = async (body: unknown) => {
    const received = await inbox.receive('salla', Buffer.from(JSON.stringify(body)));
    if (!received.ok) throw received.error;
    await database.db
      .update(webhookDeliveries)
      .set({ receivedAt: clock.now() })
      .where(eq(webhookDeliveries.id, received.value.id));
    return received.value;
  };

  beforeAll(async () => {
    database = await backend.open();
    inbox = new WebhookInbox({
      deliveries: new WebhookDeliveriesRepository(database.db),
      handlers: [handler],
      clock,
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it("verifies with the platform's rule and names its rejection code", () => {
    expect(inbox.verify('salla', request('right')).ok).toBe(true);
    expect(inbox.verify('salla', request('wrong'))).toEqual({
      ok: false,
      error: { code: 'invalid_secret' },
    });
  });

  it('refuses bodies that are not JSON or not a known event, recording nothing', async () => {
    const notJson = await inbox.receive('salla', Buffer.from('{"event": '));
    expect(!notJson.ok && notJson.error.code).toBe('invalid_json');
    const unknown = await inbox.receive('salla', Buffer.from('{"hello":"world"}'));
    expect(!unknown.ok && unknown.error.code).toBe('invalid_payload');
    expect(await database.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it('records a delivery once and retries its processing by cron until it gives up', async () => {
    const body = { event: 'app.updated', store: 's1' };
    const first = await receive(body);
    expect(first.duplicate).toBe(false);
    expect(await receive(body)).toEqual({ id: first.id, duplicate: true });

    await inbox.process(first.id);
    expect(await rowOf(first.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'the platform is down',
    });
    // Not yet a minute old: processing may still be under way, cron leaves it.
    clock.advance(30_000);
    expect(await inbox.processPending()).toBe(0);
    for (let attempt = 2; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      clock.advance(61_000);
      expect(await inbox.processPending()).toBe(1);
      expect((await rowOf(first.id)).attempts).toBe(attempt);
    }
    expect((await rowOf(first.id)).status).toBe('failed');
    clock.advance(61_000);
    expect(await inbox.processPending()).toBe(0);
  });

  it('processes a delivery once its platform answers again', async () => {
    const second = await receive({ event: 'app.updated', store: 's2' });
    await inbox.process(second.id);
    handler.failing = false;
    clock.advance(61_000);
    expect(await inbox.processPending()).toBe(1);
    expect(await rowOf(second.id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(handler.handled).toEqual([{ event: 'app.updated', store: 's2' }]);
    await inbox.process(second.id);
    expect(handler.handled).toHaveLength(1);
  });
});
