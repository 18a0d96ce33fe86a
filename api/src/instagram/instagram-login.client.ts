import type { z } from 'zod';
import { sha256 } from '../auth/crypto.js';
import { ZGraphErrorResponse } from './graph.schemas.js';
import { GraphBackoff, throttleMsFor } from './graph-throttle.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { SourcePost, SourceProfile, SourceStory } from './instagram.source.js';
import { parseJsonKeepingBigIntegers } from '../lib/json-big-integers.js';
import { err, ok, type Result } from '../lib/result.js';
import type { FetchLike } from '../integrations/platform-http.js';
import {
  ZCodeExchangeAnswer,
  ZInstagramMe,
  ZInstagramMediaPage,
  ZInstagramStoriesPage,
  ZLongLivedToken,
  type InstagramMe,
} from './instagram-login.schemas.js';

export const INSTAGRAM_SCOPE = 'instagram_business_basic';
/** `id` is the app-scoped id, `user_id` the professional account's: Meta's callbacks may use either. */
export const ME_FIELDS =
  'id,user_id,username,name,account_type,profile_picture_url,followers_count,follows_count,media_count';
export const MEDIA_FIELDS =
  'id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp,like_count,comments_count,children{id,media_type,media_url,thumbnail_url}';
export const STORY_FIELDS = 'id,media_type,media_url,thumbnail_url,permalink,timestamp';
const PAGE_SIZE = 50;
const MINUTE = 60_000;

/** Why a call with a merchant's token failed. `invalid_token` (Graph error 190) means: reconnect. */
export interface LoginFailure {
  kind: 'invalid_token' | 'rate_limited' | 'permission' | 'rejected' | 'unavailable';
  /** For people. */
  message: string;
  /** Graph's error code when there was one (190, 10, 4, 17…). */
  code?: number | undefined;
  retryAfterMs?: number | undefined;
  /** For logs; never contains a token. */
  detail?: string | undefined;
  /** Facebook Login: the person manages no Page with a linked Instagram professional account. */
  noLinkedInstagram?: boolean | undefined;
}

export interface LongLivedToken {
  accessToken: string;
  expiresInSeconds: number;
}

export interface LoginProfile extends SourceProfile {
  accountType: string | null;
  /**
   * Every id `/me` gave for this account (`user_id`, the professional account's id, and `id`, the
   * app-scoped one); Meta's signed requests may name the person by either.
   */
  ids: string[];
}

/** The code exchange's answer: the short-lived token and the id it names the person by, when given. */
export interface ShortLivedGrant {
  accessToken: string;
  userId?: string | undefined;
}

/**
 * Instagram Login as the service sees it: the authorize window, the token exchanges and the reads of the
 * merchant's own account. Implemented by the real API (below) and, outside production without
 * credentials, by the dev consent page's stand-in.
 */
export interface InstagramLoginPort {
  readonly kind: 'instagram' | 'facebook' | 'dev';
  authorizeUrl(input: { redirectUri: string; state: string }): string;
  exchangeCode(code: string, redirectUri: string): Promise<Result<ShortLivedGrant, LoginFailure>>;
  exchangeLongLived(shortLivedToken: string): Promise<Result<LongLivedToken, LoginFailure>>;
  refresh(longLivedToken: string): Promise<Result<LongLivedToken, LoginFailure>>;
  me(token: string): Promise<Result<LoginProfile, LoginFailure>>;
  media(token: string, limit: number, username: string): Promise<Result<SourcePost[], LoginFailure>>;
  /** The account's current stories; `igUserId` names the account where the API needs it (Facebook Login). */
  stories(token: string, igUserId?: string): Promise<Result<SourceStory[], LoginFailure>>;
}

export interface HttpInstagramLoginOptions {
  /** Backoffs follow this clock (the runtime's). */
  clock?: Clock;
  appId: string;
  appSecret: string;
  authorizeUrl: string;
  apiUrl: string;
  graphUrl: string;
  version: string;
  fetch: FetchLike;
  timeoutMs?: number;
}

/** Codes Meta documents as temporary ("retry the operation"): unknown error (1), service down (2). */
const TRANSIENT_CODES = new Set([1, 2]);
/** The real Instagram API with Instagram Login. Only the configured hosts are ever called. */
export class HttpInstagramLogin implements InstagramLoginPort {
  readonly kind: InstagramLoginPort['kind'] = 'instagram';
  protected readonly graphBase: string;
  private readonly graphOrigin: string;
  /**
   * Pauses before and after Meta's limits: the whole app (X-App-Usage high, error 4), or one account
   * (X-Business-Use-Case-Usage high, a per-account throttling code), keyed by a hash of the token the
   * calls use, so a busy account never slows the others.
   */
  private readonly backoff: GraphBackoff;

  constructor(private readonly options: HttpInstagramLoginOptions) {
    this.backoff = new GraphBackoff(options.clock ?? systemClock);
    this.graphBase = `${options.graphUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.version)}`;
    this.graphOrigin = new URL(options.graphUrl).origin;
  }

  authorizeUrl(input: { redirectUri: string; state: string }): string {
    const url = new URL(this.options.authorizeUrl);
    url.searchParams.set('client_id', this.options.appId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', INSTAGRAM_SCOPE);
    url.searchParams.set('state', input.state);
    return url.toString();
  }

  async exchangeCode(code: string, redirectUri: string): Promise<Result<ShortLivedGrant, LoginFailure>> {
    const body = new URLSearchParams({
      client_id: this.options.appId,
      client_secret: this.options.appSecret,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      code,
    });
    const answer = await this.call(
      `${this.options.apiUrl.replace(/\/+$/, '')}/oauth/access_token`,
      { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      ZCodeExchangeAnswer,
      [code],
      undefined,
    );
    return answer.ok ? ok({ accessToken: answer.value.access_token, userId: answer.value.user_id }) : answer;
  }

  async exchangeLongLived(shortLivedToken: string): Promise<Result<LongLivedToken, LoginFailure>> {
    const url = new URL(`${this.options.graphUrl.replace(/\/+$/, '')}/access_token`);
    url.searchParams.set('grant_type', 'ig_exchange_token');
    url.searchParams.set('client_secret', this.options.appSecret);
    url.searchParams.set('access_token', shortLivedToken);
    const answer = await this.call(
      url.toString(),
      { method: 'GET' },
      ZLongLivedToken,
      [shortLivedToken],
      shortLivedToken,
    );
    return answer.ok
      ? ok({ accessToken: answer.value.access_token, expiresInSeconds: answer.value.expires_in })
      : answer;
  }

  async refresh(longLivedToken: string): Promise<Result<LongLivedToken, LoginFailure>> {
    const url = new URL(`${this.options.graphUrl.replace(/\/+$/, '')}/refresh_access_token`);
    url.searchParams.set('grant_type', 'ig_refresh_token');
    url.searchParams.set('access_token', longLivedToken);
    const answer = await this.call(
      url.toString(),
      { method: 'GET' },
      ZLongLivedToken,
      [longLivedToken],
      longLivedToken,
    );
    return answer.ok
      ? ok({ accessToken: answer.value.access_token, expiresInSeconds: answer.value.expires_in })
      : answer;
  }

  async me(token: string): Promise<Result<LoginProfile, LoginFailure>> {
    const url = new URL(`${this.graphBase}/me`);
    url.searchParams.set('fields', ME_FIELDS);
    url.searchParams.set('access_token', token);
    const answer = await this.call(url.toString(), { method: 'GET' }, ZInstagramMe, [token], token);
    return answer.ok ? ok(profileOf(answer.value)) : answer;
  }

  async media(token: string, limit: number, username: string): Promise<Result<SourcePost[], LoginFailure>> {
    const posts: SourcePost[] = [];
    const seen = new Set<string>();
    const first = new URL(`${this.graphBase}/me/media`);
    first.searchParams.set('fields', MEDIA_FIELDS);
    first.searchParams.set('limit', String(Math.min(PAGE_SIZE, Math.max(1, limit))));
    first.searchParams.set('access_token', token);
    let next: string | undefined = first.toString();
    while (next && posts.length < limit) {
      const page = await this.call(next, { method: 'GET' }, ZInstagramMediaPage, [token], token);
      if (!page.ok) return page;
      const before = posts.length;
      for (const media of page.value.data) {
        if (posts.length >= limit || seen.has(media.id)) continue;
        seen.add(media.id);
        posts.push({
          id: media.id,
          mediaType: media.media_type,
          productType: media.media_product_type,
          caption: media.caption ?? '',
          mediaUrl: media.media_url,
          thumbnailUrl: media.thumbnail_url,
          permalink: media.permalink ?? `https://www.instagram.com/${username}/`,
          timestamp: media.timestamp,
          likeCount: media.like_count,
          commentsCount: media.comments_count,
          children: (media.children?.data ?? []).map((c) => ({
            id: c.id,
            mediaType: c.media_type,
            mediaUrl: c.media_url,
            thumbnailUrl: c.thumbnail_url,
          })),
        });
      }
      if (posts.length === before) break;
      next = this.sameOrigin(page.value.paging?.next);
    }
    posts.sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0));
    return ok(posts);
  }

  stories(token: string): Promise<Result<SourceStory[], LoginFailure>> {
    return this.readStories(`${this.graphBase}/me/stories`, token);
  }

  /** Reads a stories edge (`/me/stories`, `/{ig-user-id}/stories`): every page, IG Media as documented. */
  protected async readStories(edge: string, token: string): Promise<Result<SourceStory[], LoginFailure>> {
    const url = new URL(edge);
    url.searchParams.set('fields', STORY_FIELDS);
    url.searchParams.set('access_token', token);
    const stories: SourceStory[] = [];
    let next: string | undefined = url.toString();
    // Stories of a day fit a page or two; the cap keeps a misbehaving cursor from looping.
    for (let pages = 0; next && pages < 10; pages++) {
      const page = await this.call(next, { method: 'GET' }, ZInstagramStoriesPage, [token], token);
      if (!page.ok) return page;
      for (const s of page.value.data) {
        // A video whose file Meta withholds (licensed audio) is archived as its thumbnail, a still.
        const withheld = s.media_type === 'VIDEO' && !s.media_url;
        const mediaUrl = s.media_url ?? s.thumbnail_url;
        if (!mediaUrl) continue;
        stories.push({
          id: s.id,
          mediaType: withheld ? 'IMAGE' : s.media_type,
          mediaUrl,
          thumbnailUrl: s.thumbnail_url,
          timestamp: s.timestamp,
        });
      }
      next = this.sameOrigin(page.value.paging?.next);
    }
    return ok(stories);
  }

  /** A paging URL is followed only on the configured Graph host (it carries the token). */
  protected sameOrigin(next: string | undefined): string | undefined {
    if (!next) return undefined;
    try {
      return new URL(next).origin === this.graphOrigin ? next : undefined;
    } catch {
      return undefined;
    }
  }

  protected async call<S extends z.ZodType>(
    url: string,
    init: RequestInit,
    schema: S,
    secrets: string[],
    /** The merchant's token the call uses, for that account's backoff; none for the code exchange. */
    token: string | undefined,
  ): Promise<Result<z.infer<S>, LoginFailure>> {
    const account = token === undefined ? undefined : sha256(token);
    const paused = this.backoff.pausedFor(account);
    if (paused) return err(pausedFailure(paused.ms, paused.reason));
    const redact = (text: string) =>
      [...secrets, this.options.appSecret].reduce(
        (t, s) => (s ? t.replaceAll(s, '[secret]').replaceAll(encodeURIComponent(s), '[secret]') : t),
        text,
      );
    let res: Response;
    let text: string;
    try {
      res = await this.options.fetch(url, {
        ...init,
        headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      text = await res.text();
    } catch (e) {
      return err({
        kind: 'unavailable',
        message: 'Instagram could not be reached. We will try again shortly.',
        detail: redact(e instanceof Error ? `${e.name}: ${e.message}` : String(e)),
      });
    }
    let json: unknown;
    try {
      // Ids can come as bare JSON numbers beyond 2^53: read with every digit (as strings).
      json = parseJsonKeepingBigIntegers(text);
    } catch {
      json = undefined;
    }
    const usage = this.backoff.noteUsage(res.headers, account);
    if (!res.ok) {
      const failure = failureOf(res.status, json, redact, usage.regainMs);
      if (failure.kind === 'rate_limited' && failure.retryAfterMs !== undefined)
        this.backoff.noteThrottled(failure.code, failure.retryAfterMs, account);
      return err(failure);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      return err({
        kind: 'unavailable',
        message: 'Instagram answered in a shape we do not understand. We will try again shortly.',
        detail: redact(
          `HTTP ${res.status}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
        ),
      });
    return ok(parsed.data);
  }
}

/**
 * Maps Instagram's error answers. Throttling (4, 17, 32, 613, the 8000x Business Use Case codes, HTTP 429)
 * is `rate_limited`; temporary errors (1, 2, `is_transient: true`, 5xx) are `unavailable`: both are tried
 * again later and never ask the merchant to reconnect. Only 190 (invalid token) and 10/200 (permission)
 * do, and only when Meta does not call them transient.
 */
export function failureOf(
  status: number,
  json: unknown,
  redact: (t: string) => string = (t) => t,
  /** Meta's `estimated_time_to_regain_access` from the same answer's usage header, when given. */
  regainMs?: number,
): LoginFailure {
  const graph = ZGraphErrorResponse.safeParse(json);
  const code = graph.success ? graph.data.error.code : undefined;
  const transient = graph.success && graph.data.error.is_transient === true;
  const detail = redact(`HTTP ${status}: ${JSON.stringify(json ?? null).slice(0, 300)}`);
  const throttle = throttleMsFor(code);
  if (throttle !== undefined || status === 429) {
    const wait = regainMs ?? throttle ?? 15 * MINUTE;
    return {
      kind: 'rate_limited',
      code,
      retryAfterMs: wait,
      message: `Instagram is limiting how often we can ask for content. We will try again in about ${Math.ceil(wait / MINUTE)} minutes.`,
      detail,
    };
  }
  if (transient || (code !== undefined && TRANSIENT_CODES.has(code)) || status >= 500)
    return {
      kind: 'unavailable',
      code,
      message: 'Instagram had a temporary problem. We will try again shortly.',
      detail,
    };
  if (code === 190)
    return {
      kind: 'invalid_token',
      code,
      message: 'Instagram no longer accepts this connection. Reconnect the account from the dashboard.',
      detail,
    };
  if (code === 10 || code === 200)
    return {
      kind: 'permission',
      code,
      message: 'Instagram did not give permission to read this account. Reconnect it and allow access.',
      detail,
    };
  return { kind: 'rejected', code, message: 'Instagram refused the request.', detail };
}

export function profileOf(me: InstagramMe): LoginProfile {
  const ids = [...new Set([me.user_id, me.id].filter((id): id is string => id !== undefined))];
  return {
    // The professional account's id when given (Business Discovery and webhooks use it), else the other.
    externalId: ids[0]!,
    ids,
    username: me.username,
    name: me.name,
    profilePictureUrl: me.profile_picture_url,
    followersCount: me.followers_count,
    followsCount: me.follows_count,
    mediaCount: me.media_count,
    // The Instagram Login reference writes `Business` / `Media_Creator`, older pages `BUSINESS`: one case.
    accountType: me.account_type?.toUpperCase() ?? null,
  };
}

/** The answer while this account (or the app) is paused: no call went out. */
function pausedFailure(ms: number, reason: string): LoginFailure {
  return {
    kind: 'rate_limited',
    retryAfterMs: ms,
    message: `Instagram is limiting how often we can ask for content. We will try again in about ${Math.max(1, Math.ceil(ms / MINUTE))} minutes.`,
    detail: `paused before Meta's limit: ${reason}`,
  };
}
