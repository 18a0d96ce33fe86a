import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVENTS_BODY_BYTES, ZApiError, type TWidgetEventsBody } from '@app/shared';
import { silentLogger } from '../testing/backends.js';
import { AppError } from '../http/errors.js';
import { err, ok } from '../lib/result.js';
import type { InsightsService } from './insights.service.js';
import { createWidgetEventsHandler } from './widget-events.handler.js';

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0';

/**
 * The beacon handler's own wiring, with an insights service that answers as told: at once (a widget this
 * process knows) or later (one it must read first), or fails the way an outage or a bug does.
 */
describe('POST /api/widget/events: every way a beacon is answered', () => {
  let answer: (body: TWidgetEventsBody) => ReturnType<InsightsService['accept']>;
  const seen: TWidgetEventsBody[] = [];
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    const insights = {
      accept: (body: TWidgetEventsBody) => {
        seen.push(body);
        return answer(body);
      },
    } as unknown as InsightsService;
    const handle = createWidgetEventsHandler({ insights, trustProxy: () => false, logger: silentLogger });
    server = http.createServer((req, res) => {
      if (!handle(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/widget/events`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (body: string) =>
    fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain', 'user-agent': UA } });
  const beacon = JSON.stringify({ key: 'wk_1', events: [{ type: 'impression' }] });
  const codeOf = async (res: Response) => ZApiError.parse(await res.json()).error.code;

  it('answers 202 whether the count is known at once or later', async () => {
    answer = () => ok({ counted: 1 });
    const now = await post(beacon);
    expect(now.status).toBe(202);
    expect(now.headers.get('access-control-allow-origin')).toBe('*');
    answer = () => new Promise((resolve) => setTimeout(() => resolve(ok({ counted: 1 })), 20));
    const later = await post(beacon);
    expect(later.status).toBe(202);
    expect(seen.at(-1)).toEqual({ key: 'wk_1', events: [{ type: 'impression' }] });
  });

  it("passes on the service's refusal, at once or later", async () => {
    answer = () => err(new AppError('widget_not_found'));
    expect(await codeOf(await post(beacon))).toBe('widget_not_found');
    answer = () => Promise.resolve(err(new AppError('widget_not_found')));
    const later = await post(beacon);
    expect(later.status).toBe(404);
    expect(await codeOf(later)).toBe('widget_not_found');
  });

  it('answers 503 with Retry-After while the database is unreachable, and 500 with a request id for a bug', async () => {
    answer = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const down = await post(beacon);
    expect(down.status).toBe(503);
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await codeOf(down)).toBe('service_unavailable');
    answer = () => {
      throw new TypeError('a bug');
    };
    const bug = await post(beacon);
    expect(bug.status).toBe(500);
    expect(bug.headers.get('x-request-id')).toBeTruthy();
    expect(await codeOf(bug)).toBe('internal_error');
  });

  it('refuses a body that grows past the limit while it is read, once', async () => {
    answer = () => ok({ counted: 1 });
    const before = seen.length;
    // Sent in chunks with no Content-Length, so only reading finds it too large.
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { 'user-agent': UA } }, (r) => {
        let body = '';
        r.on('data', (c: Buffer) => (body += c.toString()));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('{"key":"wk_1","pad":"');
      req.write('x'.repeat(MAX_EVENTS_BODY_BYTES));
      req.end('"}');
    });
    expect(res.status).toBe(413);
    expect(ZApiError.parse(JSON.parse(res.body)).error.code).toBe('payload_too_large');
    expect(seen.length).toBe(before);
  });
});
