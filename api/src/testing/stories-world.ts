import { afterAll, beforeAll } from 'vitest';
import { ZApiError, ZHighlightsList, ZStoriesList, ZWidgetInit } from '@app/shared';
import type { DatabaseBackend } from './backends.js';
import { startFakeCdn, type FakeCdn, SMALL_PHOTO } from './fake-cdn.js';
import { signInForTest } from './sign-in.js';
import { connectWithInstagram, openInstagramWorld, type InstagramWorld } from './instagram-world.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const SHOP = {
  code: 'code-stories',
  userId: '17841400000000101',
  username: 'stories.shop',
  accountType: 'BUSINESS',
  posts: 4,
  stories: 3,
} as const;
export const OTHER = { ...SHOP, code: 'code-other', userId: '17841400000000102', username: 'other.shop' };

export interface Merchant {
  userId: string;
  call(method: string, url: string, body?: unknown): Promise<Response>;
  /** A bearer token valid at the world's current time (tests move the clock past a token's life). */
  token(): Promise<string>;
}

export type World = InstagramWorld;

/** Signs a merchant in and connects their account through the fake's authorize step. */
export async function connectedMerchant(
  w: World,
  email: string,
  code: string = SHOP.code,
): Promise<Merchant> {
  const signedIn = () => signInForTest(w.runtime, w.http.url, email);
  const first = await signedIn();
  const merchant: Merchant = {
    userId: first.userId,
    call: async (method, url, body) => (await signedIn()).call(method, url, body),
    token: async () => (await signedIn()).accessToken,
  };
  w.ig.consent = code;
  await connectWithInstagram(w, merchant.call);
  return merchant;
}

export const json = async <T>(res: Response, parse: (v: unknown) => T): Promise<T> => parse(await res.json());
export const stories = async (m: Merchant) =>
  json(await m.call('GET', '/api/merchant/stories'), (v) => {
    const parsed = ZStoriesList.safeParse(v);
    if (!parsed.success) throw new Error(`not a stories list: ${JSON.stringify(v)}`);
    return parsed.data;
  });
export const highlights = async (m: Merchant) =>
  (await json(await m.call('GET', '/api/merchant/highlights'), ZHighlightsList.parse)).highlights;
export const errorCode = async (res: Response) => ZApiError.parse(await res.json()).error.code;

export async function widgetOf(w: World, userId: string) {
  const account = (await w.repos.accounts.findByUserId(userId))!;
  const res = await fetch(`${w.http.url}/api/widget/init?key=${account.publicWidgetKey}`);
  return { key: account.publicWidgetKey, init: ZWidgetInit.parse(await res.json()) };
}

/**
 * The stories tests' fake CDN, started in the file's `beforeAll`; `inWorld` runs a test in a world of
 * its own (database, fake Instagram, server) with two accounts to connect.
 */
export function storyWorlds(backend: DatabaseBackend) {
  let cdn: FakeCdn;
  beforeAll(async () => {
    cdn = await startFakeCdn({ photo: SMALL_PHOTO });
  });
  afterAll(async () => {
    await cdn.close();
  });

  /** Runs a test in a world of its own, closed whatever happens. */
  const inWorld = (fn: (w: World) => Promise<void>, env?: Record<string, string>) => async () => {
    const w = await openInstagramWorld(backend, cdn, { accounts: [SHOP, OTHER], env });
    try {
      await fn(w);
    } finally {
      await w.close();
    }
  };
  return {
    inWorld,
    get cdn() {
      return cdn;
    },
  };
}
