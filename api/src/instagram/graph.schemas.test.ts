import { describe, expect, it } from 'vitest';
import { ZBusinessDiscoveryResponse, ZGraphErrorResponse, ZGraphTimestamp } from './graph.schemas.js';

/** The sample body from the contracts in api/src/testing/contracts/instagram, as given. */
const REFERENCE_SAMPLE = `{"business_discovery":{"username":"bluebottle","name":"Blue Bottle Coffee",
 "profile_picture_url":"https://scontent.xx.fbcdn.net/v/t51.2885-15/1_n.jpg?_nc_cat=1&oe=6A1B2C3D",
 "followers_count":267793,"follows_count":150,"media_count":1205,"id":"17841401441775531",
 "media":{"data":[
  {"id":"17990014702890528","caption":"New blend","media_type":"CAROUSEL_ALBUM","media_product_type":"FEED",
   "media_url":"https://scontent.cdninstagram.com/v/t51.29350-15/2_n.jpg?oe=6A1B2C3D",
   "permalink":"https://www.instagram.com/p/Cxyz123/","timestamp":"2026-06-01T16:01:55+0000",
   "like_count":30590,"comments_count":435,
   "children":{"data":[{"id":"17990014702890529","media_type":"IMAGE","media_url":"https://scontent.cdninstagram.com/v/3_n.jpg?oe=6A1B2C3D"}]}},
  {"id":"18012000000000000","caption":"Reel","media_type":"VIDEO","media_product_type":"REELS",
   "thumbnail_url":"https://scontent.cdninstagram.com/v/4_n.jpg?oe=6A1B2C3D",
   "permalink":"https://www.instagram.com/reel/Cabc/","timestamp":"2026-05-28T09:00:00+0000",
   "like_count":812,"comments_count":12}],
  "paging":{"cursors":{"before":"QVFIUb","after":"QVFIUa"}}}},
 "id":"17841405309211844"}`;

describe('Graph schemas', () => {
  it('read the reference sample body', () => {
    const parsed = ZBusinessDiscoveryResponse.parse(JSON.parse(REFERENCE_SAMPLE));
    const media = parsed.business_discovery.media;
    expect(media?.data[0]?.timestamp).toBe('2026-06-01T16:01:55.000Z');
    expect(media?.data[0]?.children?.data).toHaveLength(1);
    expect(media?.data[1]?.media_url).toBeUndefined();
    expect(media?.paging?.cursors?.after).toBe('QVFIUa');
  });

  it('read the documented error body', () => {
    const body = {
      error: {
        message: 'Invalid user id',
        type: 'OAuthException',
        code: 110,
        error_subcode: 2207013,
        is_transient: false,
        fbtrace_id: 'AbC',
      },
    };
    expect(ZGraphErrorResponse.parse(body).error).toMatchObject({ code: 110, error_subcode: 2207013 });
  });

  it.each([
    ['2026-06-01T16:01:55+0000', '2026-06-01T16:01:55.000Z'],
    ['2026-06-01T18:01:55+0200', '2026-06-01T16:01:55.000Z'],
    ['2026-06-01T16:01:55+00:00', '2026-06-01T16:01:55.000Z'],
    ['2026-06-01T16:01:55Z', '2026-06-01T16:01:55.000Z'],
  ])('read the timestamp %s', (input, iso) => {
    expect(ZGraphTimestamp.parse(input)).toBe(iso);
  });

  it.each(['yesterday', '2026-13-45T99:00:00+0000', ''])('refuse the timestamp %j', (input) => {
    expect(ZGraphTimestamp.safeParse(input).success).toBe(false);
  });

  it('refuse answers whose fields have the wrong type', () => {
    const sample = JSON.parse(REFERENCE_SAMPLE) as { business_discovery: { followers_count: unknown } };
    sample.business_discovery.followers_count = '267793';
    expect(ZBusinessDiscoveryResponse.safeParse(sample).success).toBe(false);
    expect(ZBusinessDiscoveryResponse.safeParse({ data: [] }).success).toBe(false);
  });
});
