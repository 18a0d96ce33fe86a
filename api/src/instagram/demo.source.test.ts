import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { DemoSource } from './demo.source.js';
import type { SourceContent } from './instagram.source.js';

const NOW = new Date('2026-03-10T15:30:00Z');

async function content(username: string, limit = 50, clock = new ManualClock(NOW)): Promise<SourceContent> {
  const result = await new DemoSource({ clock }).fetchContent(username, { limit, includeHighlights: true });
  if (!result.ok) throw new Error(`expected content, got ${result.error.kind}`);
  return result.value;
}

describe('DemoSource', () => {
  it('gives the same account for the same username, from any instance', async () => {
    const first = await content('blue.bottle');
    const second = await content('blue.bottle');
    expect(second).toEqual(first);
    expect(await content('@Blue.Bottle ')).toEqual(first);
  });

  it('gives different usernames different accounts', async () => {
    const a = await content('shop_one');
    const b = await content('shop_two');
    expect(a.profile.externalId).not.toBe(b.profile.externalId);
    expect(a.posts.map((p) => p.id)).not.toEqual(b.posts.map((p) => p.id));
    expect(new Set([...a.posts, ...b.posts].map((p) => p.id)).size).toBe(a.posts.length + b.posts.length);
  });

  it('derives a profile from the username', async () => {
    const { profile } = await content('blue_bottle.co');
    expect(profile).toMatchObject({ username: 'blue_bottle.co', name: 'Blue Bottle Co' });
    expect(profile.externalId).toMatch(/^\d{17}$/);
    expect(profile.profilePictureUrl).toBe('demo://image/blue_bottle.co/profile?w=320&h=320');
    expect(profile.followersCount).toBeGreaterThan(0);
    expect(profile.followsCount).toBeGreaterThan(0);
    expect(typeof profile.isVerified).toBe('boolean');
    const lookup = await new DemoSource({ clock: new ManualClock(NOW) }).lookupAccount('blue_bottle.co');
    expect(lookup).toEqual({ ok: true, value: profile });
  });

  it('marks some accounts verified and not others', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `store${i}`);
    const verified = await Promise.all(names.map(async (n) => (await content(n, 0)).profile.isVerified));
    expect(verified).toContain(true);
    expect(verified).toContain(false);
  });

  it('respects the plan limit and has more posts than the largest plan', async () => {
    expect((await content('limits', 12)).posts).toHaveLength(12);
    expect((await content('limits', 50)).posts).toHaveLength(50);
    expect((await content('limits', 0)).posts).toHaveLength(0);
    const all = await content('limits', 10_000);
    expect(all.posts.length).toBeGreaterThan(50);
    expect(all.posts.length).toBe(all.profile.mediaCount);
    // A smaller limit is the start of the same list.
    expect((await content('limits', 12)).posts).toEqual(all.posts.slice(0, 12));
  });

  it('shows a carousel, a playable reel and a reel without media_url within the first 12 posts', async () => {
    const { posts } = await content('mix.store', 12);
    const carousel = posts.find((p) => p.mediaType === 'CAROUSEL_ALBUM');
    expect(carousel?.children.length).toBeGreaterThanOrEqual(2);
    expect(carousel?.children.length).toBeLessThanOrEqual(4);
    expect(carousel?.mediaUrl).toBe(carousel?.children[0]?.mediaUrl);
    const videos = posts.filter((p) => p.mediaType === 'VIDEO');
    const playable = videos.find((v) => v.mediaUrl !== undefined);
    expect(playable?.mediaUrl).toMatch(/^demo:\/\/video\/mix\.store\/\d+$/);
    expect(playable?.thumbnailUrl).toMatch(/^demo:\/\/image\/mix\.store\/\d+\?w=1080&h=1920$/);
    const withheld = videos.find((v) => v.mediaUrl === undefined);
    expect(withheld?.thumbnailUrl).toBeDefined();
    expect(withheld?.permalink).toMatch(/^https:\/\/www\.instagram\.com\/reel\/[\w-]{11}\/$/);
    for (const post of posts.filter((p) => p.mediaType === 'IMAGE')) {
      expect(post.mediaUrl).toMatch(/^demo:\/\/image\/mix\.store\/\d+\?w=1080&h=(1080|1350)$/);
      expect(post.children).toEqual([]);
    }
  });

  it('writes captions in Arabic and English with hashtags, and counts likes and comments', async () => {
    const { posts } = await content('captions', 50);
    const captions = posts.map((p) => p.caption);
    expect(captions.some((c) => /[\u0600-\u06FF]/.test(c))).toBe(true);
    expect(captions.some((c) => /[A-Za-z]{4,}/.test(c))).toBe(true);
    expect(captions.some((c) => /#\S+/.test(c))).toBe(true);
    for (const post of posts) {
      expect(post.likeCount).toBeGreaterThanOrEqual(0);
      expect(post.commentsCount).toBeGreaterThanOrEqual(0);
    }
  });

  it('spreads posts over recent weeks, newest first, all in the past', async () => {
    const { posts } = await content('timeline', 50);
    const times = posts.map((p) => Date.parse(p.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBeLessThan(NOW.getTime());
    expect(NOW.getTime() - (times[0] ?? 0)).toBeLessThan(2 * 86_400_000);
    const oldest = times.at(-1) ?? 0;
    expect(NOW.getTime() - oldest).toBeGreaterThan(14 * 86_400_000);
    expect(NOW.getTime() - oldest).toBeLessThan(200 * 86_400_000);
  });

  it('keeps timestamps all day and moves them with the calendar', async () => {
    const clock = new ManualClock(NOW);
    const morning = await content('clocked', 12, clock);
    clock.advance(5 * 3_600_000);
    expect(await content('clocked', 12, clock)).toEqual(morning);
    clock.advance(24 * 3_600_000);
    const nextDay = await content('clocked', 12, clock);
    expect(nextDay.posts.map((p) => p.id)).toEqual(morning.posts.map((p) => p.id));
    expect(
      Date.parse(nextDay.posts[0]?.timestamp ?? '') - Date.parse(morning.posts[0]?.timestamp ?? ''),
    ).toBe(86_400_000);
  });

  it('has 3–6 titled highlights of 2–5 stories, one of them a video', async () => {
    for (const name of ['hl.one', 'hl.two', 'hl.three', 'hl.four']) {
      const { highlights } = await content(name, 1);
      expect(highlights.length).toBeGreaterThanOrEqual(3);
      expect(highlights.length).toBeLessThanOrEqual(6);
      expect(new Set(highlights.map((h) => h.title)).size).toBe(highlights.length);
      for (const highlight of highlights) {
        expect(highlight.id).toMatch(/^highlight:\d{17}$/);
        expect(highlight.coverUrl).toMatch(/^demo:\/\/image\//);
        expect(highlight.stories.length).toBeGreaterThanOrEqual(2);
        expect(highlight.stories.length).toBeLessThanOrEqual(5);
        const videos = highlight.stories.filter((s) => s.mediaType === 'VIDEO');
        expect(videos).toHaveLength(1);
        expect(videos[0]).toMatchObject({
          durationSeconds: 2,
          mediaUrl: expect.stringMatching(/^demo:\/\/video\//),
        });
        for (const story of highlight.stories)
          expect(Date.parse(story.timestamp)).toBeLessThan(NOW.getTime());
      }
    }
    const titles = (
      await Promise.all(['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((n) => content(n, 0)))
    ).flatMap((c) => c.highlights.map((h) => h.title));
    expect(titles.some((t) => /[\u0600-\u06FF]/.test(t))).toBe(true);
    expect(titles.some((t) => /[A-Za-z]/.test(t))).toBe(true);
  });

  it('leaves highlights out when they were not asked for', async () => {
    const result = await new DemoSource({ clock: new ManualClock(NOW) }).fetchContent('shop', {
      limit: 12,
      includeHighlights: false,
    });
    expect(result.ok && result.value.highlights).toEqual([]);
  });

  it.each([
    ['private_shop', 'private'],
    ['personal_sara', 'not_business'],
    ['missing_store', 'not_found'],
    ['ratelimited_store', 'rate_limited'],
    ['unavailable_store', 'unavailable'],
    ['@Private_Shop', 'private'],
    ['not a username', 'not_found'],
    ['.dots', 'not_found'],
  ])('fails %j with %s, from lookup and fetch alike', async (username, kind) => {
    const source = new DemoSource({ clock: new ManualClock(NOW) });
    const lookup = await source.lookupAccount(username);
    const fetched = await source.fetchContent(username, { limit: 12, includeHighlights: true });
    expect(lookup.ok).toBe(false);
    expect(!lookup.ok && lookup.error.kind).toBe(kind);
    expect(fetched).toEqual(lookup);
    expect(!lookup.ok && lookup.error.message.length).toBeGreaterThan(10);
  });

  it('explains how to fix a personal account', async () => {
    const result = await new DemoSource({ clock: new ManualClock(NOW) }).lookupAccount('personal_x');
    expect(!result.ok && result.error.message).toBe(
      'This Instagram account is not a business or creator account. Switch it to a professional account in the Instagram app, then try again.',
    );
  });
});
