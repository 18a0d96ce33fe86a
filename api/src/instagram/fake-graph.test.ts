import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_IG_USER_ID, startFakeGraph, type FakeGraph } from '../testing/fake-graph.js';
import { ZBusinessDiscoveryResponse, ZGraphErrorResponse } from './graph.schemas.js';

// The fake stands in for Instagram in every Graph test, so it is checked against the documented shapes.
let fake: FakeGraph;

async function get(
  fields: string,
  token = 'T',
): Promise<{ status: number; body: unknown; usage: string | null }> {
  const url = new URL(`${fake.baseUrl}/v25.0/${FAKE_IG_USER_ID}`);
  url.searchParams.set('fields', fields);
  url.searchParams.set('access_token', token);
  const response = await fetch(url);
  return { status: response.status, body: await response.json(), usage: response.headers.get('x-app-usage') };
}

beforeAll(async () => {
  fake = await startFakeGraph({ accessToken: 'T' });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.setBehaviour({ appUsage: undefined, nextFaults: [] });
});

describe('fake Graph API', () => {
  it('answers the documented Business Discovery shape, only with the fields asked for', async () => {
    const { status, body } = await get(
      'business_discovery.username(bluebottle){username,followers_count,media.limit(2){id,media_type,children{id}}}',
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      business_discovery: {
        username: 'bluebottle',
        followers_count: 267793,
        media: {
          data: [
            {
              id: '17990000',
              media_type: 'CAROUSEL_ALBUM',
              children: { data: [{ id: '1799000001' }, { id: '1799000002' }, { id: '1799000003' }] },
            },
            { id: '17990001', media_type: 'VIDEO' },
          ],
          paging: { cursors: { before: expect.any(String), after: expect.any(String) } },
        },
      },
      id: FAKE_IG_USER_ID,
    });
  });

  it('answers what GraphSource asks for in a shape its schema accepts', async () => {
    const { body } = await get(
      'business_discovery.username(bluebottle){id,username,name,profile_picture_url,followers_count,follows_count,media_count,media.limit(50){id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp,like_count,comments_count,children{id,media_type,media_url,thumbnail_url}}}',
    );
    const parsed = ZBusinessDiscoveryResponse.parse(body);
    expect(parsed.business_discovery.media?.data).toHaveLength(50);
  });

  it('pages with the cursor it gave', async () => {
    const first = await get('business_discovery.username(bluebottle){id,media.limit(3){id}}');
    const after = (
      first.body as { business_discovery: { media: { paging: { cursors: { after: string } } } } }
    ).business_discovery.media.paging.cursors.after;
    const second = await get(
      `business_discovery.username(bluebottle){id,media.after(${after}).limit(3){id}}`,
    );
    expect(second.body).toMatchObject({
      business_discovery: { media: { data: [{ id: '17990003' }, { id: '17990004' }, { id: '17990005' }] } },
    });
    expect(fake.requests.map((r) => [r.username, r.limit, r.after])).toEqual([
      ['bluebottle', 3, undefined],
      ['bluebottle', 3, after],
    ]);
  });

  it.each([
    ['business_discovery.username(bluebottle){id,media.after(bm9wZQ).limit(3){id}}', 100],
    ['business_discovery.username(bluebottle){id,favourite_colour}', 100],
    ['business_discovery.username(bluebottle){id,media.limit(0){id}}', 100],
    ['business_discovery.username(bluebottle){id', 2500],
    ['id,name', 100],
  ])('answers Graph errors for bad requests: %s', async (fields, code) => {
    const { status, body } = await get(fields);
    expect(status).toBe(400);
    expect(ZGraphErrorResponse.parse(body).error.code).toBe(code);
  });

  it('answers 190 to another token, and sends X-App-Usage when told', async () => {
    fake.setBehaviour({ appUsage: { call_count: 12 } });
    const { status, body, usage } = await get('business_discovery.username(bluebottle){id}', 'wrong');
    expect(status).toBe(400);
    expect(ZGraphErrorResponse.parse(body).error.code).toBe(190);
    expect(JSON.parse(usage ?? '')).toEqual({ call_count: 12 });
  });

  it('answers personal and unknown usernames with code 110 / 2207013', async () => {
    for (const name of ['personal_sara', 'nobody_here']) {
      const { status, body } = await get(`business_discovery.username(${name}){id}`);
      expect(status).toBe(400);
      expect(ZGraphErrorResponse.parse(body).error).toMatchObject({ code: 110, error_subcode: 2207013 });
    }
  });

  it('holds back the answers for a slow username, with the request logged at once', async () => {
    fake.setBehaviour({ delayMsByUsername: { tinyshop: 300 } });
    let answered = false;
    const pending = get('business_discovery.username(tinyshop){id,username}').then((r) => {
      answered = true;
      return r;
    });
    while (!fake.requests.some((r) => r.username === 'tinyshop')) await new Promise((r) => setTimeout(r, 5));
    expect(answered).toBe(false);
    const { status, body } = await pending;
    expect(status).toBe(200);
    expect(ZBusinessDiscoveryResponse.parse(body).business_discovery.username).toBe('tinyshop');
    fake.setBehaviour({ delayMsByUsername: {} });
  });
});
