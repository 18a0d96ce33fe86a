import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime } from '../testing/runtime.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { DevMailbox } from '../mail/dev-mailbox.js';
import { countingMailer } from '../metrics/instrumented.js';
import { createLogger } from './logger.js';
import { loggedFetch } from './logged-fetch.js';
import { withRequestId } from './request-context.js';

/** A logger whose lines land in an array, parsed. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('debug', 'test', {
    write: (line: string) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  return { logger, lines };
}

describe('request ids', () => {
  const { logger, lines } = capturingLogger();
  let runtime: Runtime;
  let server: RunningServer;

  beforeAll(async () => {
    const base = await createTestRuntime();
    runtime = {
      ...base,
      logger,
      mailer: countingMailer(new DevMailbox(base.database.db, logger), logger.child({ component: 'mail' })),
    };
    server = await startHttpServer(runtime, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    await runtime.close();
  });

  it('keeps a well-formed X-Request-Id, echoes it, and every log line of the request carries it', async () => {
    const res = await fetch(`${server.url}/api/auth/magic-link/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'lb-7f3a.42' },
      body: JSON.stringify({ email: 'ids@shop.sa' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const mine = lines.filter((l) => l.reqId === 'lb-7f3a.42');
    // The e-mail sent on the request's behalf and pino-http's line for the answer.
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['mail sent', 'request completed']));
    expect(lines.filter((l) => l.msg === 'mail sent' && l.reqId !== 'lb-7f3a.42')).toEqual([]);
  });

  it('makes a new id when the caller sent none or a malformed one', async () => {
    const plain = await fetch(`${server.url}/api/nothing-here`);
    const bad = await fetch(`${server.url}/api/nothing-here`, {
      headers: { 'x-request-id': 'a b"<script>' },
    });
    const ids = [plain.headers.get('x-request-id'), bad.headers.get('x-request-id')];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(ids[0]).not.toBe(ids[1]);
    const completed = lines.filter((l) => l.msg === 'request completed').map((l) => l.reqId);
    expect(completed).toEqual(expect.arrayContaining(ids));
  });

  it('echoes a caller id on the widget hot paths without making one', async () => {
    const init = await fetch(`${server.url}/api/widget/init?key=wk_unknown`, {
      headers: { 'x-request-id': 'edge-1' },
    });
    expect(init.headers.get('x-request-id')).toBe('edge-1');
    const beacon = await fetch(`${server.url}/api/widget/events`, { method: 'POST', body: '{}' });
    expect(beacon.headers.get('x-request-id')).toBeNull();
  });
});

describe('outgoing calls', () => {
  it('are logged with the id of the request or tick that made them, without the query', async () => {
    const { logger, lines } = capturingLogger();
    const fetchFake = loggedFetch(logger, (url) =>
      Promise.resolve(new Response('{}', { status: url.includes('fail') ? 502 : 200 })),
    );
    await withRequestId('tick-9', async () => {
      await fetchFake('https://graph.instagram.com/v25.0/me?access_token=SECRET', {});
      await fetchFake('https://api.salla.dev/admin/v2/fail?x=1', { method: 'POST' });
    });
    expect(lines).toMatchObject([
      { reqId: 'tick-9', msg: 'outgoing call', host: 'graph.instagram.com', path: '/v25.0/me', status: 200 },
      { reqId: 'tick-9', msg: 'outgoing call failed', host: 'api.salla.dev', method: 'POST', status: 502 },
    ]);
    expect(JSON.stringify(lines)).not.toContain('SECRET');
  });
});
