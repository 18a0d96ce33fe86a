import type { Readable } from 'node:stream';
import type { Result } from '../lib/result.js';

/**
 * What every content source (demo, Instagram Graph Business Discovery, …) answers, before media are
 * copied into our media store. URLs here are the source's own (Instagram CDN, or demo://…) and are never
 * served to visitors.
 */
export type SourceMediaType = 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';

export interface SourceMedia {
  id: string;
  mediaType: 'IMAGE' | 'VIDEO';
  /** Absent when the source withholds it (copyrighted audio, downloads off): fall back to the thumbnail. */
  mediaUrl?: string | undefined;
  thumbnailUrl?: string | undefined;
}

export interface SourcePost {
  id: string;
  mediaType: SourceMediaType;
  /** FEED, REELS, … when the source says. */
  productType?: string | undefined;
  caption: string;
  mediaUrl?: string | undefined;
  thumbnailUrl?: string | undefined;
  permalink: string;
  /** ISO 8601. */
  timestamp: string;
  likeCount?: number | undefined;
  commentsCount?: number | undefined;
  /** Carousel children, in order; empty for single media. */
  children: SourceMedia[];
}

export interface SourceStory {
  id: string;
  mediaType: 'IMAGE' | 'VIDEO';
  mediaUrl: string;
  thumbnailUrl?: string | undefined;
  timestamp: string;
  /** Seconds, for videos. */
  durationSeconds?: number | undefined;
}

export interface SourceHighlight {
  /** The source's id, e.g. "highlight:17883141376162110". */
  id: string;
  title: string;
  coverUrl?: string | undefined;
  stories: SourceStory[];
}

export interface SourceProfile {
  /** The source's account id (Instagram user id, as a string: real ids exceed 2^53). */
  externalId: string;
  username: string;
  name?: string | undefined;
  profilePictureUrl?: string | undefined;
  biography?: string | undefined;
  followersCount?: number | undefined;
  followsCount?: number | undefined;
  mediaCount?: number | undefined;
  isVerified?: boolean | undefined;
}

export interface SourceContent {
  profile: SourceProfile;
  /** Newest first, at most the requested limit. */
  posts: SourcePost[];
  /** Empty when the source has no highlights or they were not asked for. */
  highlights: SourceHighlight[];
}

export type SourceFailureKind = 'not_found' | 'not_business' | 'private' | 'rate_limited' | 'unavailable';

export interface SourceFailure {
  kind: SourceFailureKind;
  /** For people: what went wrong, in the product's wording. */
  message: string;
  /** How long to wait before calling this source again, when it said. */
  retryAfterMs?: number | undefined;
  /**
   * For logs and operators, never shown to people: HTTP status, Graph error code, fbtrace_id, which field
   * of an answer did not parse. Never contains the access token.
   */
  detail?: string | undefined;
}

export interface SourceCapabilities {
  highlights: boolean;
  stories: boolean;
}

export interface FetchContentOptions {
  /** Most posts to return (the plan's content limit). */
  limit: number;
  includeHighlights: boolean;
  /**
   * The merchant whose account this is: a merchant who connected through Instagram Login is read with
   * their own token (see source.ts); otherwise by username.
   */
  userId?: string | undefined;
  /** Who is waiting for this fetch; a scheduled refresh when absent (see `CallContext`). */
  priority?: CallPriority | undefined;
}

/**
 * `scheduled`: the refresh engine's timetable, which every store depends on. `merchant`: a merchant's own
 * request (a username check, an account save, a manual refresh). When the shared call budget is short,
 * merchants' requests give way: together they may use only part of an hour's budget.
 */
export type CallPriority = 'scheduled' | 'merchant';

/** What a call through a shared credential is for: its priority, and the merchant it is counted against. */
export interface CallContext {
  priority: CallPriority;
  /** The merchant the call is for: no merchant may use more than a small share of an hour's budget. */
  userId?: string | undefined;
}

export interface InstagramSource {
  readonly name: 'demo' | 'graph' | 'none';
  readonly capabilities: SourceCapabilities;
  /** Checks that a username exists and can be shown. */
  /** `context` says who asks (a merchant's check when absent is counted as scheduled work). */
  lookupAccount(username: string, context?: CallContext): Promise<Result<SourceProfile, SourceFailure>>;
  fetchContent(username: string, options: FetchContentOptions): Promise<Result<SourceContent, SourceFailure>>;
}

/** Fetches the bytes behind a source URL (https CDN, or demo:// generated locally). */
export interface MediaFetcher {
  fetch(url: string): Promise<Result<{ bytes: Buffer; contentType: string }, MediaFetchFailure>>;
}

/**
 * Opens the media behind a URL as a stream, its type already checked from the first bytes (the image
 * proxy passes media on without holding them in memory). The body fails while streaming when the media
 * turns out too large or too slow.
 */
export interface MediaStreamer {
  open(url: string): Promise<Result<{ contentType: string; body: Readable }, MediaFetchFailure>>;
}

export interface MediaFetchFailure {
  kind: 'expired' | 'not_found' | 'too_large' | 'bad_type' | 'timeout' | 'blocked' | 'network' | 'http';
  message: string;
  status?: number | undefined;
}

/**
 * Paces calls to an outside API per credential (a token bucket shared through the cache port, so several
 * processes share one budget). The graph source takes one token per HTTP call.
 */
export interface CallBudget {
  /** `reason` says which allowance refused: the whole budget's, merchants' share, or this merchant's. */
  take(
    context?: CallContext,
  ): Promise<{ ok: true } | { ok: false; retryAfterMs: number; reason: BudgetRefusal }>;
}

export type BudgetRefusal = 'window' | 'merchant_requests' | 'merchant_share';
