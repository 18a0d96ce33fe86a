import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { createLogger } from './logger.js';
import { REDACTED_PATH_PREFIXES, REDACTED_QUERY_PARAMS, redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  it('cuts the value of every listed query parameter, and keeps the rest of the URL', () => {
    for (const param of REDACTED_QUERY_PARAMS) {
      expect(redactSecrets(`/x?lang=ar&${param}=s3cr3t-Value_1&key=abc#frag`), param).toBe(
        `/x?lang=ar&${param}=[redacted]&key=abc#frag`,
      );
      expect(redactSecrets(`https://h.example/cb?${param}=s3cr3t`), param).toBe(
        `https://h.example/cb?${param}=[redacted]`,
      );
    }
    expect(redactSecrets('/auth/callback?CODE=abc')).toBe('/auth/callback?CODE=[redacted]');
    // Only whole parameter names: `key` (a public widget key) and `postcode` stay.
    expect(redactSecrets('/api/widget/init?key=w_123&postcode=12345')).toBe(
      '/api/widget/init?key=w_123&postcode=12345',
    );
  });

  it('cuts the secret segment of every listed route pattern', () => {
    for (const prefix of REDACTED_PATH_PREFIXES) {
      expect(redactSecrets(`POST ${prefix}zid-secret-abcdef0123456789?x=1`)).toBe(
        `POST ${prefix}[redacted]?x=1`,
      );
    }
  });

  it('works inside a JSON log line and an error message', () => {
    const line = JSON.stringify({
      req: { url: '/api/integrations/zid/callback?code=oauthcode1&state=eyJhbGciOi.x.y' },
      err: { message: 'fetch https://oauth.zid.sa/token?client_secret=abc failed' },
    });
    const out = redactSecrets(line);
    expect(out).not.toMatch(/oauthcode1|eyJhbGciOi|client_secret=abc/);
    expect(JSON.parse(out)).toBeTruthy();
  });
});

describe.each(databaseBackends)('request logs on $name', (backend) => {
  const ZID_SECRET = 'zid-webhook-secret-0123456789abcdef';
  const lines: string[] = [];
  let runtime: Runtime;
  let http: RunningServer;

  beforeAll(async () => {
    const base = await createTestRuntime({
      database: await backend.open(),
      env: {
        ZID_WEBHOOK_SECRET: ZID_SECRET,
        ZID_CLIENT_ID: 'zid-client',
        ZID_CLIENT_SECRET: 'zid-client-sec',
      },
    });
    const logger = createLogger('info', 'api', { write: (line: string) => void lines.push(line) });
    runtime = { ...base, logger };
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await http?.close();
    await runtime?.close();
  });

  it('never carries a sign-in code, an OAuth code or state, a token or the Zid webhook secret', async () => {
    const secrets = [
      'MAGICCODE1234567',
      'OAUTHCODE7654321',
      'STATEVALUE998877',
      'REFRESHTOKEN5566',
      ZID_SECRET,
    ];
    await fetch(`${http.url}/auth/callback?code=${secrets[0]}`);
    await fetch(`${http.url}/api/integrations/zid/callback?code=${secrets[1]}&state=${secrets[2]}`, {
      redirect: 'manual',
    });
    await fetch(`${http.url}/api/nothing-here?token=${secrets[3]}`);
    await fetch(`${http.url}/api/integrations/zid/webhook/${ZID_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"event":"app.market.application.install"}',
    });
    const log = lines.join('\n');
    // The requests were logged, by path.
    expect(log).toMatch(/\/auth\/callback\?code=\[redacted\]/);
    expect(log).toMatch(/\/api\/integrations\/zid\/webhook\/\[redacted\]/);
    expect(log).toMatch(/\/api\/integrations\/zid\/callback\?code=\[redacted\]&state=\[redacted\]/);
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });
});
