import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '@app/shared/contracts';
import { apiError, fakeFetch, jsonResponse } from '../test/fixtures';
import { contractPath, contractRequest, createApiClient, queryString } from './api-client';

const ZThing = z.object({ id: z.string(), n: z.number().int() });

const getThing = contract({
  method: 'get',
  path: '/api/things/:id/parts/:part',
  summary: 'A part of a thing',
  auth: 'merchant',
  params: z.object({ id: z.string(), part: z.string() }),
  query: z.object({ q: z.string().optional(), page: z.coerce.number().int().optional() }),
  answerKind: 'json',
  answer: ZThing,
  errors: [],
});

const putThing = contract({
  method: 'put',
  path: '/api/things/:id',
  summary: 'Change a thing',
  auth: 'merchant',
  params: z.object({ id: z.string() }),
  body: z.object({ n: z.number().int() }),
  answerKind: 'json',
  answer: ZThing,
  errors: [],
});

const deleteThing = contract({
  method: 'delete',
  path: '/api/things/:id',
  summary: 'Delete a thing',
  auth: 'merchant',
  params: z.object({ id: z.string() }),
  status: 204,
  answerKind: 'empty',
  errors: [],
});

const thingPicture = contract({
  method: 'put',
  path: '/api/things/:id/picture',
  summary: "A thing's picture",
  auth: 'merchant',
  params: z.object({ id: z.string() }),
  body: z.unknown(),
  bodyKind: 'bytes',
  answerKind: 'json',
  answer: ZThing,
  errors: [],
});

const listThings = contract({
  method: 'get',
  path: '/api/things',
  summary: 'Every thing',
  auth: 'merchant',
  answerKind: 'json',
  answer: z.array(ZThing),
  errors: [],
});

describe('contractPath', () => {
  it('fills in each parameter, URI-encoded', () => {
    expect(contractPath('/api/things/:id/parts/:part', { id: 'a b/c?d', part: 'ü#1' })).toBe(
      '/api/things/a%20b%2Fc%3Fd/parts/%C3%BC%231',
    );
  });

  it('refuses a path whose parameter is missing rather than calling a wrong address', () => {
    expect(() => contractPath('/api/things/:id', {})).toThrow('"id" is missing');
    expect(() => contractPath('/api/things/:id', { id: '' })).toThrow('"id" is missing');
  });
});

describe('queryString', () => {
  it('sends the fields that have a value, encoded, arrays as repeated keys', () => {
    expect(queryString({ q: 'ورد & co', page: 2, none: undefined, nil: null, tag: ['a', 'b'] })).toBe(
      '?q=%D9%88%D8%B1%D8%AF+%26+co&page=2&tag=a&tag=b',
    );
    expect(queryString({ q: undefined })).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});

describe('the API client', () => {
  it("sends the contract's method to its filled path with the query, and answers the parsed body", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ id: 'x', n: 3, extra: true }));
    const { call } = createApiClient(fetch);

    const result = await call(getThing, { params: { id: 'a/b', part: 'p' }, query: { q: 'x y', page: 2 } });

    expect(result).toEqual({ ok: true, value: { id: 'x', n: 3 }, status: 200 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/things/a%2Fb/parts/p?q=x+y&page=2');
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.body).toBeUndefined();
    expect(calls[0]!.headers.get('Accept')).toBe('application/json');
  });

  it('sends a JSON body as JSON', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ id: 'x', n: 4 }));
    const result = await createApiClient(fetch).call(putThing, { params: { id: 'x' }, body: { n: 4 } });

    expect(result.ok).toBe(true);
    expect(calls[0]!.method).toBe('PUT');
    expect(calls[0]!.url).toBe('/api/things/x');
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.body).toEqual({ n: 4 });
  });

  it('sends a bytes body as the bytes themselves, typed as the file is', async () => {
    const file = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const { url, init } = contractRequest(thingPicture, { params: { id: 'x' }, body: file });

    expect(url).toBe('/api/things/x/picture');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(file);
    expect(new Headers(init.headers).get('Content-Type')).toBe('image/jpeg');
    const untyped = contractRequest(thingPicture, { params: { id: 'x' }, body: new Blob([]) });
    expect(new Headers(untyped.init.headers).get('Content-Type')).toBe('application/octet-stream');
  });

  it('takes request settings the call adds', () => {
    const { init } = contractRequest(listThings, {}, { credentials: 'omit' });
    expect(init.credentials).toBe('omit');
    expect(init.method).toBe('GET');
  });

  it('refuses an answer of the wrong shape', async () => {
    const { fetch } = fakeFetch(() => jsonResponse({ id: 'x', n: 'three' }));
    const result = await createApiClient(fetch).call(getThing, { params: { id: 'x', part: 'p' } });
    expect(result).toEqual({ ok: false, failure: { kind: 'invalid_response', status: 200 } });
  });

  it('takes any 2xx as success for an answer that is not JSON', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    const result = await createApiClient(fetch).call(deleteThing, { params: { id: 'x' } });
    expect(result).toEqual({ ok: true, value: undefined, status: 204 });
    expect(calls[0]!.method).toBe('DELETE');
  });

  it("answers the API's error and a lost connection as failures, as requestJson does", async () => {
    const refused = fakeFetch(() => apiError(404, 'not_found', 'No such thing.'));
    expect(await createApiClient(refused.fetch).call(listThings)).toEqual({
      ok: false,
      failure: { kind: 'http', status: 404, code: 'not_found', message: 'No such thing.' },
    });

    const offline = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await createApiClient(offline.fetch).call(listThings)).toEqual({
      ok: false,
      failure: { kind: 'network' },
    });
  });

  it('lets a caller send and read the answer itself', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ conflict: true }, 409));
    const response = await createApiClient(fetch).request(putThing, {
      params: { id: 'x' },
      body: { n: 1 },
    })();
    expect(response.status).toBe(409);
    expect(calls[0]!.url).toBe('/api/things/x');
  });

  it("types the input and the answer from the contract (checked by tsc, which runs these lines' types)", async () => {
    const { fetch } = fakeFetch(() => jsonResponse({ id: 'x', n: 1 }));
    const { call } = createApiClient(fetch);
    const ok = await call(putThing, { params: { id: 'x' }, body: { n: 1 } });
    if (ok.ok) {
      const n: number = ok.value.n;
      expect(n).toBe(1);
    }
    // @ts-expect-error: the path parameter is `id`, not `thingId`.
    await call(putThing, { params: { thingId: 'x' }, body: { n: 1 } });
    // @ts-expect-error: the body's `n` is a number.
    await call(putThing, { params: { id: 'x' }, body: { n: 'one' } });
    // @ts-expect-error: a contract with params needs them.
    await call(putThing);
    // @ts-expect-error: a contract without a body takes none.
    await call(listThings, { body: { n: 1 } });
  });
});
