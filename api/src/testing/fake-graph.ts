import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of Instagram's Graph API (Business Discovery) on 127.0.0.1, reproducing the shapes in
 * the contracts in api/src/testing/contracts/instagram: the `fields` expression is parsed for real (username, media limit,
 * after-cursor, which fields were asked for), media are paged with opaque cursors, and errors come in
 * Graph's own envelope. Faults can be injected per username or per request.
 */

export const FAKE_IG_USER_ID = '17841405309211844';

export interface FakeGraphChild {
  id: string;
  media_type: 'IMAGE' | 'VIDEO';
  media_url?: string;
  thumbnail_url?: string;
}

export interface FakeGraphMedia {
  id: string;
  caption?: string;
  media_type: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  media_product_type?: string;
  /** Leave out to reproduce the copyrighted-audio case. */
  media_url?: string;
  thumbnail_url?: string;
  permalink: string;
  /** Graph's own format: "2026-06-01T16:01:55+0000". */
  timestamp: string;
  like_count?: number;
  comments_count?: number;
  children?: FakeGraphChild[];
}

export interface FakeGraphAccount {
  id: string;
  username: string;
  /** Personal accounts answer like unknown ones: HTTP 400, code 110, subcode 2207013. */
  accountType: 'business' | 'creator' | 'personal';
  name?: string;
  profile_picture_url?: string;
  followers_count?: number;
  follows_count?: number;
  media_count?: number;
  /** Newest first, as Graph answers. */
  media: FakeGraphMedia[];
}

export type FakeGraphFault =
  /** HTTP 400, code 110, subcode 2207013 (what personal and unknown usernames get). */
  | { kind: 'not_business' }
  /** HTTP 400 with a throttling code (80002: Instagram's Business Use Case limit). */
  | { kind: 'throttled'; code: 4 | 17 | 32 | 613 | 80002 }
  /** A 5xx (500 unless told) with Graph's transient-error body. */
  | { kind: 'server_error'; status?: number }
  /** Never answers (until close()). */
  | { kind: 'hang' }
  /** HTTP 200 with a truncated JSON body. */
  | { kind: 'invalid_json' }
  /** HTTP 200 with JSON that is not a Business Discovery answer. */
  | { kind: 'wrong_shape' };

export interface AppUsage {
  call_count?: number;
  total_cputime?: number;
  total_time?: number;
}

export interface FakeGraphBehaviour {
  /** Every request for that username fails this way. */
  faultsByUsername: Record<string, FakeGraphFault>;
  /** The next requests fail in this order, one fault each, whatever the username; consumed as used. */
  nextFaults: FakeGraphFault[];
  /** Sent as the X-App-Usage header on every answer while set. */
  appUsage: AppUsage | undefined;
  /**
   * Sent as the X-Business-Use-Case-Usage header on every answer while set, keyed by the service's own
   * Instagram account id, as the rate-limiting page shows it.
   */
  businessUseCaseUsage: (AppUsage & { estimated_time_to_regain_access?: number }) | undefined;
  /** Graph sometimes still gives an `after` cursor on the last page (then the next page is empty). */
  cursorOnLastPage: boolean;
  /** Most media in one page whatever the limit asked (Graph cuts pages short); 100 unless told. */
  maxPageSize: number;
  /**
   * Answers for that username wait this many milliseconds (a slow Graph): the request is in `requests`
   * at once, its answer comes later, so a test can act while a refresh is in flight.
   */
  delayMsByUsername: Record<string, number>;
}

export interface FakeGraphRequest {
  method: string;
  path: string;
  accessToken: string | undefined;
  fields: string | undefined;
  /** What the fake read from `fields`, when it could. */
  username: string | undefined;
  /** Undefined when no media were asked for. */
  limit: number | undefined;
  after: string | undefined;
  /** The fault this request got, if any. */
  fault: FakeGraphFault['kind'] | undefined;
}

export interface FakeGraphOptions {
  accounts?: FakeGraphAccount[];
  igUserId?: string;
  version?: string;
  /** When set, any other token gets Graph's "Invalid OAuth access token" (code 190). */
  accessToken?: string;
  behaviour?: Partial<FakeGraphBehaviour>;
}

export interface FakeGraph {
  /** e.g. http://127.0.0.1:41234 — pass as the source's baseUrl. */
  baseUrl: string;
  /** Every request received, in order (faulted ones included). */
  requests: FakeGraphRequest[];
  setBehaviour(patch: Partial<FakeGraphBehaviour>): void;
  close(): Promise<void>;
}

/** Graph's default page size when `media` has no `.limit()`; larger limits are cut to the maximum. */
const DEFAULT_MEDIA_LIMIT = 25;
const MAX_MEDIA_LIMIT = 100;

const ACCOUNT_FIELDS = new Set([
  'id',
  'ig_id',
  'username',
  'name',
  'biography',
  'website',
  'profile_picture_url',
  'followers_count',
  'follows_count',
  'media_count',
  'media',
]);
const MEDIA_FIELDS = new Set([
  'id',
  'caption',
  'media_type',
  'media_product_type',
  'media_url',
  'thumbnail_url',
  'permalink',
  'shortcode',
  'timestamp',
  'username',
  'like_count',
  'comments_count',
  'children',
]);
const CHILD_FIELDS = new Set([
  'id',
  'media_type',
  'media_url',
  'thumbnail_url',
  'permalink',
  'timestamp',
  'username',
]);

const THROTTLE_MESSAGES: Record<4 | 17 | 32 | 613 | 80002, string> = {
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
  613: '(#613) Calls to this api have exceeded the rate limit.',
  80002:
    '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
};

// ---------------------------------------------------------------------------------------------------
// The `fields` expression: `a,b{c,d},e.limit(3).after(X){f}`.

interface FieldNode {
  name: string;
  modifiers: Map<string, string>;
  subfields: FieldNode[] | undefined;
}

class FieldSyntaxError extends Error {}

function parseFieldExpression(text: string): FieldNode[] {
  let at = 0;
  const peek = () => text[at];
  const expect = (char: string) => {
    if (text[at] !== char) throw new FieldSyntaxError(`expected "${char}" at ${at}`);
    at++;
  };
  const name = (): string => {
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(at));
    if (!match) throw new FieldSyntaxError(`expected a field name at ${at}`);
    at += match[0].length;
    return match[0];
  };
  const list = (): FieldNode[] => {
    const nodes: FieldNode[] = [];
    for (;;) {
      const node: FieldNode = { name: name(), modifiers: new Map(), subfields: undefined };
      while (peek() === '.') {
        at++;
        const modifier = name();
        expect('(');
        const close = text.indexOf(')', at);
        if (close < 0) throw new FieldSyntaxError(`unclosed "(" after ${modifier}`);
        node.modifiers.set(modifier, text.slice(at, close));
        at = close + 1;
      }
      if (peek() === '{') {
        at++;
        node.subfields = list();
        expect('}');
      }
      nodes.push(node);
      if (peek() !== ',') return nodes;
      at++;
    }
  };
  const nodes = list();
  if (at !== text.length) throw new FieldSyntaxError(`unexpected "${text[at]}" at ${at}`);
  return nodes;
}

// ---------------------------------------------------------------------------------------------------

function encodeCursor(username: string, offset: number): string {
  return Buffer.from(`${username}:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string, username: string): number | undefined {
  const [owner, offset] = Buffer.from(cursor, 'base64url').toString().split(':');
  if (owner !== username || offset === undefined || !/^\d+$/.test(offset)) return undefined;
  return Number(offset);
}

class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly subcode?: number,
    readonly type = 'OAuthException',
    readonly isTransient = false,
  ) {
    super(message);
  }
}

function nonexistentField(name: string, on: string): GraphError {
  return new GraphError(400, 100, `(#100) Tried accessing nonexisting field (${name}) on node type (${on})`);
}

function pick(source: object, nodes: FieldNode[], known: Set<string>, type: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const node of nodes) {
    if (!known.has(node.name)) throw nonexistentField(node.name, type);
    const value = (source as Record<string, unknown>)[node.name];
    if (value !== undefined) out[node.name] = value;
  }
  return out;
}

function projectMedia(media: FakeGraphMedia, nodes: FieldNode[]): Record<string, unknown> {
  const childrenNode = nodes.find((n) => n.name === 'children');
  const out = pick(
    media,
    nodes.filter((n) => n.name !== 'children'),
    MEDIA_FIELDS,
    'Media',
  );
  if (childrenNode && media.children && media.children.length > 0) {
    const childNodes = childrenNode.subfields ?? [{ name: 'id', modifiers: new Map(), subfields: undefined }];
    out.children = { data: media.children.map((child) => pick(child, childNodes, CHILD_FIELDS, 'Media')) };
  }
  return out;
}

function projectAccount(
  account: FakeGraphAccount,
  nodes: FieldNode[],
  paging: Pick<FakeGraphBehaviour, 'cursorOnLastPage' | 'maxPageSize'>,
): Record<string, unknown> {
  const mediaNode = nodes.find((n) => n.name === 'media');
  const out = pick(
    account,
    nodes.filter((n) => n.name !== 'media'),
    ACCOUNT_FIELDS,
    'User',
  );
  if (!mediaNode) return out;

  const limitText = mediaNode.modifiers.get('limit');
  let limit = DEFAULT_MEDIA_LIMIT;
  if (limitText !== undefined) {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1) {
      throw new GraphError(400, 100, `(#100) Invalid limit: ${limitText}`);
    }
    limit = Number(limitText);
  }
  limit = Math.min(limit, MAX_MEDIA_LIMIT, paging.maxPageSize);
  const afterText = mediaNode.modifiers.get('after');
  let offset = 0;
  if (afterText !== undefined) {
    const decoded = decodeCursor(afterText, account.username);
    if (decoded === undefined) throw new GraphError(400, 100, '(#100) Invalid cursor');
    offset = decoded;
  }
  const page = account.media.slice(offset, offset + limit);
  const mediaNodes = mediaNode.subfields ?? [{ name: 'id', modifiers: new Map(), subfields: undefined }];
  const media: Record<string, unknown> = { data: page.map((m) => projectMedia(m, mediaNodes)) };
  if (page.length > 0) {
    const end = offset + page.length;
    const hasMore = end < account.media.length;
    media.paging = {
      cursors: {
        before: encodeCursor(account.username, offset),
        ...(hasMore || paging.cursorOnLastPage ? { after: encodeCursor(account.username, end) } : {}),
      },
    };
  }
  out.media = media;
  return out;
}

// ---------------------------------------------------------------------------------------------------

export async function startFakeGraph(options: FakeGraphOptions = {}): Promise<FakeGraph> {
  const igUserId = options.igUserId ?? FAKE_IG_USER_ID;
  const version = options.version ?? 'v25.0';
  const accounts = new Map(
    (options.accounts ?? sampleGraphAccounts()).map((a) => [a.username.toLowerCase(), a]),
  );
  const behaviour: FakeGraphBehaviour = {
    faultsByUsername: {},
    nextFaults: [],
    appUsage: undefined,
    businessUseCaseUsage: undefined,
    cursorOnLastPage: false,
    maxPageSize: MAX_MEDIA_LIMIT,
    delayMsByUsername: {},
    ...options.behaviour,
  };
  /** Answers held back by delayMsByUsername, cancelled by close(). */
  const delayed = new Set<NodeJS.Timeout>();
  const requests: FakeGraphRequest[] = [];
  let traceCounter = 0;

  const send = (res: ServerResponse, status: number, body: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
    if (behaviour.appUsage) headers['x-app-usage'] = JSON.stringify(behaviour.appUsage);
    if (behaviour.businessUseCaseUsage)
      headers['x-business-use-case-usage'] = JSON.stringify({
        [igUserId]: [{ type: 'instagram', ...behaviour.businessUseCaseUsage }],
      });
    res.writeHead(status, headers).end(body);
  };
  const sendError = (res: ServerResponse, error: GraphError) => {
    send(
      res,
      error.status,
      JSON.stringify({
        error: {
          message: error.message,
          type: error.type,
          code: error.code,
          ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
          is_transient: error.isTransient,
          fbtrace_id: `AFake${++traceCounter}`,
        },
      }),
    );
  };

  const applyFault = (res: ServerResponse, fault: FakeGraphFault) => {
    switch (fault.kind) {
      case 'not_business':
        return sendError(res, new GraphError(400, 110, 'Invalid user id', 2207013));
      case 'throttled':
        return sendError(
          res,
          new GraphError(400, fault.code, THROTTLE_MESSAGES[fault.code], undefined, 'OAuthException', true),
        );
      case 'server_error':
        return sendError(
          res,
          new GraphError(
            fault.status ?? 500,
            2,
            'An unexpected error has occurred. Please retry your request later.',
            undefined,
            'OAuthException',
            true,
          ),
        );
      case 'hang':
        // Left open on purpose; close() ends the connection.
        return;
      case 'invalid_json':
        return send(res, 200, '{"business_discovery":{"username":"blu');
      case 'wrong_shape':
        return send(
          res,
          200,
          JSON.stringify({ business_discovery: { username: 42, media: 'none' }, id: igUserId }),
        );
    }
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const fields = url.searchParams.get('fields') ?? undefined;
    const record: FakeGraphRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      accessToken: url.searchParams.get('access_token') ?? undefined,
      fields,
      username: undefined,
      limit: undefined,
      after: undefined,
      fault: undefined,
    };
    requests.push(record);
    try {
      if (record.method !== 'GET' || url.pathname !== `/${version}/${igUserId}`) {
        throw new GraphError(
          400,
          100,
          `Unsupported ${record.method} request. Object with ID '${url.pathname}' does not exist.`,
        );
      }
      if (options.accessToken !== undefined && record.accessToken !== options.accessToken) {
        throw new GraphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
      }
      if (fields === undefined)
        throw new GraphError(400, 100, '(#100) The fields parameter is required here');
      let nodes: FieldNode[];
      try {
        nodes = parseFieldExpression(fields);
      } catch (error) {
        if (error instanceof FieldSyntaxError)
          throw new GraphError(400, 2500, `Syntax error: ${error.message}`);
        throw error;
      }
      const discovery = nodes.find((n) => n.name === 'business_discovery');
      const username = discovery?.modifiers.get('username');
      if (!discovery || username === undefined || nodes.length !== 1) {
        throw new GraphError(400, 100, '(#100) Expected business_discovery.username(NAME){…} only');
      }
      const mediaNode = discovery.subfields?.find((n) => n.name === 'media');
      record.username = username;
      if (mediaNode) {
        const limit = mediaNode.modifiers.get('limit');
        record.limit = limit === undefined ? DEFAULT_MEDIA_LIMIT : Number(limit);
        record.after = mediaNode.modifiers.get('after');
      }

      const fault = behaviour.nextFaults.shift() ?? behaviour.faultsByUsername[username.toLowerCase()];
      if (fault) {
        record.fault = fault.kind;
        return applyFault(res, fault);
      }
      const account = accounts.get(username.toLowerCase());
      if (!account || account.accountType === 'personal') {
        throw new GraphError(400, 110, 'Invalid user id', 2207013);
      }
      const subfields = discovery.subfields ?? [{ name: 'id', modifiers: new Map(), subfields: undefined }];
      const body = JSON.stringify({
        business_discovery: projectAccount(account, subfields, behaviour),
        id: igUserId,
      });
      const delayMs = behaviour.delayMsByUsername[username.toLowerCase()] ?? 0;
      if (delayMs <= 0) return send(res, 200, body);
      const timer = setTimeout(() => {
        delayed.delete(timer);
        send(res, 200, body);
      }, delayMs);
      delayed.add(timer);
    } catch (error) {
      if (error instanceof GraphError) return sendError(res, error);
      send(res, 500, JSON.stringify({ error: { message: String(error), type: 'FakeGraphBug', code: 1 } }));
    }
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setBehaviour(patch) {
      Object.assign(behaviour, patch);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        delayed.forEach((timer) => clearTimeout(timer));
        delayed.clear();
        // Hanging requests would keep close() waiting for ever.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// ---------------------------------------------------------------------------------------------------

/** "2026-06-01T16:01:55+0000", as Graph writes timestamps. */
export function graphTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+0000');
}

const SAMPLE_NEWEST = Date.parse('2026-06-01T16:01:55Z');
const CDN = 'https://scontent.cdninstagram.com/v/t51.29350-15';
const OE = 'oe=6A1B2C3D';

/** `count` posts, newest first: a carousel, a reel without media_url, a playable reel, then images. */
export function sampleGraphMedia(prefix: string, count: number): FakeGraphMedia[] {
  const media: FakeGraphMedia[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}${String(i).padStart(4, '0')}`;
    const timestamp = graphTimestamp(new Date(SAMPLE_NEWEST - i * 7 * 3_600_000));
    const base = {
      id,
      caption: i % 5 === 4 ? undefined : `Post ${i} #sample`,
      permalink: `https://www.instagram.com/p/C${id}/`,
      timestamp,
      // Every 7th post hides its like count, as owners may.
      like_count: i % 7 === 6 ? undefined : 1000 - i,
      comments_count: i % 10,
    };
    if (i === 0) {
      media.push({
        ...base,
        media_type: 'CAROUSEL_ALBUM',
        media_product_type: 'FEED',
        media_url: `${CDN}/${id}_1_n.jpg?${OE}`,
        children: [
          { id: `${id}01`, media_type: 'IMAGE', media_url: `${CDN}/${id}_1_n.jpg?${OE}` },
          { id: `${id}02`, media_type: 'IMAGE', media_url: `${CDN}/${id}_2_n.jpg?${OE}` },
          {
            id: `${id}03`,
            media_type: 'VIDEO',
            media_url: `https://scontent.cdninstagram.com/o1/v/t16/${id}_3.mp4?${OE}`,
            thumbnail_url: `${CDN}/${id}_3_n.jpg?${OE}`,
          },
        ],
      });
    } else if (i === 1) {
      // The copyrighted-audio case: no media_url at all.
      media.push({
        ...base,
        media_type: 'VIDEO',
        media_product_type: 'REELS',
        thumbnail_url: `${CDN}/${id}_n.jpg?${OE}`,
        permalink: `https://www.instagram.com/reel/C${id}/`,
      });
    } else if (i === 2) {
      media.push({
        ...base,
        media_type: 'VIDEO',
        media_product_type: 'REELS',
        media_url: `https://scontent.cdninstagram.com/o1/v/t16/${id}.mp4?${OE}`,
        thumbnail_url: `${CDN}/${id}_n.jpg?${OE}`,
        permalink: `https://www.instagram.com/reel/C${id}/`,
      });
    } else {
      media.push({
        ...base,
        media_type: 'IMAGE',
        media_product_type: 'FEED',
        media_url: `${CDN}/${id}_n.jpg?${OE}`,
      });
    }
  }
  return media;
}

/**
 * - `bluebottle`: business, 120 posts (three pages of 50 reach a limit of 120).
 * - `tinyshop`: creator, 3 posts.
 * - `emptyshop`: business, no posts.
 * - `personal_sara`: personal (Graph answers code 110/2207013, like for an unknown name).
 */
export function sampleGraphAccounts(): FakeGraphAccount[] {
  return [
    {
      id: '17841401441775531',
      username: 'bluebottle',
      accountType: 'business',
      name: 'Blue Bottle Coffee',
      profile_picture_url: `https://scontent.xx.fbcdn.net/v/t51.2885-15/1_n.jpg?_nc_cat=1&${OE}`,
      followers_count: 267793,
      follows_count: 150,
      media_count: 120,
      media: sampleGraphMedia('1799', 120),
    },
    {
      id: '17841400000000002',
      username: 'tinyshop',
      accountType: 'creator',
      name: 'Tiny Shop',
      followers_count: 812,
      follows_count: 90,
      media_count: 3,
      media: sampleGraphMedia('1800', 3),
    },
    {
      id: '17841400000000003',
      username: 'emptyshop',
      accountType: 'business',
      followers_count: 0,
      follows_count: 0,
      media_count: 0,
      media: [],
    },
    { id: '17841400000000004', username: 'personal_sara', accountType: 'personal', media: [] },
  ];
}
