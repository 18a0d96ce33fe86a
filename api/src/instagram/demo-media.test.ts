import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { DemoMediaFetcher } from './demo-media.js';
import { DemoSource } from './demo.source.js';

const fetcher = new DemoMediaFetcher();

const hasFfmpeg = (() => {
  try {
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function fetchOk(url: string) {
  const result = await fetcher.fetch(url);
  if (!result.ok) throw new Error(`${url}: ${result.error.kind}`);
  return result.value;
}

/** Top-level MP4 boxes: [type, size]. */
function mp4Boxes(bytes: Buffer): [string, number][] {
  const boxes: [string, number][] = [];
  for (let at = 0; at < bytes.length;) {
    const size = bytes.readUInt32BE(at);
    boxes.push([bytes.toString('latin1', at + 4, at + 8), size]);
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

describe('DemoMediaFetcher', () => {
  it.each([
    ['demo://image/blue.bottle/18000000000000001?w=1080&h=1350', 1080, 1350],
    ['demo://image/blue.bottle/profile?w=320&h=320', 320, 320],
    ['demo://image/blue.bottle/18000000000000002?w=1080&h=1920', 1080, 1920],
    ['demo://image/blue.bottle/18000000000000003', 1080, 1080],
    ['demo://image/blue.bottle/18000000000000004?w=640', 640, 640],
    ['demo://image/blue.bottle/18000000000000005?w=2160&h=2700', 1080, 1350],
  ])('draws %s as a %i×%i JPEG', async (url, width, height) => {
    const { bytes, contentType } = await fetchOk(url);
    expect(contentType).toBe('image/jpeg');
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width, height });
  });

  it('draws at most maxWidth wide, keeping the shape (DEMO_MEDIA_MAX_WIDTH)', async () => {
    const small = new DemoMediaFetcher({ maxWidth: 320 });
    for (const [url, width, height] of [
      ['demo://image/blue.bottle/1?w=1080&h=1350', 320, 400],
      ['demo://image/blue.bottle/2?w=1080&h=1920', 320, 569],
      ['demo://image/blue.bottle/3?w=200&h=200', 200, 200],
    ] as const) {
      const result = await small.fetch(url);
      if (!result.ok) throw new Error(`${url}: ${result.error.kind}`);
      expect(await sharp(result.value.bytes).metadata()).toMatchObject({ width, height });
    }
  });

  it('draws the same picture for the same URL and different ones for different posts', async () => {
    const a = await fetchOk('demo://image/shop/1?w=200&h=200');
    const again = await fetchOk('demo://image/shop/1?w=200&h=200');
    const b = await fetchOk('demo://image/shop/2?w=200&h=200');
    expect(again.bytes.equals(a.bytes)).toBe(true);
    expect(b.bytes.equals(a.bytes)).toBe(false);
  });

  it('serves a playable MP4 for demo videos', async () => {
    const { bytes, contentType } = await fetchOk('demo://video/blue.bottle/18000000000000009');
    expect(contentType).toBe('video/mp4');
    const boxes = mp4Boxes(bytes);
    const types = boxes.map(([type]) => type);
    // moov before mdat ("faststart"): a browser can start playing before the whole file arrives.
    expect(types[0]).toBe('ftyp');
    expect(types.indexOf('moov')).toBeGreaterThan(0);
    expect(types.indexOf('moov')).toBeLessThan(types.indexOf('mdat'));
    expect(boxes.reduce((sum, [, size]) => sum + size, 0)).toBe(bytes.length);
    expect(bytes.includes('avc1')).toBe(true);
  });

  // ffmpeg is not part of the project; where a developer has it, it confirms the clip really decodes.
  it.skipIf(!hasFfmpeg)('serves a clip that ffmpeg decodes in full', async () => {
    const { bytes } = await fetchOk('demo://video/shop/1');
    const probe = execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name,width,height,nb_frames',
        '-of',
        'json',
        '-i',
        'pipe:0',
      ],
      { input: bytes },
    ).toString();
    expect(JSON.parse(probe)).toMatchObject({
      streams: [{ codec_name: 'h264', width: 144, height: 256, nb_frames: '20' }],
    });
    execFileSync('ffmpeg', ['-v', 'error', '-xerror', '-i', 'pipe:0', '-f', 'null', '-'], { input: bytes });
  });

  it.each([
    'demo://audio/shop/1',
    'demo://image/shop',
    'demo://image/shop/1/extra',
    'demo://image/bad..name/1',
    'demo://image/shop/<svg>',
    'demo://image/shop/1?w=abc',
    'demo://image/shop/1?w=0',
    'demo://video/.shop/1',
    'https://scontent.cdninstagram.com/v/1_n.jpg',
    'not a url',
  ])('answers not_found for %s', async (url) => {
    const result = await fetcher.fetch(url);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('not_found');
  });

  it('serves every media URL of a demo account', async () => {
    const source = new DemoSource({ clock: new ManualClock() });
    const content = await source.fetchContent('every.url', { limit: 12, includeHighlights: true });
    if (!content.ok) throw new Error(content.error.kind);
    const { profile, posts, highlights } = content.value;
    const urls = [
      profile.profilePictureUrl,
      ...posts.flatMap((p) => [
        p.mediaUrl,
        p.thumbnailUrl,
        ...p.children.flatMap((c) => [c.mediaUrl, c.thumbnailUrl]),
      ]),
      ...highlights.flatMap((h) => [h.coverUrl, ...h.stories.flatMap((s) => [s.mediaUrl, s.thumbnailUrl])]),
    ].filter((url): url is string => url !== undefined);
    const unique = [...new Set(urls)];
    const results = await Promise.all(unique.map((url) => fetcher.fetch(url)));
    expect(results.filter((r) => !r.ok)).toEqual([]);
  });
});
