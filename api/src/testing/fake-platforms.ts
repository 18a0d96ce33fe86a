import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Salla's accounts service as the app sees it: user info by access token, and token refresh whose
 * refresh tokens work once (a second use of one is refused, as Salla revokes the chain).
 */
export async function startFakeSalla(options: {
  users: Record<string, { email: string; name: string; merchantId: number; domain: string }>;
}) {
  const state = {
    /**
     * How user info answers: inside `data` as Salla's PHP and JS SDKs read it, or flat as Salla's agent
     * kit shows it (see contracts/salla/README.md).
     */
    userInfoStyle: 'envelope' as 'envelope' | 'flat',
    refreshCalls: 0,
    spentRefreshTokens: new Set<string>(),
    validRefreshTokens: new Set<string>(),
    refreshDelayMs: 0,
    issued: 0,
  };
  const { server, url } = await listen((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method === 'GET' && path === '/oauth2/user/info') {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const user = options.users[token];
        if (!user)
          return json(res, 401, {
            status: 401,
            success: false,
            error: { code: 'Unauthorized', message: 'The access token is invalid' },
          });
        const merchant = {
          id: user.merchantId,
          username: 'store',
          name: `${user.name} Store`,
          plan: 'pro',
          status: 'active',
          domain: user.domain,
        };
        if (state.userInfoStyle === 'flat')
          return json(res, 200, { id: 1, name: user.name, email: user.email, merchant });
        return json(res, 200, {
          status: 200,
          success: true,
          // The SDK's example sends the ids as strings inside the envelope.
          data: {
            id: '1',
            name: user.name,
            email: user.email,
            mobile: '+966500000000',
            role: 'user',
            merchant: { ...merchant, id: String(user.merchantId), avatar: null },
          },
        });
      }
      if (req.method === 'POST' && path === '/oauth2/token') {
        const form = new URLSearchParams(await readBody(req));
        state.refreshCalls++;
        const token = form.get('refresh_token') ?? '';
        if (state.refreshDelayMs) await new Promise((r) => setTimeout(r, state.refreshDelayMs));
        if (
          form.get('grant_type') !== 'refresh_token' ||
          !state.validRefreshTokens.has(token) ||
          state.spentRefreshTokens.has(token)
        ) {
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'The refresh token is invalid.',
          });
        }
        state.spentRefreshTokens.add(token);
        state.validRefreshTokens.delete(token);
        const n = ++state.issued;
        const next = `salla-refresh-${n}`;
        state.validRefreshTokens.add(next);
        return json(res, 200, {
          access_token: `salla-access-${n}`,
          refresh_token: next,
          expires: Math.floor(Date.now() / 1000) + 14 * 86_400,
          token_type: 'bearer',
        });
      }
      json(res, 404, { error: 'not found' });
    })();
  });
  return { url, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Zid's OAuth service and the two manager API calls the app makes. */
export async function startFakeZid(options: { email: string; storeId: string; storeUrl: string }) {
  const state = {
    tokenRequests: [] as URLSearchParams[],
    scripts: [] as { url: string; managerToken: string | undefined; authorization: string | undefined }[],
    /** Refresh-token grants: how many arrived, how long each takes, and whether Zid refuses them. */
    refreshCalls: 0,
    refreshDelayMs: 0,
    refuseRefresh: false,
    /** The next N app-script registrations answer 500. */
    failScripts: 0,
    /** Zid has not approved the app for app scripts: registrations answer 403. */
    refuseScripts: false,
    /** The next N store-webhook subscriptions answer 500. */
    failWebhooks: 0,
    /**
     * How the token answer names its fields: as Zid's docs show them, or as Zid's Python SDK also reads
     * them (`Authorization`, no `expires_in`). See contracts/zid/README.md.
     */
    tokenStyle: 'docs' as 'docs' | 'capitalised',
    /** The store webhooks apps subscribed (`/v1/managers/webhooks`). */
    webhooks: [] as {
      id: string;
      event: string;
      target_url: string;
      original_id: string;
      subscriber?: string;
    }[],
    /** Requests seen, as "METHOD path". */
    requests: [] as string[],
    /** The store as the profile reports it (tests change it to simulate an edit on Zid). */
    storeTitle: 'Zid Store',
    storeUrl: options.storeUrl,
    /** Whose store the next install is (tests switch it to install a second store). */
    email: options.email,
    storeId: options.storeId,
  };
  let issued = 0;
  const managers = new Set(['zid-manager-token']);
  const tokens = (access: string, refresh: string) =>
    state.tokenStyle === 'docs'
      ? {
          access_token: access,
          authorization: 'zid-authorization-token',
          refresh_token: refresh,
          expires_in: 31_536_000,
        }
      : { access_token: access, Authorization: 'zid-authorization-token', refresh_token: refresh };
  const { server, url } = await listen((req, res) => {
    void (async () => {
      const requestUrl = new URL(req.url ?? '/', 'http://x');
      const path = requestUrl.pathname;
      state.requests.push(`${req.method} ${path}`);
      if (req.method === 'GET' && path === '/oauth/authorize') {
        // The merchant approves at once: back to the app's callback with a code and the state untouched.
        const back = new URL(requestUrl.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', 'good-code');
        back.searchParams.set('state', requestUrl.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        res.end();
        return;
      }
      if (req.method === 'POST' && path === '/oauth/token') {
        const form = new URLSearchParams(await readBody(req));
        state.tokenRequests.push(form);
        if (form.get('grant_type') === 'refresh_token') {
          state.refreshCalls++;
          if (state.refreshDelayMs) await new Promise((r) => setTimeout(r, state.refreshDelayMs));
          if (state.refuseRefresh) return json(res, 400, { error: 'invalid_grant' });
          const n = ++issued;
          managers.add(`zid-manager-token-${n}`);
          return json(res, 200, tokens(`zid-manager-token-${n}`, `zid-refresh-${n}`));
        }
        if (form.get('code') !== 'good-code') return json(res, 400, { error: 'invalid_grant' });
        return json(res, 200, tokens('zid-manager-token', 'zid-refresh'));
      }
      const authorised =
        req.headers.authorization === 'Bearer zid-authorization-token' &&
        managers.has(String(req.headers['x-manager-token']));
      if (path === '/v1/managers/account/profile' && req.method === 'GET') {
        if (!authorised) return json(res, 401, { message: 'unauthorized' });
        return json(res, 200, {
          user: {
            id: 77,
            name: 'Zid Owner',
            email: state.email,
            store: { id: Number(state.storeId), title: state.storeTitle, url: state.storeUrl },
          },
        });
      }
      if (path === '/v1/managers/app-scripts' && req.method === 'POST') {
        if (!authorised) return json(res, 401, { message: 'unauthorized' });
        const body = JSON.parse(await readBody(req)) as { url: string };
        if (state.failScripts > 0) {
          state.failScripts--;
          return json(res, 500, { message: 'temporarily unavailable' });
        }
        if (state.refuseScripts)
          return json(res, 403, { message: 'This app is not approved to use app scripts.' });
        state.scripts.push({
          url: body.url,
          managerToken: req.headers['x-manager-token'] as string | undefined,
          authorization: req.headers.authorization,
        });
        return json(res, 201, { app_script: { id: 1, url: body.url } });
      }
      if (path === '/v1/managers/webhooks') {
        if (!authorised) return json(res, 401, { message: 'unauthorized' });
        if (req.method === 'GET')
          return json(res, 200, {
            data: state.webhooks.map((w) => ({
              ...w,
              store_id: 'store-uuid',
              conditions: null,
              active: true,
            })),
          });
        if (req.method === 'POST') {
          if (state.failWebhooks > 0) {
            state.failWebhooks--;
            return json(res, 500, { message: 'Server Error' });
          }
          const body = JSON.parse(await readBody(req)) as {
            event: string;
            target_url: string;
            original_id: string;
            subscriber?: string;
          };
          const hook = {
            id: `hook-${state.webhooks.length + 1}`,
            ...body,
            original_id: String(body.original_id),
          };
          state.webhooks.push(hook);
          return json(res, 201, {
            ...hook,
            store_id: 'store-uuid',
            conditions: null,
            active: true,
            status: 'ready',
          });
        }
        if (req.method === 'DELETE') {
          const id = requestUrl.searchParams.get('original_id');
          state.webhooks = state.webhooks.filter((w) => w.original_id !== id);
          return json(res, 200, { message: 'deleted' });
        }
      }
      json(res, 404, { message: 'not found' });
    })();
  });
  return { url, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}
