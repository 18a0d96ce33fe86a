import type { FakeGraphAccount, FakeGraphMedia } from './fake-graph-fields.js';

/** Sample accounts and media for the fake Graph (fake-graph.ts), in Graph's own shapes. */

/** "2026-06-01T16:01:55+0000", as Graph writes timestamps. */
export function graphTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+0000');
}

const SAMPLE_NEWEST = Date.parse('2026-06-01T16:01:55Z');
const CDN = 'https://scontent.cdninstagram.com/v/t51.29350-15';
const OE = 'oe=6A1B2C3D';

/** `count` posts, newest first: a carousel, a reel without media_url, a playable reel, then images. */
export function sampleGraphMedia(prefix: string, count: number): FakeGraphMedia[] {
  const media: FakeGraphMedia[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}${String(i).padStart(4, '0')}`;
    const timestamp = graphTimestamp(new Date(SAMPLE_NEWEST - i * 7 * 3_600_000));
    const base = {
      id,
      caption: i % 5 === 4 ? undefined : `Post ${i} #sample`,
      permalink: `https://www.instagram.com/p/C${id}/`,
      timestamp,
      // Every 7th post hides its like count, as owners may.
      like_count: i % 7 === 6 ? undefined : 1000 - i,
      comments_count: i % 10,
    };
    if (i === 0) {
      media.push({
        ...base,
        media_type: 'CAROUSEL_ALBUM',
        media_product_type: 'FEED',
        media_url: `${CDN}/${id}_1_n.jpg?${OE}`,
        children: [
          { id: `${id}01`, media_type: 'IMAGE', media_url: `${CDN}/${id}_1_n.jpg?${OE}` },
          { id: `${id}02`, media_type: 'IMAGE', media_url: `${CDN}/${id}_2_n.jpg?${OE}` },
          {
            id: `${id}03`,
            media_type: 'VIDEO',
            media_url: `https://scontent.cdninstagram.com/o1/v/t16/${id}_3.mp4?${OE}`,
            thumbnail_url: `${CDN}/${id}_3_n.jpg?${OE}`,
          },
        ],
      });
    } else if (i === 1) {
      // The copyrighted-audio case: no media_url at all.
      media.push({
        ...base,
        media_type: 'VIDEO',
        media_product_type: 'REELS',
        thumbnail_url: `${CDN}/${id}_n.jpg?${OE}`,
        permalink: `https://www.instagram.com/reel/C${id}/`,
      });
    } else if (i === 2) {
      media.push({
        ...base,
        media_type: 'VIDEO',
        media_product_type: 'REELS',
        media_url: `https://scontent.cdninstagram.com/o1/v/t16/${id}.mp4?${OE}`,
        thumbnail_url: `${CDN}/${id}_n.jpg?${OE}`,
        permalink: `https://www.instagram.com/reel/C${id}/`,
      });
    } else {
      media.push({
        ...base,
        media_type: 'IMAGE',
        media_product_type: 'FEED',
        media_url: `${CDN}/${id}_n.jpg?${OE}`,
      });
    }
  }
  return media;
}

/**
 * - `bluebottle`: business, 120 posts (three pages of 50 reach a limit of 120).
 * - `tinyshop`: creator, 3 posts.
 * - `emptyshop`: business, no posts.
 * - `personal_sara`: personal (Graph answers code 110/2207013, like for an unknown name).
 */
export function sampleGraphAccounts(): FakeGraphAccount[] {
  return [
    {
      id: '17841401441775531',
      username: 'bluebottle',
      accountType: 'business',
      name: 'Blue Bottle Coffee',
      profile_picture_url: `https://scontent.xx.fbcdn.net/v/t51.2885-15/1_n.jpg?_nc_cat=1&${OE}`,
      followers_count: 267793,
      follows_count: 150,
      media_count: 120,
      media: sampleGraphMedia('1799', 120),
    },
    {
      id: '17841400000000002',
      username: 'tinyshop',
      accountType: 'creator',
      name: 'Tiny Shop',
      followers_count: 812,
      follows_count: 90,
      media_count: 3,
      media: sampleGraphMedia('1800', 3),
    },
    {
      id: '17841400000000003',
      username: 'emptyshop',
      accountType: 'business',
      followers_count: 0,
      follows_count: 0,
      media_count: 0,
      media: [],
    },
    { id: '17841400000000004', username: 'personal_sara', accountType: 'personal', media: [] },
  ];
}
