import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Facebook Login for Business and graph.facebook.com on 127.0.0.1, answering as Meta's
 * docs show (the fixtures in contracts/facebook/, which the contract test holds this fake to): the login
 * dialog's redirect, the code exchange and `fb_exchange_token`, `/me`, `/me/accounts` with the linked
 * Instagram account, and `/{ig-user-id}/stories`; Graph's error envelope for dead tokens and throttling.
 */

export interface FakeFacebookAccount {
  /** The code the login dialog hands out for this person. */
  code: string;
  /** The Facebook user's app-scoped id. */
  fbUserId: string;
  pageId: string;
  /** The Instagram professional account linked to the Page; none: a Page without Instagram. */
  instagram?: { id: string; username: string; stories: number };
}

export const FAKE_FACEBOOK_APP = { id: '1122334455667788', secret: 'fake-facebook-app-secret-0123456789' };

export interface FakeFacebook {
  url: string;
  /** Points the app at this fake. */
  env: Record<string, string>;
  requests: { path: string; params: Record<string, string> }[];
  /** Which person the next login dialog signs in as, or 'deny'. */
  consent: string;
  /** Graph error code the next matching calls answer with, until cleared. */
  failWith: { code: number; paths?: string[] } | undefined;
  /** Tokens of this Facebook user stop working (the app removed in Facebook's settings). */
  revoke(fbUserId: string): void;
  /** A new story on that Instagram account, taken now. */
  addStory(igUserId: string): void;
  close(): Promise<void>;
}

const ERRORS: Record<number, { status: number; message: string; transient?: boolean }> = {
  190: { status: 400, message: 'Error validating access token: The session has been invalidated.' },
  4: { status: 400, message: '(#4) Application request limit reached', transient: true },
  80002: {
    status: 400,
    message:
      '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
    transient: true,
  },
  2: {
    status: 503,
    message: 'An unexpected error has occurred. Please retry your request later.',
    transient: true,
  },
};
const HOUR = 3_600_000;

export async function startFakeFacebook(options: {
  accounts: FakeFacebookAccount[];
  /**
   * Where story media point: CDN URLs (a fake CDN's picture and video, signed with `oe` as Instagram's
   * are), or `demo://` URLs the app's demo media fetcher draws (an app started for e2e).
   */
  media: 'demo' | { image: string; video: string };
  now?: () => Date;
}): Promise<FakeFacebook> {
  const now = options.now ?? (() => new Date());
  const tokens = new Map<string, { fbUserId: string; kind: 'short' | 'long' }>();
  const revoked = new Set<string>();
  const byCode = new Map(options.accounts.map((a) => [a.code, a]));
  const byFbUser = new Map(options.accounts.map((a) => [a.fbUserId, a]));
  const storyTimes = new Map<string, number[]>();
  for (const a of options.accounts)
    if (a.instagram)
      storyTimes.set(
        a.instagram.id,
        Array.from({ length: a.instagram.stories }, (_, i) => now().getTime() - (i + 1) * HOUR),
      );
  let issued = 0;

  const fake: FakeFacebook = {
    url: '',
    env: {},
    requests: [],
    consent: options.accounts[0]?.code ?? 'deny',
    failWith: undefined,
    revoke: (fbUserId) => {
      for (const [token, holder] of tokens) if (holder.fbUserId === fbUserId) revoked.add(token);
    },
    addStory: (igUserId) => storyTimes.get(igUserId)?.unshift(now().getTime()),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const graphError = (res: ServerResponse, code: number) => {
    const e = ERRORS[code] ?? { status: 400, message: 'An unknown error has occurred.' };
    json(res, e.status, {
      error: {
        message: e.message,
        type: 'OAuthException',
        code,
        ...(e.transient ? { is_transient: true } : {}),
        fbtrace_id: 'AFakeFb1',
      },
    });
  };
  const issue = (fbUserId: string, kind: 'short' | 'long') => {
    const token = `EAA${kind === 'short' ? 'S' : 'L'}${++issued}x${fbUserId}`;
    tokens.set(token, { fbUserId, kind });
    return token;
  };
  const storyMedia = (username: string, id: string, video: boolean) => {
    const media = options.media;
    if (media === 'demo') {
      const still = `demo://image/${username}/${id}?w=1080&h=1920`;
      return video
        ? { media_url: `demo://video/${username}/${id}`, thumbnail_url: still }
        : { media_url: still };
    }
    const oe = `oe=${(Math.floor(now().getTime() / 1000) + 4 * 86_400).toString(16).toUpperCase()}`;
    const still = `${media.image}?${oe}`;
    return video ? { media_url: `${media.video}?${oe}`, thumbnail_url: still } : { media_url: still };
  };
  const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const params = Object.fromEntries(url.searchParams);
    fake.requests.push({
      path: url.pathname,
      params: Object.fromEntries(
        Object.entries(params).map(([k, v]) => [k, /token|secret|code/.test(k) ? '[redacted]' : v]),
      ),
    });
    const path = url.pathname.replace(/^\/v\d+\.\d+/, '');

    if (path === '/dialog/oauth') {
      const back = new URL(params.redirect_uri ?? '');
      back.searchParams.set('state', params.state ?? '');
      if (fake.consent === 'deny' || params.client_id !== FAKE_FACEBOOK_APP.id) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_code', '200');
        back.searchParams.set('error_description', 'Permissions error');
        back.searchParams.set('error_reason', 'user_denied');
      } else back.searchParams.set('code', fake.consent);
      // Facebook appends "#_=_" to the redirect; browsers keep fragments to themselves.
      back.hash = '_=_';
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (fake.failWith && (!fake.failWith.paths || fake.failWith.paths.includes(path)))
      return graphError(res, fake.failWith.code);

    if (path === '/oauth/access_token') {
      if (params.client_id !== FAKE_FACEBOOK_APP.id || params.client_secret !== FAKE_FACEBOOK_APP.secret)
        return graphError(res, 190);
      if (params.grant_type === 'fb_exchange_token') {
        const holder = tokens.get(params.fb_exchange_token ?? '');
        if (!holder || revoked.has(params.fb_exchange_token ?? '')) return graphError(res, 190);
        return json(res, 200, {
          access_token: issue(holder.fbUserId, 'long'),
          token_type: 'bearer',
          expires_in: 5_183_944,
        });
      }
      const account = byCode.get(params.code ?? '');
      if (!account || !params.redirect_uri) return graphError(res, 100);
      return json(res, 200, {
        access_token: issue(account.fbUserId, 'short'),
        token_type: 'bearer',
        expires_in: 5_183_944,
      });
    }

    const token = params.access_token ?? '';
    const holder = tokens.get(token);
    if (!holder || revoked.has(token)) return graphError(res, 190);
    const account = byFbUser.get(holder.fbUserId)!;

    if (path === '/me') return json(res, 200, { id: account.fbUserId, name: 'Store Owner' });
    if (path === '/me/accounts') {
      const ig = account.instagram;
      return json(res, 200, {
        data: [
          {
            id: account.pageId,
            name: 'Store Page',
            ...(ig
              ? {
                  instagram_business_account: {
                    id: ig.id,
                    username: ig.username,
                    name: 'Store',
                    followers_count: 1520,
                    follows_count: 12,
                    media_count: 96,
                  },
                }
              : {}),
          },
        ],
        paging: { cursors: { before: 'QVFIUb', after: 'QVFIUa' } },
      });
    }
    const stories = /^\/(\d+)\/stories$/.exec(path);
    if (stories) {
      const ig = account.instagram;
      // Only the account linked to this person's Page; anything else is "does not exist".
      if (!ig || ig.id !== stories[1]) return graphError(res, 100);
      const live = (storyTimes.get(ig.id) ?? []).filter((t) => t > now().getTime() - 24 * HOUR);
      return json(res, 200, {
        data: live.map((t) => {
          // The same story keeps its id on every read; one in four is a video.
          const id = `1786${t}`;
          const video = Math.floor(t / 1000) % 4 === 0;
          return {
            id,
            media_type: video ? 'VIDEO' : 'IMAGE',
            ...storyMedia(ig.username, id, video),
            permalink: `https://instagram.com/stories/${ig.username}/${id}`,
            timestamp: graphTime(t),
          };
        }),
        paging: { cursors: { before: 'QVFIUkx1Nm', after: 'QVFIUmlkWm' } },
      });
    }
    return graphError(res, 100);
  };

  const server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = {
    FACEBOOK_APP_ID: FAKE_FACEBOOK_APP.id,
    FACEBOOK_APP_SECRET: FAKE_FACEBOOK_APP.secret,
    FACEBOOK_AUTHORIZE_URL: `${fake.url}/v25.0/dialog/oauth`,
    FACEBOOK_GRAPH_URL: fake.url,
  };
  return fake;
}
