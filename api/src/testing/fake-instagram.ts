import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKE_CDN_PATHS } from './fake-cdn.js';
import { graphTimestamp } from './fake-graph-samples.js';

/**
 * Instagram's API with Instagram Login on 127.0.0.1, answering only in the shapes Meta documents (the
 * fixtures in contracts/instagram/, which the contract test holds this fake to): the authorize redirect,
 * the code exchange (api.instagram.com; flat with a bare big-number `user_id` as its reference shows, or
 * wrapped in `data` as the Business Login page shows), the long-lived exchange and refresh, `/me` (flat or
 * wrapped), `/me/media` (paged, with carousel children) and `/me/stories` (graph.instagram.com), Graph
 * errors (190, 10, throttling 4 / 17 / 32 / 613 / 80002, transient 1 / 2), the usage headers, and CDN media
 * URLs whose `oe` expiry is a few days ahead (or already past when `expiredMedia` is set).
 */
export interface FakeInstagramAccount {
  /** The code the authorize step hands out for this account. */
  code: string;
  userId: string;
  username: string;
  accountType: 'BUSINESS' | 'MEDIA_CREATOR' | 'PERSONAL';
  posts: number;
  stories: number;
}

export interface FakeInstagramRequest {
  method: string;
  path: string;
  /** Query or form fields, with any access token or secret replaced by "[redacted]". */
  params: Record<string, string>;
  token: string | undefined;
}

export interface FakeInstagram {
  url: string;
  /** Pass as INSTAGRAM_AUTHORIZE_URL / INSTAGRAM_API_URL / INSTAGRAM_GRAPH_URL. */
  env: Record<string, string>;
  requests: FakeInstagramRequest[];
  /** Which account the next authorize step signs in as, or 'deny'. */
  consent: string;
  /** Graph error code the next matching calls answer with (190, 10, 4, 17, 80002, 2…), until cleared. */
  failWith: { code: number; paths?: string[] } | undefined;
  /** `/me` as the User reference shows it (flat) or as the Get Started page does (`data: [...]`). */
  meShape: 'flat' | 'wrapped';
  /** The code exchange as its reference shows it (flat, bare number id) or as Business Login does. */
  codeExchangeShape: 'reference' | 'business-login';
  /** Sent as `X-App-Usage` / `X-Business-Use-Case-Usage` (keyed by the account's id) while set. */
  usage: { app?: Record<string, number>; account?: Record<string, number> } | undefined;
  /** Reels with licensed audio: no `media_url`, only `thumbnail_url` (as the media reference warns). */
  licensedAudioReels: boolean;
  /** Media URLs whose signature has already expired. */
  expiredMedia: boolean;
  /** Revokes every token of a user issued so far (as removing the app on Instagram does). */
  revoke(userId: string): void;
  /** Adds a new story to an account now. */
  addStory(userId: string): void;
  tokensIssued(): number;
  close(): Promise<void>;
}

/** The app-scoped id `/me` gives as `id` for an account (its `user_id` is the account's own id). */
export function appScopedId(account: Pick<FakeInstagramAccount, 'userId'>): string {
  return `${account.userId}9`;
}

export const FAKE_INSTAGRAM_APP = { id: '990011223344', secret: 'fake-instagram-app-secret-0123456789' };

const ERRORS: Record<number, { status: number; type: string; message: string }> = {
  190: {
    status: 400,
    type: 'OAuthException',
    message: 'Error validating access token: The user has not authorized application.',
  },
  10: {
    status: 400,
    type: 'OAuthException',
    message: '(#10) Application does not have permission for this action',
  },
  4: { status: 400, type: 'OAuthException', message: '(#4) Application request limit reached' },
  17: { status: 400, type: 'OAuthException', message: '(#17) User request limit reached' },
  32: { status: 400, type: 'OAuthException', message: '(#32) Page request limit reached' },
  613: {
    status: 400,
    type: 'OAuthException',
    message: '(#613) Calls to this api have exceeded the rate limit.',
  },
  80002: {
    status: 400,
    type: 'OAuthException',
    message:
      '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
  },
  1: { status: 500, type: 'OAuthException', message: 'An unknown error occurred' },
  2: {
    status: 503,
    type: 'OAuthException',
    message: 'An unexpected error has occurred. Please retry your request later.',
  },
};
/** Throttling and temporary errors carry `is_transient: true`, as Meta's examples show. */
const TRANSIENT = new Set([1, 2, 4, 17, 32, 613, 80002]);

export async function startFakeInstagram(options: {
  cdnUrl: string;
  accounts: FakeInstagramAccount[];
  now?: () => Date;
}): Promise<FakeInstagram> {
  const now = options.now ?? (() => new Date());
  const tokens = new Map<string, { userId: string; kind: 'short' | 'long' }>();
  const revoked = new Set<string>();
  const storyTimes = new Map<string, number[]>();
  let issued = 0;
  const byCode = new Map(options.accounts.map((a) => [a.code, a]));
  const byId = new Map(options.accounts.map((a) => [a.userId, a]));
  for (const a of options.accounts) {
    storyTimes.set(
      a.userId,
      Array.from({ length: a.stories }, (_, i) => now().getTime() - (i + 1) * 3_600_000),
    );
  }

  const fake: FakeInstagram = {
    url: '',
    env: {},
    requests: [],
    consent: options.accounts[0]?.code ?? 'deny',
    failWith: undefined,
    meShape: 'flat',
    codeExchangeShape: 'business-login',
    usage: undefined,
    licensedAudioReels: false,
    expiredMedia: false,
    revoke: (userId) => {
      for (const [token, holder] of tokens) if (holder.userId === userId) revoked.add(token);
    },
    addStory: (userId) => storyTimes.get(userId)?.unshift(now().getTime()),
    tokensIssued: () => issued,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };

  const mediaUrl = (kind: 'jpeg' | 'mp4') => {
    const expiry = Math.floor(now().getTime() / 1000) + (fake.expiredMedia ? -3600 : 4 * 86_400);
    const path = fake.expiredMedia ? FAKE_CDN_PATHS.expired : FAKE_CDN_PATHS[kind];
    return `${options.cdnUrl}${path}?oe=${expiry.toString(16).toUpperCase()}&_nc_cat=1`;
  };
  const issue = (userId: string, kind: 'short' | 'long') => {
    const token = `IG${kind === 'short' ? 'S' : 'L'}${++issued}x${userId}`;
    tokens.set(token, { userId, kind });
    return token;
  };
  /** The usage headers for a call on behalf of `userId` (none before login). */
  const usageHeaders = (userId: string | undefined): Record<string, string> => {
    const headers: Record<string, string> = {};
    if (fake.usage?.app) headers['x-app-usage'] = JSON.stringify(fake.usage.app);
    if (fake.usage?.account && userId)
      headers['x-business-use-case-usage'] = JSON.stringify({
        [userId]: [{ type: 'instagram', ...fake.usage.account }],
      });
    return headers;
  };
  let answeringFor: string | undefined;
  const send = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'application/json', ...usageHeaders(answeringFor) });
    res.end(text);
  };
  const json = (res: ServerResponse, status: number, body: unknown) =>
    send(res, status, JSON.stringify(body));
  const graphError = (res: ServerResponse, code: number) => {
    const e = ERRORS[code] ?? { status: 400, type: 'OAuthException', message: 'error' };
    json(res, e.status, {
      error: {
        message: e.message,
        type: e.type,
        ...(TRANSIENT.has(code) ? { is_transient: true } : {}),
        code,
        fbtrace_id: 'AbCdEf123',
      },
    });
  };
  const posts = (account: FakeInstagramAccount) =>
    Array.from({ length: account.posts }, (_, i) => {
      const id = `179${account.userId.slice(-6)}${String(i).padStart(6, '0')}`;
      const timestamp = graphTimestamp(new Date(now().getTime() - (i + 1) * 7 * 3_600_000));
      const base = {
        id,
        caption: `Post ${i}`,
        permalink: `https://www.instagram.com/p/FAKE${i}/`,
        timestamp,
        like_count: 10 * i,
        comments_count: i,
        media_product_type: 'FEED',
      };
      if (i % 5 === 2)
        return {
          ...base,
          media_type: 'CAROUSEL_ALBUM',
          media_url: mediaUrl('jpeg'),
          children: {
            data: [0, 1].map((c) => ({ id: `${id}${c}`, media_type: 'IMAGE', media_url: mediaUrl('jpeg') })),
          },
        };
      if (i % 5 === 4)
        return {
          ...base,
          media_type: 'VIDEO',
          media_product_type: 'REELS',
          ...(fake.licensedAudioReels ? {} : { media_url: mediaUrl('mp4') }),
          thumbnail_url: mediaUrl('jpeg'),
        };
      return { ...base, media_type: 'IMAGE', media_url: mediaUrl('jpeg') };
    });

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', fake.url);
      const params = Object.fromEntries(url.searchParams);
      if (req.method === 'POST')
        Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(req))));
      const token = params.access_token;
      fake.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        params: Object.fromEntries(
          Object.entries(params).map(([k, v]) => [k, /token|secret/.test(k) ? '[redacted]' : v]),
        ),
        token,
      });
      const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
      answeringFor = undefined;

      if (url.pathname === '/oauth/authorize') {
        const back = new URL(params.redirect_uri ?? '');
        back.searchParams.set('state', params.state ?? '');
        if (fake.consent === 'deny') {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_reason', 'user_denied');
          back.searchParams.set('error_description', 'The user denied your request.');
        } else {
          back.searchParams.set('code', fake.consent);
          // Instagram appends "#_" to the redirect; browsers keep fragments to themselves.
          back.hash = '_';
        }
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/oauth/access_token' && req.method === 'POST') {
        const account = byCode.get(params.code ?? '');
        if (
          params.client_id !== FAKE_INSTAGRAM_APP.id ||
          params.client_secret !== FAKE_INSTAGRAM_APP.secret ||
          params.grant_type !== 'authorization_code' ||
          !params.redirect_uri ||
          !account
        )
          return json(res, 400, {
            error_type: 'OAuthException',
            code: 400,
            error_message: 'Invalid authorization code',
          });
        const accessToken = issue(account.userId, 'short');
        if (fake.codeExchangeShape === 'reference')
          // The id as a bare JSON number, every digit kept (JSON.stringify would round it past 2^53).
          return send(
            res,
            200,
            `{"access_token":${JSON.stringify(accessToken)},"user_id":${account.userId.replace(/\D/g, '')}}`,
          );
        return json(res, 200, {
          data: [
            {
              access_token: accessToken,
              user_id: account.userId,
              permissions: 'instagram_business_basic',
            },
          ],
        });
      }
      const holder = token ? tokens.get(token) : undefined;
      const valid = holder !== undefined && token !== undefined && !revoked.has(token);
      answeringFor = holder?.userId;
      if (fake.failWith && (!fake.failWith.paths || fake.failWith.paths.includes(path)))
        return graphError(res, fake.failWith.code);
      if (url.pathname === '/access_token') {
        if (
          !valid ||
          holder.kind !== 'short' ||
          params.grant_type !== 'ig_exchange_token' ||
          params.client_secret !== FAKE_INSTAGRAM_APP.secret
        )
          return graphError(res, 190);
        return json(res, 200, {
          access_token: issue(holder.userId, 'long'),
          token_type: 'bearer',
          expires_in: 5_184_000,
        });
      }
      if (url.pathname === '/refresh_access_token') {
        if (!valid || holder.kind !== 'long' || params.grant_type !== 'ig_refresh_token')
          return graphError(res, 190);
        return json(res, 200, {
          access_token: issue(holder.userId, 'long'),
          token_type: 'bearer',
          expires_in: 5_184_000,
        });
      }
      if (!valid) return graphError(res, 190);
      const account = byId.get(holder.userId)!;
      answeringFor = account.userId;
      if (path === '/me') {
        const me = {
          user_id: account.userId,
          id: appScopedId(account),
          username: account.username,
          name: `${account.username} store`,
          account_type: account.accountType,
          profile_picture_url: mediaUrl('jpeg'),
          followers_count: 1234,
          follows_count: 56,
          media_count: account.posts,
        };
        // Graph answers the fields asked for (all of these when `fields` is absent).
        const asked = params.fields?.split(',').map((f) => f.trim());
        const answer = asked ? Object.fromEntries(Object.entries(me).filter(([k]) => asked.includes(k))) : me;
        return json(res, 200, fake.meShape === 'wrapped' ? { data: [answer] } : answer);
      }
      if (path === '/me/media') {
        const limit = Math.min(Number(params.limit ?? 25), 100);
        const all = posts(account);
        const start = params.after ? Number(Buffer.from(params.after, 'base64url').toString()) : 0;
        const data = all.slice(start, start + limit);
        const end = start + data.length;
        const next = new URL(url);
        next.searchParams.set('after', Buffer.from(String(end)).toString('base64url'));
        return json(res, 200, {
          data,
          paging: {
            cursors: {
              before: Buffer.from(String(start)).toString('base64url'),
              after: Buffer.from(String(end)).toString('base64url'),
            },
            ...(end < all.length ? { next: next.toString() } : {}),
          },
        });
      }
      if (path === '/me/stories') {
        const cutoff = now().getTime() - 24 * 3_600_000;
        const data = (storyTimes.get(account.userId) ?? [])
          .filter((t) => t > cutoff && t <= now().getTime())
          .map((t, i) => ({
            id: `185${account.userId.slice(-6)}${t}`,
            media_type: i % 3 === 2 ? 'VIDEO' : 'IMAGE',
            media_url: i % 3 === 2 ? mediaUrl('mp4') : mediaUrl('jpeg'),
            ...(i % 3 === 2 ? { thumbnail_url: mediaUrl('jpeg') } : {}),
            permalink: `https://www.instagram.com/stories/${account.username}/${t}/`,
            timestamp: graphTimestamp(new Date(t)),
          }));
        return json(res, 200, { data });
      }
      return json(res, 404, { error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 } });
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = {
    INSTAGRAM_APP_ID: FAKE_INSTAGRAM_APP.id,
    INSTAGRAM_APP_SECRET: FAKE_INSTAGRAM_APP.secret,
    INSTAGRAM_AUTHORIZE_URL: `${fake.url}/oauth/authorize`,
    INSTAGRAM_API_URL: fake.url,
    INSTAGRAM_GRAPH_URL: fake.url,
  };
  return fake;
}
