import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_MEDIA_LIMIT,
  FieldSyntaxError,
  GraphError,
  MAX_MEDIA_LIMIT,
  parseFieldExpression,
  projectAccount,
  type FakeGraphAccount,
  type FieldNode,
} from './fake-graph-fields.js';
import { sampleGraphAccounts } from './fake-graph-samples.js';

/**
 * A fake of Instagram's Graph API (Business Discovery) on 127.0.0.1, reproducing the shapes in
 * the contracts in api/src/testing/contracts/instagram: the `fields` expression is parsed for real (username, media limit,
 * after-cursor, which fields were asked for), media are paged with opaque cursors, and errors come in
 * Graph's own envelope. Faults can be injected per username or per request. The reading of `fields` and
 * the answer's shape are in fake-graph-fields.ts, the sample accounts in fake-graph-samples.ts.
 */

export const FAKE_IG_USER_ID = '17841405309211844';

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

const THROTTLE_MESSAGES: Record<4 | 17 | 32 | 613 | 80002, string> = {
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
  613: '(#613) Calls to this api have exceeded the rate limit.',
  80002:
    '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
};

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
