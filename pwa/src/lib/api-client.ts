import type { z } from 'zod';
import type { RouteContract } from '@app/shared/contracts';
import { JSON_HEADERS, requestJson, type TApiResult } from '../features/auth/lib/api-request';

/**
 * The PWA's one way to call the API: `call(contract, input)` with a contract from
 * shared/src/contracts (docs/api.md). The contract gives the method and the path (its `:params` filled in
 * and URI-encoded), how the query and the body are sent, and the schema the answer is read with; the
 * input and answer types come from it, so a wrong parameter name or body shape fails `tsc`.
 *
 * It sends through the `fetch` it is given (the auth client's `fetchWithAuth`: the Bearer token and its
 * refresh) and reads the answer with `requestJson` (the typed `TApiResult`; nothing throws, offline is a
 * `network` failure). This module imports no contract itself: each feature imports the contracts it
 * calls, so their schemas stay in that feature's lazy chunk.
 */

export type TFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

type TInputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** `'/a/:id/b/:name'` → `'id' | 'name'`: a path's parameters when the contract has no params schema. */
type TPathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TPathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type TParamsInput<C extends RouteContract> = C['params'] extends z.ZodType
  ? TInputOf<C['params']>
  : [TPathParamNames<C['path']>] extends [never]
    ? never
    : Record<TPathParamNames<C['path']>, string>;

type TBodyInput<C extends RouteContract> = C['body'] extends z.ZodType
  ? C['bodyKind'] extends 'bytes'
    ? Blob
    : TInputOf<C['body']>
  : never;

type TField<K extends string, V> = [V] extends [never]
  ? { [P in K]?: never }
  : undefined extends V
    ? { [P in K]?: V }
    : object extends V
      ? { [P in K]?: V }
      : { [P in K]: V };

/** What a call sends: the contract's params, query and body, each only when the contract has it. */
export type TCallInput<C extends RouteContract> = TField<'params', TParamsInput<C>> &
  TField<'query', C['query'] extends z.ZodType ? TInputOf<C['query']> : never> &
  TField<'body', TBodyInput<C>>;

/** What a successful call answers: the answer schema's output for JSON, nothing otherwise. */
export type TCallAnswer<C extends RouteContract> = C['answerKind'] extends 'json'
  ? C['answer'] extends z.ZodType
    ? z.output<C['answer']>
    : undefined
  : undefined;

/** Request settings a call may add (e.g. `credentials: 'omit'` for a public, cacheable answer). */
export type TCallOptions = Pick<RequestInit, 'credentials' | 'signal'>;

/** The input as an optional argument when every part of it is optional (a call with nothing to send). */
type TInputArgs<C extends RouteContract> =
  Record<string, never> extends TCallInput<C>
    ? [input?: TCallInput<C>, options?: TCallOptions]
    : [input: TCallInput<C>, options?: TCallOptions];

/** The contract's path with its `:params` filled in, URI-encoded; a missing parameter is a programming error. */
export function contractPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${path}: the parameter "${name}" is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The query string (with its `?`) of the fields that have a value; arrays repeat their key. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value])
      search.append(key, String(item));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The body and its headers as the contract's body kind says. */
function bodyInit(c: RouteContract, body: unknown): Pick<RequestInit, 'body' | 'headers'> {
  if (!c.body || body === undefined) return { headers: { Accept: 'application/json' } };
  switch (c.bodyKind ?? 'json') {
    case 'bytes': {
      const blob = body as Blob;
      return {
        headers: { 'Content-Type': blob.type || 'application/octet-stream', Accept: 'application/json' },
        body: blob,
      };
    }
    case 'form':
      return {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams(body as Record<string, string>).toString(),
      };
    case 'text':
      return {
        headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      };
    case 'json':
      return { headers: JSON_HEADERS, body: JSON.stringify(body) };
  }
}

/** The URL and request settings of a call, as `fetch` takes them. */
export function contractRequest<C extends RouteContract>(
  c: C,
  input: TCallInput<C> = {} as TCallInput<C>,
  options: TCallOptions = {},
): { url: string; init: RequestInit } {
  if (c.method === 'all') throw new Error(`${c.path}: a contract for every method cannot be called`);
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return {
    url: contractPath(c.path, params) + queryString(query),
    init: { method: c.method.toUpperCase(), ...bodyInit(c, body), ...options },
  };
}

/**
 * The client over one `fetch`: `call` answers a `TApiResult` read with the contract's answer schema
 * (any 2xx is a success for an answer that is not JSON); `request` only sends, for the rare caller that
 * reads the answer itself (a 409's body, a more forgiving reading of the answer).
 */
export function createApiClient(send: TFetch) {
  const request =
    <C extends RouteContract>(c: C, ...[input, options]: TInputArgs<C>) =>
    (): Promise<Response> => {
      const { url, init } = contractRequest(c, input, options);
      return send(url, init);
    };

  function call<C extends RouteContract>(c: C, ...args: TInputArgs<C>): Promise<TApiResult<TCallAnswer<C>>> {
    const sendIt = request(c, ...args);
    if (c.answerKind === 'json' && c.answer) {
      return requestJson(sendIt, c.answer) as Promise<TApiResult<TCallAnswer<C>>>;
    }
    return requestJson(sendIt) as Promise<TApiResult<TCallAnswer<C>>>;
  }

  return { call, request };
}
