import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '@app/shared';
import { isUnreachable, requestJson } from './api-request';

const answer = (status: number, code: string) => () =>
  Promise.resolve(
    new Response(JSON.stringify({ error: { code, message: API_ERRORS.internal_error.en } }), { status }),
  );

describe('isUnreachable', () => {
  it('takes no answer, and a server that cannot reach its database, as offline; other failures not', async () => {
    const noAnswer = await requestJson(() => Promise.reject(new TypeError('Failed to fetch')));
    const down = await requestJson(answer(503, 'service_unavailable'));
    const readOnly = await requestJson(answer(503, 'database_read_only'));
    const bug = await requestJson(answer(500, 'internal_error'));
    const signedOut = await requestJson(answer(401, 'unauthorized'));
    const verdicts = [noAnswer, down, readOnly, bug, signedOut].map((r) => !r.ok && isUnreachable(r.failure));
    expect(verdicts).toEqual([true, true, false, false, false]);
  });
});
