import type { CachePort } from '../cache/cache.port.js';
import type { ApiEnv } from '../config/env.js';
import type { Clock } from '../lib/clock.js';
import { CacheCallBudget } from './call-budget.js';
import { DemoSource } from './demo.source.js';
import { GraphSource } from './graph.source.js';
import type { ConnectionToken } from './instagram-connect.service.js';
import { HttpInstagramLogin, type InstagramLoginPort } from './instagram-login.client.js';
import { DevInstagramLogin } from './dev-instagram-login.js';
import { HttpFacebookLogin } from '../integrations/facebook/facebook-login.client.js';
import { err, type Result } from '../lib/result.js';
import type {
  CallContext,
  FetchContentOptions,
  InstagramSource,
  SourceCapabilities,
  SourceContent,
  SourceFailure,
  SourceProfile,
} from './instagram.source.js';
import { fetchWithToken, reconnectNeeded, sourceFailureOf } from './login.source.js';

/** The variables that choose and configure the Instagram source (validated once, in config/env.ts). */
export type InstagramEnv = Pick<
  ApiEnv,
  | 'IG_GRAPH_TOKEN'
  | 'IG_GRAPH_USER_ID'
  | 'IG_GRAPH_VERSION'
  | 'IG_GRAPH_BASE_URL'
  | 'IG_CALLS_PER_HOUR'
  | 'NODE_ENV'
  | 'DEMO_CONTENT'
>;

export type InstagramLoginEnv = Pick<
  ApiEnv,
  | 'NODE_ENV'
  | 'APP_URL'
  | 'INSTAGRAM_APP_ID'
  | 'INSTAGRAM_APP_SECRET'
  | 'INSTAGRAM_AUTHORIZE_URL'
  | 'INSTAGRAM_API_URL'
  | 'INSTAGRAM_GRAPH_URL'
  | 'INSTAGRAM_GRAPH_VERSION'
>;

/**
 * Instagram Login: the real API when INSTAGRAM_APP_ID/SECRET are set; outside production without them,
 * the dev consent page's stand-in; in production without them, none.
 */
export function createInstagramLogin(
  env: InstagramLoginEnv,
  deps: { clock: Clock; fetch?: typeof fetch },
): InstagramLoginPort | undefined {
  if (env.INSTAGRAM_APP_ID && env.INSTAGRAM_APP_SECRET) {
    return new HttpInstagramLogin({
      appId: env.INSTAGRAM_APP_ID,
      appSecret: env.INSTAGRAM_APP_SECRET,
      authorizeUrl: env.INSTAGRAM_AUTHORIZE_URL,
      apiUrl: env.INSTAGRAM_API_URL,
      graphUrl: env.INSTAGRAM_GRAPH_URL,
      version: env.INSTAGRAM_GRAPH_VERSION,
      fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
      clock: deps.clock,
    });
  }
  if (env.NODE_ENV === 'production') return undefined;
  return new DevInstagramLogin({ appUrl: env.APP_URL, clock: deps.clock });
}

export type FacebookLoginEnv = Pick<
  ApiEnv,
  | 'NODE_ENV'
  | 'APP_URL'
  | 'FACEBOOK_APP_ID'
  | 'FACEBOOK_APP_SECRET'
  | 'FACEBOOK_CONFIG_ID'
  | 'FACEBOOK_AUTHORIZE_URL'
  | 'FACEBOOK_GRAPH_URL'
  | 'FACEBOOK_GRAPH_VERSION'
>;

/**
 * Facebook Login for Business (the story source): the real API when FACEBOOK_APP_ID/SECRET are set;
 * outside production without them, the dev consent page's stand-in; in production without them, none
 * (and nothing changes for merchants).
 */
export function createFacebookLogin(
  env: FacebookLoginEnv,
  deps: { clock: Clock; fetch?: typeof fetch },
): InstagramLoginPort | undefined {
  if (env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET) {
    return new HttpFacebookLogin({
      appId: env.FACEBOOK_APP_ID,
      appSecret: env.FACEBOOK_APP_SECRET,
      configId: env.FACEBOOK_CONFIG_ID,
      authorizeUrl: env.FACEBOOK_AUTHORIZE_URL,
      graphUrl: env.FACEBOOK_GRAPH_URL,
      version: env.FACEBOOK_GRAPH_VERSION,
      fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
      clock: deps.clock,
    });
  }
  if (env.NODE_ENV === 'production') return undefined;
  return new DevInstagramLogin({
    appUrl: env.APP_URL,
    clock: deps.clock,
    consentPath: '/dev/facebook/authorize',
  });
}

export interface InstagramSourceDeps {
  clock: Clock;
  /** Holds the Graph call budget, shared by every API and cron process; the demo source makes no calls. */
  cache: CachePort;
  /** Outside HTTP, injected so tests point at a fake. Defaults to the global fetch. */
  fetch?: typeof fetch;
}

/**
 * Instagram's Graph API (Business Discovery) when both IG_GRAPH_TOKEN and IG_GRAPH_USER_ID are set, the
 * demo source otherwise. (The environment schema refuses one without the other.)
 */
/**
 * Whether accounts can be read by username here: with Business Discovery keys, or generated sample
 * content anywhere but production (in production only with DEMO_CONTENT=true, on purpose).
 */
export function usernameSourceAvailable(env: InstagramEnv): boolean {
  return (
    Boolean(env.IG_GRAPH_TOKEN && env.IG_GRAPH_USER_ID) || env.NODE_ENV !== 'production' || env.DEMO_CONTENT
  );
}

/** No username source (production without Business Discovery keys): every read says so, nothing is made up. */
export class NoUsernameSource implements InstagramSource {
  readonly name = 'none' as const;
  readonly capabilities: SourceCapabilities = { highlights: false, stories: false };
  private readonly failure: SourceFailure = {
    kind: 'unavailable',
    message: 'Connecting by username is not available on this service.',
    detail: 'no username source: production without IG_GRAPH_TOKEN/IG_GRAPH_USER_ID and DEMO_CONTENT unset',
  };

  lookupAccount(): Promise<Result<SourceProfile, SourceFailure>> {
    return Promise.resolve(err(this.failure));
  }

  fetchContent(): Promise<Result<SourceContent, SourceFailure>> {
    return Promise.resolve(err(this.failure));
  }
}

/**
 * The username source: Business Discovery with its keys; else generated sample content, which production
 * never serves unless DEMO_CONTENT=true (there it gets `NoUsernameSource`).
 */
export function createInstagramSource(env: InstagramEnv, deps: InstagramSourceDeps): InstagramSource {
  if (!usernameSourceAvailable(env)) return new NoUsernameSource();
  if (env.IG_GRAPH_TOKEN && env.IG_GRAPH_USER_ID) {
    return new GraphSource({
      token: env.IG_GRAPH_TOKEN,
      igUserId: env.IG_GRAPH_USER_ID,
      version: env.IG_GRAPH_VERSION,
      baseUrl: env.IG_GRAPH_BASE_URL,
      fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
      budget: new CacheCallBudget(
        deps.cache,
        deps.clock,
        `graph:${env.IG_GRAPH_USER_ID}`,
        env.IG_CALLS_PER_HOUR,
      ),
      clock: deps.clock,
    });
  }
  return new DemoSource({ clock: deps.clock });
}

/** What the selecting source needs from the Instagram Login connections. */
export interface ConnectedTokens {
  tokenFor(userId: string): Promise<ConnectionToken | undefined>;
  markNeedsReconnect(connectionId: string, reason: string): Promise<void>;
}

/**
 * The one place that decides where an account's content comes from: a merchant connected through
 * Instagram Login is read with their own token (graph.instagram.com, or the dev stand-in); everyone else
 * by username through the fallback (Business Discovery, or the demo source). A refused token (error 190)
 * marks the connection for reconnecting and the store keeps its last good content.
 */
export class SelectingSource implements InstagramSource {
  readonly name: InstagramSource['name'];
  readonly capabilities: InstagramSource['capabilities'];

  constructor(
    private readonly fallback: InstagramSource,
    private readonly login: InstagramLoginPort | undefined,
    private readonly tokens: ConnectedTokens,
  ) {
    this.name = fallback.name;
    this.capabilities = fallback.capabilities;
  }

  lookupAccount(username: string, context?: CallContext): Promise<Result<SourceProfile, SourceFailure>> {
    return this.fallback.lookupAccount(username, context);
  }

  async fetchContent(
    username: string,
    options: FetchContentOptions,
  ): Promise<Result<SourceContent, SourceFailure>> {
    const connection = this.login && options.userId ? await this.tokens.tokenFor(options.userId) : undefined;
    if (!this.login || !connection) return this.fallback.fetchContent(username, options);
    if (connection.status === 'needs_reconnect') return err(reconnectNeeded());
    const fetched = await fetchWithToken(this.login, connection.token, options.limit);
    if (fetched.ok) return fetched;
    if (fetched.error.kind === 'invalid_token' || fetched.error.kind === 'permission') {
      await this.tokens.markNeedsReconnect(connection.connectionId, fetched.error.message);
    }
    return err(sourceFailureOf(fetched.error));
  }
}
