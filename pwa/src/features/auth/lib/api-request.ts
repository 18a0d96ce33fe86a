import { ZApiError, ZRetryAfterDetails } from '@app/shared';

/** Why a call to our API did not give the expected answer; the UI turns it into words (see auth-messages). */
export type TApiFailure =
  /** The request never got an answer (offline, DNS, CORS, aborted). */
  | { kind: 'network' }
  /** An answer that is not the JSON we expect (an HTML error page, a body of the wrong shape). */
  | { kind: 'invalid_response'; status: number }
  /**
   * A JSON error reply; `message` and `code` come from the `{error: {code, message}}` body when present,
   * `retryAfterSeconds` from its `details.retry_after` (or the Retry-After header) on a 429.
   */
  | { kind: 'http'; status: number; code?: string; message?: string; retryAfterSeconds?: number };

/**
 * Whether the server could not be reached, or answered that it cannot reach its database right now
 * (503 `service_unavailable`): either way the dashboard works from this device's copy and tries again,
 * rather than showing an error or signing the merchant out.
 */
export function isUnreachable(failure: TApiFailure): boolean {
  return (
    failure.kind === 'network' ||
    (failure.kind === 'http' && failure.status === 503 && failure.code === 'service_unavailable')
  );
}

/** The part of a zod schema we use; keeps zod itself a dependency of `shared` only. */
export interface TSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

export type TApiResult<T> = { ok: true; value: T; status: number } | { ok: false; failure: TApiFailure };

export const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' } as const;

/** The HTTP status of a failure, when there was an answer at all. */
export function failureStatus(failure: TApiFailure): number | undefined {
  return failure.kind === 'network' ? undefined : failure.status;
}

/**
 * Sends one request and reads the answer with a schema. Nothing throws: network errors, non-JSON bodies and
 * bodies of the wrong shape all come back as failures. Without a schema, any 2xx answer is a success
 * (e.g. 204 from logout).
 */
export async function requestJson<T>(
  send: () => Promise<Response>,
  schema: TSchema<T>,
): Promise<TApiResult<T>>;
export async function requestJson(send: () => Promise<Response>): Promise<TApiResult<undefined>>;
export async function requestJson<T>(
  send: () => Promise<Response>,
  schema?: TSchema<T>,
): Promise<TApiResult<T | undefined>> {
  let response: Response;
  let text: string;
  try {
    response = await send();
    text = await response.text();
  } catch {
    return { ok: false, failure: { kind: 'network' } };
  }

  const { status } = response;
  let body: unknown;
  let isJson = false;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
      isJson = true;
    } catch {
      isJson = false;
    }
  }

  if (response.ok) {
    if (!schema) return { ok: true, value: undefined, status };
    if (!isJson) return { ok: false, failure: { kind: 'invalid_response', status } };
    const parsed = schema.safeParse(body);
    return parsed.success
      ? { ok: true, value: parsed.data, status }
      : { ok: false, failure: { kind: 'invalid_response', status } };
  }

  if (text.trim() !== '' && !isJson) return { ok: false, failure: { kind: 'invalid_response', status } };
  const apiError = ZApiError.safeParse(body);
  if (!apiError.success) return { ok: false, failure: { kind: 'http', status } };
  const { code, message, details } = apiError.data.error;
  const retryAfterSeconds = status === 429 ? retryAfterOf(details, response.headers) : undefined;
  return {
    ok: false,
    failure: {
      kind: 'http',
      status,
      code,
      message: message.trim() === '' ? undefined : message,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    },
  };
}

/** Seconds until a limited action may be tried again: the body's `details.retry_after`, else the header. */
function retryAfterOf(details: unknown, headers: Headers): number | undefined {
  const fromBody = ZRetryAfterDetails.safeParse(details);
  if (fromBody.success) return fromBody.data.retry_after;
  const header = Number(headers.get('Retry-After'));
  return Number.isInteger(header) && header > 0 && header <= 86_400 ? header : undefined;
}
