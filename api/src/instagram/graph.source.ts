import { systemClock, type Clock } from '../lib/clock.js';
import { err, ok, type Result } from '../lib/result.js';
import { GraphBackoff, HIGH_USAGE_BACKOFF_MS, throttleMsFor } from './graph-throttle.js';
import {
  ZBusinessDiscoveryResponse,
  ZGraphErrorResponse,
  type BusinessDiscoveryResponse,
  type GraphBusinessDiscovery,
  type GraphMedia,
} from './graph.schemas.js';
import type {
  CallBudget,
  CallContext,
  FetchContentOptions,
  InstagramSource,
  SourceCapabilities,
  SourceContent,
  SourceFailure,
  SourcePost,
  SourceProfile,
} from './instagram.source.js';
import { notBusiness, notFound, rateLimited, shareUsed, unavailable } from './source-failures.js';
import { parseInstagramUsername } from '@app/shared';

export const GRAPH_PROFILE_FIELDS =
  'id,username,name,profile_picture_url,followers_count,follows_count,media_count';
export const GRAPH_MEDIA_FIELDS =
  'id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp,like_count,comments_count,children{id,media_type,media_url,thumbnail_url}';
/** Business Discovery answers slowly and may cut large pages short; 50 keeps three pages for a 150 limit. */
export const GRAPH_MAX_PAGE_SIZE = 50;

const NOT_BUSINESS = { code: 110, subcode: 2207013 } as const;
const EXPIRED_TOKEN_CODE = 190;

export interface GraphSourceOptions {
  /** Access token of the service's own professional account. Never logged, never put in a failure. */
  token: string;
  /** Instagram user id of that account (the `{ig-user-id}` in the path). */
  igUserId: string;
  version?: string;
  baseUrl?: string;
  fetch: typeof fetch;
  /** One token per HTTP call. */
  budget: CallBudget;
  timeoutMs?: number;
  /** Backoff deadlines follow this clock. */
  clock?: Clock;
}

/**
 * `fields` for Business Discovery: the profile, and a page of media when `media` is given. The username
 * must already be valid (ZInstagramUsername): it is pasted into the expression as is.
 */
export function businessDiscoveryFields(
  username: string,
  media?: { limit: number; after?: string | undefined },
): string {
  if (!media) return `business_discovery.username(${username}){${GRAPH_PROFILE_FIELDS}}`;
  const after = media.after === undefined ? '' : `.after(${media.after})`;
  return `business_discovery.username(${username}){${GRAPH_PROFILE_FIELDS},media${after}.limit(${media.limit}){${GRAPH_MEDIA_FIELDS}}}`;
}

/**
 * Reads public business and creator accounts through Instagram's Business Discovery, with the service's
 * own token. No highlights or stories: the API has none.
 *
 * Throttling is kept per instance (one token, so one pause for every call): a throttling error (4, 17, 32,
 * 613, the Business Use Case codes such as Instagram's 80002), an X-App-Usage or X-Business-Use-Case-Usage
 * above 90 %, or Meta's `estimated_time_to_regain_access` makes the following calls fail fast with
 * `rate_limited` (no HTTP, no budget taken) until the backoff passes; the refresh keeps the last content.
 */
export class GraphSource implements InstagramSource {
  readonly name = 'graph' as const;
  readonly capabilities: SourceCapabilities = { highlights: false, stories: false };

  private readonly token: string;
  private readonly endpoint: string;
  private readonly fetchImpl: typeof fetch;
  private readonly budget: CallBudget;
  private readonly timeoutMs: number;
  private readonly backoff: GraphBackoff;

  constructor(options: GraphSourceOptions) {
    this.token = options.token;
    const base = (options.baseUrl ?? 'https://graph.facebook.com').replace(/\/+$/, '');
    const version = encodeURIComponent(options.version ?? 'v25.0');
    this.endpoint = `${base}/${version}/${encodeURIComponent(options.igUserId)}`;
    this.fetchImpl = options.fetch;
    this.budget = options.budget;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.backoff = new GraphBackoff(options.clock ?? systemClock);
  }

  async lookupAccount(
    username: string,
    context?: CallContext,
  ): Promise<Result<SourceProfile, SourceFailure>> {
    const name = parseInstagramUsername(username);
    if (name === undefined) return err(notFound());
    const answer = await this.call(businessDiscoveryFields(name), context);
    return answer.ok ? ok(mapProfile(answer.value.business_discovery)) : answer;
  }

  async fetchContent(
    username: string,
    options: FetchContentOptions,
  ): Promise<Result<SourceContent, SourceFailure>> {
    const name = parseInstagramUsername(username);
    if (name === undefined) return err(notFound());
    const limit = Math.max(0, Math.floor(options.limit));
    const context: CallContext = { priority: options.priority ?? 'scheduled', userId: options.userId };
    if (limit === 0) {
      const profile = await this.lookupAccount(name, context);
      return profile.ok ? ok({ profile: profile.value, posts: [], highlights: [] }) : profile;
    }

    // Every page carries the profile; the do…while below always runs at least once.
    let profile!: SourceProfile;
    const posts: SourcePost[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const pageSize = Math.min(limit - posts.length, GRAPH_MAX_PAGE_SIZE);
      const answer = await this.call(
        businessDiscoveryFields(name, { limit: pageSize, after: cursor }),
        context,
      );
      if (!answer.ok) return answer;
      const account = answer.value.business_discovery;
      profile = mapProfile(account);
      const before = posts.length;
      for (const media of account.media?.data ?? []) {
        if (posts.length >= limit) break;
        if (seen.has(media.id)) continue;
        seen.add(media.id);
        posts.push(mapPost(media, account.username));
      }
      cursor = account.media?.paging?.cursors?.after;
      // A page with nothing new would page forever; high usage means the next page must wait, and the
      // newest posts we already have are the ones a widget shows first.
      if (posts.length === before || this.backoff.pausedFor()) break;
    } while (cursor !== undefined && posts.length < limit);

    // Graph already answers newest first; sorting keeps the contract if it ever does not (pinned posts).
    posts.sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0));
    return ok({ profile, posts, highlights: [] });
  }

  /** Strips the token from anything that came from outside before it goes into a failure. */
  private redact(text: string): string {
    if (this.token === '') return text;
    return text.replaceAll(this.token, '[token]').replaceAll(encodeURIComponent(this.token), '[token]');
  }

  private async call(
    fields: string,
    context: CallContext | undefined,
  ): Promise<Result<BusinessDiscoveryResponse, SourceFailure>> {
    const paused = this.backoff.pausedFor();
    if (paused) return err(rateLimited(paused.ms, `backing off: ${paused.reason}`));
    const permit = await this.budget.take(context);
    if (!permit.ok) {
      if (permit.reason === 'merchant_share') return err(shareUsed(permit.retryAfterMs));
      const detail =
        permit.reason === 'window'
          ? 'call budget for this Graph token is used up'
          : "merchants' requests have used their share of this hour's Graph budget";
      return err(rateLimited(permit.retryAfterMs, detail));
    }

    const url = new URL(this.endpoint);
    url.searchParams.set('fields', fields);
    url.searchParams.set('access_token', this.token);

    let status: number;
    let body: string;
    let headers: Headers;
    try {
      const response = await this.fetchImpl(url, {
        headers: { accept: 'application/json' },
        // Covers the body too: a server that sends headers and then stalls still times out.
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      headers = response.headers;
      body = await response.text();
    } catch (error) {
      if (isTimeout(error)) {
        const seconds = Math.round(this.timeoutMs / 100) / 10;
        return err(
          unavailable(
            `Instagram did not answer within ${seconds} seconds.`,
            `timeout after ${this.timeoutMs} ms`,
          ),
        );
      }
      return err(
        unavailable('Instagram could not be reached.', this.redact(`network error: ${describeError(error)}`)),
      );
    }

    const usage = this.backoff.noteUsage(headers, undefined);
    const json = parseJson(body);
    if (status < 200 || status > 299) return err(this.failureFor(status, json, usage.regainMs));
    if (json === undefined) {
      return err(
        unavailable(
          'Instagram answered with something that is not JSON.',
          `HTTP ${status}, ${body.length} bytes`,
        ),
      );
    }
    const parsed = ZBusinessDiscoveryResponse.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ');
      return err(
        unavailable(
          'Instagram answered in a shape we do not understand.',
          this.redact(`HTTP ${status}: ${issues}`),
        ),
      );
    }
    return ok(parsed.data);
  }

  /** `regainMs`: Meta's `estimated_time_to_regain_access` from the same answer's usage header. */
  private failureFor(status: number, json: unknown, regainMs: number | undefined): SourceFailure {
    const graphError = ZGraphErrorResponse.safeParse(json);
    if (!graphError.success) {
      if (status === 429) {
        const wait = regainMs ?? HIGH_USAGE_BACKOFF_MS;
        this.backoff.noteThrottled(undefined, wait, undefined);
        return rateLimited(wait, 'HTTP 429 without a Graph error body');
      }
      return status >= 500
        ? unavailable(`Instagram had a problem of its own (HTTP ${status}).`, `HTTP ${status}`)
        : unavailable(
            `Instagram refused the request (HTTP ${status}).`,
            `HTTP ${status} without a Graph error body`,
          );
    }
    const { code, error_subcode: subcode, type, message, fbtrace_id: trace } = graphError.data.error;
    const detail = this.redact(
      `HTTP ${status}, Graph error ${code}${subcode === undefined ? '' : `/${subcode}`}` +
        `${type ? ` ${type}` : ''}${message ? `: ${message}` : ''}${trace ? ` (fbtrace_id ${trace})` : ''}`,
    );
    if (code === NOT_BUSINESS.code && subcode === NOT_BUSINESS.subcode) return { ...notBusiness(), detail };
    const throttleMs = throttleMsFor(code);
    if (throttleMs !== undefined) {
      const wait = regainMs ?? throttleMs;
      this.backoff.noteThrottled(code, wait, undefined);
      return rateLimited(wait, detail);
    }
    if (status < 500 && (graphError.data.error.is_transient === true || code === 1 || code === 2)) {
      return unavailable('Instagram had a temporary problem.', detail);
    }
    if (code === EXPIRED_TOKEN_CODE) {
      return unavailable('Our connection to Instagram needs to be renewed by the service operator.', detail);
    }
    return status >= 500
      ? unavailable(`Instagram had a problem of its own (HTTP ${status}).`, detail)
      : unavailable('Instagram refused the request.', detail);
  }
}

function isTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError';
}

/** undici hides the reason ("ECONNREFUSED") in `cause`. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function mapProfile(account: GraphBusinessDiscovery): SourceProfile {
  return {
    externalId: account.id,
    username: account.username,
    name: account.name,
    profilePictureUrl: account.profile_picture_url,
    followersCount: account.followers_count,
    followsCount: account.follows_count,
    mediaCount: account.media_count,
  };
}

function mapPost(media: GraphMedia, username: string): SourcePost {
  return {
    id: media.id,
    mediaType: media.media_type,
    productType: media.media_product_type,
    caption: media.caption ?? '',
    // Absent for copyrighted audio or downloads turned off: the caller shows the thumbnail and links out.
    mediaUrl: media.media_url,
    thumbnailUrl: media.thumbnail_url,
    // Without a permalink the profile is the best place to send a visitor.
    permalink: media.permalink ?? `https://www.instagram.com/${username}/`,
    timestamp: media.timestamp,
    likeCount: media.like_count,
    commentsCount: media.comments_count,
    children: (media.children?.data ?? []).map((child) => ({
      id: child.id,
      mediaType: child.media_type,
      mediaUrl: child.media_url,
      thumbnailUrl: child.thumbnail_url,
    })),
  };
}
