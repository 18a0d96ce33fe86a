import { afterAll, beforeAll, expect } from 'vitest';
import { ZApiError, ZSession, type TSession } from '@app/shared';
import type { DatabaseBackend } from './backends.js';
import { createTestRuntime } from './runtime.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { ManualClock } from '../lib/clock.js';
import { SmtpMailer } from '../mail/smtp.mailer.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { createServices } from '../services.js';

/**
 * A sign-in test's world for one backend, opened before its tests and closed after them: an SMTP inbox
 * that keeps the links mailed, a runtime on a manual clock (ADMIN_EMAILS: boss@shop.sa), the API over
 * HTTP, and helpers that ask for a link and sign in with it. Its fields are set once the tests start.
 */
export function useAuthWorld(backend: DatabaseBackend) {
  const world = {
    inbox: undefined as unknown as Awaited<ReturnType<typeof startSmtpInbox>>,
    runtime: undefined as unknown as Runtime,
    services: undefined as unknown as ReturnType<typeof createServices>,
    http: undefined as unknown as RunningServer,
    clock: new ManualClock(new Date()),
    post,
    requestCode,
    signIn,
    errorOf,
  };
  const appUrl = 'https://feed.example.com';

  function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${world.http.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  /** Asks for a link and returns the code from the e-mail the SMTP server received. */
  async function requestCode(email: string, language?: 'ar' | 'en'): Promise<string> {
    const before = world.inbox.messages.length;
    const res = await post('/api/auth/magic-link/request', { email, ...(language ? { language } : {}) });
    expect(res.status).toBe(200);
    const mail = world.inbox.messages.slice(before).find((m) => m.to.includes(email.toLowerCase()));
    const match =
      mail && /https:\/\/feed\.example\.com\/auth\/callback\?code=([A-Za-z0-9_-]+)/.exec(mail.decoded);
    if (!match?.[1]) throw new Error(`no sign-in link mailed to ${email}`);
    return match[1];
  }

  async function signIn(email: string): Promise<TSession> {
    const code = await requestCode(email);
    const res = await post('/api/auth/token', { grant_type: 'magic_link', code });
    expect(res.status).toBe(200);
    return ZSession.parse(await res.json());
  }

  async function errorOf(res: Response) {
    return ZApiError.parse(await res.json()).error;
  }

  beforeAll(async () => {
    world.inbox = await startSmtpInbox();
    const database = await backend.open();
    world.runtime = await createTestRuntime({
      database,
      clock: world.clock,
      mailer: new SmtpMailer(world.inbox.url, 'Lamha <no-reply@example.com>'),
      env: { APP_URL: appUrl, ADMIN_EMAILS: 'boss@shop.sa' },
    });
    world.services = createServices(world.runtime);
    world.http = await startHttpServer(world.runtime, {
      port: 0,
      host: '127.0.0.1',
      services: world.services,
    });
  });
  afterAll(async () => {
    await world.http.close();
    await world.runtime.close();
    await world.inbox.close();
  });
  return world;
}
