import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startProcess, type ProcessKind } from '../testing/processes.js';

/** Starts the API or cron process from its TypeScript source with a data directory of its own. */
async function start(kind: ProcessKind, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lamha-shutdown-'));
  const started = await startProcess(
    kind,
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    { fromSource: true },
  );
  return {
    ...started,
    cleanup: () => {
      if (started.child.exitCode === null) started.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('graceful shutdown of real processes', () => {
  const cleanups: (() => void)[] = [];
  afterAll(() => cleanups.forEach((c) => c()));

  it('the API finishes a request in flight after SIGTERM, takes no new connection, and exits 0', async () => {
    const api = await start('api', { PORT: '0', HOST: '127.0.0.1' });
    cleanups.push(api.cleanup);
    const port = Number(new URL(api.url!).port);
    // A request whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify({ email: 'sigterm@shop.sa' });
    let finishBody!: () => void;
    let connected!: () => void;
    const onSocket = new Promise<void>((r) => (connected = r));
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        { port, host: '127.0.0.1', path: '/api/auth/magic-link/request', method: 'POST', agent: false },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.setHeader('content-type', 'application/json');
      req.setHeader('content-length', Buffer.byteLength(body));
      req.on('error', reject);
      req.on('socket', (s) => s.once('connect', connected));
      req.write(body.slice(0, 5));
      req.flushHeaders();
      finishBody = () => req.end(body.slice(5));
    });
    await onSocket;
    // Let the server read the headers before the signal.
    await new Promise((r) => setTimeout(r, 200));
    api.child.kill('SIGTERM');
    // It stops accepting at once…
    while (!(await refused(port))) await new Promise((r) => setTimeout(r, 20));
    // …and the request it was already reading still completes.
    finishBody();
    expect(await answer).toBe(200);
    expect(await api.exited).toBe(0);
    expect(api.output()).toContain('shutting down');
  }, 120_000);

  it('the cron process stops its schedule and exits 0 on SIGTERM', async () => {
    const cron = await start('cron', {});
    cleanups.push(cron.cleanup);
    cron.child.kill('SIGTERM');
    const code = await cron.exited;
    if (code !== 0) console.log(cron.output(), cron.child.signalCode);
    expect(code).toBe(0);
  }, 120_000);
});
