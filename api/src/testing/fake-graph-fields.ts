/**
 * The fake Graph's reading of a request's `fields` expression and its shaping of the answer (see
 * fake-graph.ts): which fields exist on a User and a Media, media paged with opaque cursors, and Graph's
 * error with its code and subcode.
 */

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

/** Graph's default page size when `media` has no `.limit()`; larger limits are cut to the maximum. */
export const DEFAULT_MEDIA_LIMIT = 25;
export const MAX_MEDIA_LIMIT = 100;

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

// ---------------------------------------------------------------------------------------------------
// The `fields` expression: `a,b{c,d},e.limit(3).after(X){f}`.

export interface FieldNode {
  name: string;
  modifiers: Map<string, string>;
  subfields: FieldNode[] | undefined;
}

export class FieldSyntaxError extends Error {}

export function parseFieldExpression(text: string): FieldNode[] {
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

export class GraphError extends Error {
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

export function projectAccount(
  account: FakeGraphAccount,
  nodes: FieldNode[],
  paging: { cursorOnLastPage: boolean; maxPageSize: number },
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
