import { lookup as dnsLookup } from 'node:dns/promises';
import { Readable } from 'node:stream';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import type { MediaFetcher, MediaFetchFailure } from '../instagram/instagram.source.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { err, ok, type Result } from '../lib/result.js';
import { isBlockedAddress, isLoopbackAddress } from './blocked-addresses.js';
import { essenceOf, mediaKindOf, sniffMediaType, SNIFF_BYTES } from './media-type.js';

export const DEFAULT_ALLOWED_HOST_SUFFIXES: readonly string[] = ['.cdninstagram.com', '.fbcdn.net'];
export const DEFAULT_MEDIA_TIMEOUT_MS = 15_000;
export const DEFAULT_MEDIA_MAX_BYTES = 25 * 1024 * 1024;
/** Instagram's CDN redirects at most once or twice; more is a loop or someone steering us. */
export const MAX_MEDIA_REDIRECTS = 3;

export interface ResolvedAddress {
  address: string;
  family?: number | undefined;
}

export interface HttpMediaFetcherOptions {
  /**
   * A host is allowed when it ends with one of these on a label boundary; `'*'` allows any host name
   * (merchants' product pictures), still only https, public addresses, bounded and type-checked.
   */
  allowedHostSuffixes?: readonly string[] | undefined;
  /**
   * Lets tests talk to a fake CDN: plain http to 127.0.0.1/localhost, and loopback addresses after DNS.
   * Never set in production.
   */
  allowLoopbackForTests?: boolean | undefined;
  /** For the whole download, redirects and body included. */
  timeoutMs?: number | undefined;
  maxBytes?: number | undefined;
  /** Every address a host name resolves to (default: the system resolver, all records). */
  lookup?: ((hostname: string) => Promise<readonly ResolvedAddress[]>) | undefined;
  fetch?: typeof fetch | undefined;
  /** Decides whether a signed URL's `oe` expiry has passed. */
  clock?: Clock | undefined;
}

type FetchedMedia = { bytes: Buffer; contentType: string };
type FetchResult = Result<FetchedMedia, MediaFetchFailure>;
/** Media whose type is known from its first bytes; the rest of the body is still arriving. */
type OpenedMedia = { contentType: string; body: AsyncGenerator<Uint8Array, void, undefined> };
type OpenResult = Result<OpenedMedia, MediaFetchFailure>;

/** Thrown inside a body that turns out larger than the limit after its first bytes were accepted. */
class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The media is larger than the limit of ${maxBytes} bytes.`);
    this.name = 'MediaTooLargeError';
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const LOOPBACK_TEST_HOSTS = new Set(['127.0.0.1', 'localhost']);
/** Enough of a 403 body to find Instagram's "URL signature expired" wording. */
const ERROR_BODY_PEEK_BYTES = 4096;

/** A connection refused at connect time because the name resolved to an address we never reach. */
class BlockedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to a non-public address (${address}).`);
    this.name = 'BlockedAddressError';
  }
}

function blockedCause(e: unknown): BlockedAddressError | undefined {
  for (let c: unknown = e, depth = 0; c && depth < 5; depth++) {
    if (c instanceof BlockedAddressError) return c;
    c = (c as { cause?: unknown }).cause;
  }
  return undefined;
}

const fail = (kind: MediaFetchFailure['kind'], message: string, status?: number) =>
  err<MediaFetchFailure>(status === undefined ? { kind, message } : { kind, message, status });

/**
 * Downloads Instagram/Facebook CDN media without letting a URL from an outside API reach anything else:
 * only https to the CDN's host names, only public addresses, bounded in time and size, and only bytes
 * that really are an image or a video.
 */
export class HttpMediaFetcher implements MediaFetcher {
  private readonly allowedSuffixes: readonly string[];
  private readonly allowLoopback: boolean;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly lookup: (hostname: string) => Promise<readonly ResolvedAddress[]>;
  private readonly fetchImpl: typeof fetch;
  private readonly clock: Clock;
  /**
   * Connects only to addresses that pass the same check as `checkTarget`, at the moment of connecting:
   * the name is resolved once more here, and whatever this resolution says is what the socket uses, so a
   * DNS answer that changes between the check and the connection (rebinding) cannot steer us inside.
   */
  private readonly agent: Agent;

  constructor(options: HttpMediaFetcherOptions = {}) {
    this.allowedSuffixes = (options.allowedHostSuffixes ?? DEFAULT_ALLOWED_HOST_SUFFIXES).map((s) =>
      s.toLowerCase(),
    );
    this.allowLoopback = options.allowLoopbackForTests ?? false;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? DEFAULT_MEDIA_MAX_BYTES;
    this.lookup = options.lookup ?? ((hostname) => dnsLookup(hostname, { all: true, verbatim: true }));
    this.clock = options.clock ?? systemClock;
    this.agent = new Agent({ connect: { lookup: this.connectLookup } });
    this.fetchImpl =
      options.fetch ??
      ((input, init) =>
        undiciFetch(input as string, {
          ...(init as Parameters<typeof undiciFetch>[1]),
          dispatcher: this.agent,
        }) as unknown as Promise<Response>);
  }

  private refusedAddress(addresses: readonly string[]): string | undefined {
    return addresses.find(
      (address) => isBlockedAddress(address) && !(this.allowLoopback && isLoopbackAddress(address)),
    );
  }

  /** The socket's resolver (net.connect's `lookup`), validating every address it hands out. */
  private readonly connectLookup: LookupFunction = (hostname, options, callback) => {
    this.lookup(hostname).then(
      (records) => {
        const refused = this.refusedAddress(records.map((r) => r.address));
        if (refused !== undefined) {
          callback(new BlockedAddressError(hostname, refused), '', 4);
          return;
        }
        const list = records.map((r) => ({ address: r.address, family: r.family ?? isIP(r.address) }));
        const first = list[0];
        if (!first) {
          callback(Object.assign(new Error(`${hostname} did not resolve.`), { code: 'ENOTFOUND' }), '', 4);
          return;
        }
        if (options.all) (callback as unknown as (e: null, a: typeof list) => void)(null, list);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };

  /** The whole media in memory (for the media store, which hashes and re-encodes it). */
  async fetch(url: string): Promise<FetchResult> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const opened = await this.openFollowingRedirects(url, signal);
      if (!opened.ok) return opened;
      const chunks: Uint8Array[] = [];
      let total = 0;
      for await (const chunk of opened.value.body) {
        chunks.push(chunk);
        total += chunk.byteLength;
      }
      return ok({ bytes: Buffer.concat(chunks, total), contentType: opened.value.contentType });
    } catch (e) {
      return this.failureOf(e, signal);
    }
  }

  /**
   * The media as a stream (for the image proxy, which passes it on): the same checks as `fetch`, with the
   * type decided from the first bytes before anything is sent on. The body stays bounded in size and
   * time while it streams; past either, the stream fails and the caller drops the half-sent answer.
   */
  async open(url: string): Promise<Result<{ contentType: string; body: Readable }, MediaFetchFailure>> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const opened = await this.openFollowingRedirects(url, signal);
      if (!opened.ok) return opened;
      return ok({ contentType: opened.value.contentType, body: Readable.from(opened.value.body) });
    } catch (e) {
      return this.failureOf(e, signal);
    }
  }

  private failureOf(e: unknown, signal: AbortSignal) {
    // The abort reason surfaces from fetch(), from a pending body read, or from our DNS race alike.
    if (signal.aborted) return fail('timeout', `No complete answer within ${this.timeoutMs} ms.`);
    if (e instanceof MediaTooLargeError) return fail('too_large', e.message);
    const blocked = blockedCause(e);
    if (blocked) return fail('blocked', blocked.message);
    return fail('network', `Could not download the media: ${describeError(e)}`);
  }

  private async openFollowingRedirects(url: string, signal: AbortSignal): Promise<OpenResult> {
    let current = url;
    for (let redirects = 0; ; redirects++) {
      const checked = await this.checkTarget(current, signal);
      if (!checked.ok) return checked;
      // Redirects are followed by hand so every hop passes the same checks as the first URL.
      const response = await this.fetchImpl(checked.value.href, {
        redirect: 'manual',
        signal,
        headers: { accept: 'image/*, video/*' },
      });
      if (!REDIRECT_STATUSES.has(response.status)) return this.openMedia(response, signal);

      await discardBody(response);
      const location = response.headers.get('location');
      if (!location) return fail('http', 'The CDN redirected without a Location.', response.status);
      if (redirects >= MAX_MEDIA_REDIRECTS) {
        return fail('http', `More than ${MAX_MEDIA_REDIRECTS} redirects.`, response.status);
      }
      try {
        current = new URL(location, checked.value).href;
      } catch {
        return fail('blocked', 'The CDN redirected to an invalid URL.');
      }
    }
  }

  /** Everything that can be decided before sending a request to `raw`. */
  private async checkTarget(raw: string, signal: AbortSignal): Promise<Result<URL, MediaFetchFailure>> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return fail('blocked', 'Not a valid URL.');
    }
    const host = url.hostname.toLowerCase();
    const loopbackTestHost = this.allowLoopback && LOOPBACK_TEST_HOSTS.has(host);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackTestHost)) {
      return fail('blocked', `Only https media URLs are fetched (got ${url.protocol}).`);
    }
    if (url.username || url.password) return fail('blocked', 'Media URLs must not carry credentials.');
    if (!loopbackTestHost) {
      // A non-default port on an allowed host is not the CDN; it could be any service Meta runs there.
      if (url.port !== '') return fail('blocked', `Port ${url.port} is not allowed for media.`);
      if (!this.isAllowedHost(host)) return fail('blocked', `${host} is not an allowed media host.`);
    }

    const expiresAt = parseOeExpiry(url.href);
    if (expiresAt && expiresAt.getTime() <= this.clock.now().getTime()) {
      return fail('expired', `The signed URL expired at ${expiresAt.toISOString()}.`);
    }

    const addresses = await this.resolve(host, signal);
    if (addresses.length === 0) return fail('network', `${host} did not resolve.`);
    // Every record is checked, not just the first: fetch() may connect to any of them. This early check
    // gives a clear answer without opening a socket; the agent's connect-time lookup is the guarantee.
    const refused = this.refusedAddress(addresses);
    if (refused !== undefined)
      return fail('blocked', `${host} resolves to a non-public address (${refused}).`);
    return ok(url);
  }

  private isAllowedHost(host: string): boolean {
    if (isIP(stripBrackets(host)) !== 0) return false;
    if (this.allowedSuffixes.includes('*')) return host.includes('.');
    // ".cdninstagram.com" allows subdomains only; "cdninstagram.com" also allows the name itself. Either
    // way the match ends on a dot, so "evilcdninstagram.com" is refused.
    return this.allowedSuffixes.some((suffix) =>
      suffix.startsWith('.')
        ? host.length > suffix.length && host.endsWith(suffix)
        : host === suffix || host.endsWith(`.${suffix}`),
    );
  }

  private async resolve(host: string, signal: AbortSignal): Promise<string[]> {
    const literal = stripBrackets(host);
    if (isIP(literal) !== 0) return [literal];
    const records = await raceAbort(this.lookup(host), signal);
    return records.map((r) => r.address);
  }

  private async openMedia(response: Response, signal: AbortSignal): Promise<OpenResult> {
    const { status } = response;
    if (status === 404) {
      await discardBody(response);
      return fail('not_found', 'The CDN has no such media (404).', 404);
    }
    if (status === 403) {
      const body = await readPrefix(response, ERROR_BODY_PEEK_BYTES);
      if (/URL signature expired/i.test(body))
        return fail('expired', 'The CDN says the URL signature expired.', 403);
      return fail('http', 'The CDN refused the request (403).', 403);
    }
    if (status < 200 || status > 299) {
      await discardBody(response);
      return fail('http', `The CDN answered HTTP ${status}.`, status);
    }

    const declaredType = essenceOf(response.headers.get('content-type'));
    const declaredKind = mediaKindOf(declaredType);
    if (!declaredKind) {
      await discardBody(response);
      return fail('bad_type', `Expected an image or a video, got "${declaredType || 'no content type'}".`);
    }
    const declaredLength = Number(response.headers.get('content-length'));
    if (Number.isFinite(declaredLength) && declaredLength > this.maxBytes) {
      await discardBody(response);
      return fail('too_large', `The media is ${declaredLength} bytes; the limit is ${this.maxBytes}.`);
    }
    if (!response.body) return fail('bad_type', 'The CDN sent no body.');

    const reader = response.body.getReader();
    const maxBytes = this.maxBytes;
    const head: Uint8Array[] = [];
    let total = 0;
    let done = false;
    // The first bytes decide the type: an HTML error page served as image/jpeg is not worth downloading
    // to the end, and nothing is passed on before the type is known.
    try {
      while (total < SNIFF_BYTES) {
        if (signal.aborted) throw signal.reason;
        const next = await reader.read();
        if (next.done) {
          done = true;
          break;
        }
        head.push(next.value);
        total += next.value.byteLength;
        // Content-Length can be absent or lie; counting what arrives is what bounds memory.
        if (total > maxBytes) throw new MediaTooLargeError(maxBytes);
      }
    } catch (e) {
      await reader.cancel().catch(() => undefined);
      throw e;
    }
    const sniffed = sniffMediaType(Buffer.concat(head, total));
    if (!sniffed || mediaKindOf(sniffed) !== declaredKind) {
      await reader.cancel().catch(() => undefined);
      return sniffed
        ? fail('bad_type', `Served as ${declaredType} but the bytes are ${sniffed}.`)
        : fail('bad_type', 'The body is not a known image or video format.');
    }

    async function* body(): AsyncGenerator<Uint8Array, void, undefined> {
      let received = total;
      try {
        yield* head;
        while (!done) {
          if (signal.aborted) throw signal.reason;
          const next = await reader.read();
          if (next.done) break;
          received += next.value.byteLength;
          if (received > maxBytes) throw new MediaTooLargeError(maxBytes);
          yield next.value;
        }
        done = true;
      } finally {
        // Stopped early (too large, timed out, or the reader of this stream went away): free the socket.
        if (!done) await reader.cancel().catch(() => undefined);
        reader.releaseLock();
      }
    }
    // The sniffed type, not the header: the store decides how to process bytes by what they really are.
    return ok({ contentType: sniffed, body: body() });
  }
}

/**
 * The expiry of a signed Instagram CDN URL: its `oe` query parameter is a hex Unix time in seconds.
 * Undefined when the URL has no (valid) `oe`.
 */
export function parseOeExpiry(url: string): Date | undefined {
  let oe: string | null;
  try {
    oe = new URL(url).searchParams.get('oe');
  } catch {
    return undefined;
  }
  // Ten hex digits reach the year 36812; more would overflow Date and is not a real expiry anyway.
  if (!oe || !/^[0-9a-f]{1,10}$/i.test(oe)) return undefined;
  return new Date(parseInt(oe, 16) * 1000);
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

async function readPrefix(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks, total).subarray(0, limit).toString('utf8');
}

function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  // fetch() wraps the useful part ("ECONNREFUSED", "ENOTFOUND") in `cause`.
  const cause = (e as Error & { cause?: unknown }).cause;
  const code = (e as Error & { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code;
  const detail = cause instanceof Error ? cause.message : e.message;
  return typeof code === 'string' && !detail.includes(code) ? `${code} ${detail}` : detail;
}
