import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_IG_USER_ID, startFakeGraph, type FakeGraph } from '../testing/fake-graph.js';
import { graphSourceFixture, TOKEN } from '../testing/graph-source-fixture.js';
import { businessDiscoveryFields, GraphSource } from './graph.source.js';

// What GraphSource asks Graph for, how it reads the answer, and its configuration.
const g = graphSourceFixture();
const { content } = g;

describe('GraphSource requests', () => {
  it('asks Business Discovery exactly as documented', async () => {
    await content('bluebottle', 12);
    expect(g.fake.requests).toHaveLength(1);
    expect(g.fake.requests[0]).toMatchObject({
      method: 'GET',
      path: `/v25.0/${FAKE_IG_USER_ID}`,
      accessToken: TOKEN,
      fields:
        'business_discovery.username(bluebottle){id,username,name,profile_picture_url,followers_count,follows_count,media_count,media.limit(12){id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp,like_count,comments_count,children{id,media_type,media_url,thumbnail_url}}}',
    });
  });

  it('looks an account up without asking for media', async () => {
    const result = await g.source.lookupAccount('@BlueBottle');
    expect(result).toEqual({
      ok: true,
      value: {
        externalId: '17841401441775531',
        username: 'bluebottle',
        name: 'Blue Bottle Coffee',
        profilePictureUrl: 'https://scontent.xx.fbcdn.net/v/t51.2885-15/1_n.jpg?_nc_cat=1&oe=6A1B2C3D',
        followersCount: 267793,
        followsCount: 150,
        mediaCount: 120,
      },
    });
    expect(g.fake.requests).toHaveLength(1);
    expect(g.fake.requests[0]?.fields).toBe(businessDiscoveryFields('bluebottle'));
    expect(g.fake.requests[0]?.limit).toBeUndefined();
  });

  it('rejects a username Instagram would not accept without calling out', async () => {
    for (const bad of ['blue){id}', 'a..b', '']) {
      const result = await g.source.lookupAccount(bad);
      expect(!result.ok && result.error.kind).toBe('not_found');
    }
    expect(g.fake.requests).toHaveLength(0);
    expect(g.budget.taken).toBe(0);
  });
});

describe('GraphSource content', () => {
  it('maps the profile and posts, newest first, without highlights', async () => {
    const { profile, posts, highlights } = await content('bluebottle', 12);
    expect(profile.username).toBe('bluebottle');
    expect(profile.externalId).toBe('17841401441775531');
    expect(posts).toHaveLength(12);
    expect(highlights).toEqual([]);
    const times = posts.map((p) => p.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect(posts[0]?.timestamp).toBe('2026-06-01T16:01:55.000Z');
    expect(posts[3]).toMatchObject({
      id: '17990003',
      mediaType: 'IMAGE',
      productType: 'FEED',
      caption: 'Post 3 #sample',
      mediaUrl: 'https://scontent.cdninstagram.com/v/t51.29350-15/17990003_n.jpg?oe=6A1B2C3D',
      permalink: 'https://www.instagram.com/p/C17990003/',
      likeCount: 997,
      commentsCount: 3,
      children: [],
    });
  });

  it('keeps the thumbnail and permalink when Instagram withholds media_url', async () => {
    const { posts } = await content('bluebottle', 3);
    expect(posts[1]).toMatchObject({
      mediaType: 'VIDEO',
      productType: 'REELS',
      mediaUrl: undefined,
      thumbnailUrl: 'https://scontent.cdninstagram.com/v/t51.29350-15/17990001_n.jpg?oe=6A1B2C3D',
      permalink: 'https://www.instagram.com/reel/C17990001/',
    });
    expect(posts[2]?.mediaUrl).toMatch(/\.mp4\?/);
  });

  it('maps carousel children in order', async () => {
    const { posts } = await content('bluebottle', 1);
    expect(posts[0]?.mediaType).toBe('CAROUSEL_ALBUM');
    expect(posts[0]?.children).toEqual([
      {
        id: '1799000001',
        mediaType: 'IMAGE',
        mediaUrl: expect.stringContaining('17990000_1_n.jpg'),
        thumbnailUrl: undefined,
      },
      {
        id: '1799000002',
        mediaType: 'IMAGE',
        mediaUrl: expect.stringContaining('17990000_2_n.jpg'),
        thumbnailUrl: undefined,
      },
      {
        id: '1799000003',
        mediaType: 'VIDEO',
        mediaUrl: expect.stringContaining('17990000_3.mp4'),
        thumbnailUrl: expect.stringContaining('17990000_3_n.jpg'),
      },
    ]);
  });

  it('fills what owners may hide: no caption, no like count', async () => {
    const { posts } = await content('bluebottle', 7);
    expect(posts[4]?.caption).toBe('');
    expect(posts[6]?.likeCount).toBeUndefined();
  });

  it('pages with the after-cursor until the limit is reached (pages cut short by Graph)', async () => {
    g.fake.setBehaviour({ maxPageSize: 20 });
    const { posts } = await content('bluebottle', 50);
    expect(posts).toHaveLength(50);
    expect(new Set(posts.map((p) => p.id)).size).toBe(50);
    expect(posts.at(-1)?.id).toBe('17990049');
    expect(g.fake.requests.map((r) => [r.limit, r.after])).toEqual([
      [50, undefined],
      [30, Buffer.from('bluebottle:20').toString('base64url')],
      [10, Buffer.from('bluebottle:40').toString('base64url')],
    ]);
    expect(g.fake.requests[1]?.fields).toContain(`media.after(${g.fake.requests[1]?.after}).limit(30){`);
    expect(g.budget.taken).toBe(3);
  });

  it('asks for at most 50 per page', async () => {
    const { posts } = await content('bluebottle', 120);
    expect(posts).toHaveLength(120);
    expect(g.fake.requests.map((r) => r.limit)).toEqual([50, 50, 20]);
  });

  it('stops when Graph gives no cursor', async () => {
    expect((await content('tinyshop', 50)).posts).toHaveLength(3);
    expect(g.fake.requests).toHaveLength(1);
    const empty = await content('emptyshop', 50);
    expect(empty.posts).toEqual([]);
    expect(empty.profile.username).toBe('emptyshop');
    expect(g.fake.requests).toHaveLength(2);
  });

  it('stops at an empty page when Graph keeps giving a cursor', async () => {
    g.fake.setBehaviour({ cursorOnLastPage: true });
    expect((await content('tinyshop', 50)).posts).toHaveLength(3);
    expect(g.fake.requests.map((r) => r.limit)).toEqual([50, 47]);
  });

  it('asks only for the profile when the limit is 0', async () => {
    const result = await content('bluebottle', 0);
    expect(result.posts).toEqual([]);
    expect(g.fake.requests[0]?.limit).toBeUndefined();
  });
});

describe('GraphSource configuration', () => {
  let other: FakeGraph;
  beforeAll(async () => {
    other = await startFakeGraph({ version: 'v26.0', igUserId: '42', accessToken: TOKEN });
  });
  afterAll(async () => {
    await other.close();
  });
  afterEach(() => {
    other.requests.length = 0;
  });

  it('uses the configured version, user id and a base URL with a trailing slash', async () => {
    const v26 = new GraphSource({
      token: TOKEN,
      igUserId: '42',
      version: 'v26.0',
      baseUrl: `${other.baseUrl}/`,
      fetch: globalThis.fetch,
      budget: g.budget,
      clock: g.clock,
    });
    expect((await content('tinyshop', 12, v26)).posts).toHaveLength(3);
    expect(other.requests[0]?.path).toBe('/v26.0/42');
  });

  it('names the Graph g.source and its capabilities', () => {
    expect(g.source.name).toBe('graph');
    expect(g.source.capabilities).toEqual({ highlights: false, stories: false });
  });
});
