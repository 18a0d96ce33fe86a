import {
  apiErrorMessage,
  ZHighlightsList,
  ZInstagramConnection,
  ZInstagramConnectResponse,
  ZMerchantHighlight,
  ZStoriesList,
  type THighlightCreate,
  type THighlightsList,
  type THighlightUpdate,
  type TInstagramConnection,
  type TInstagramConnectResponse,
  type TMerchantHighlight,
  type TStoriesList,
  type TLanguage,
} from '@app/shared';
import { JSON_HEADERS, requestJson, type TApiFailure, type TApiResult } from '../../auth/lib/api-request';
import type { TFetch } from '../../dashboard/lib/merchant-api';

/** The story archive and highlights calls. `send` is the authorised fetch (tests pass a double). */
export function createHighlightsApi(send: TFetch) {
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
  });
  const path = (id: string) => `/api/merchant/highlights/${encodeURIComponent(id)}`;
  return {
    stories: (): Promise<TApiResult<TStoriesList>> =>
      requestJson(() => send('/api/merchant/stories'), ZStoriesList),
    deleteStory: (id: string): Promise<TApiResult<undefined>> =>
      requestJson(() =>
        send(`/api/merchant/stories/${encodeURIComponent(id)}`, { method: 'DELETE', headers: JSON_HEADERS }),
      ),
    highlights: (): Promise<TApiResult<THighlightsList>> =>
      requestJson(() => send('/api/merchant/highlights'), ZHighlightsList),
    create: (input: THighlightCreate): Promise<TApiResult<TMerchantHighlight>> =>
      requestJson(() => send('/api/merchant/highlights', json('POST', input)), ZMerchantHighlight),
    update: (id: string, input: THighlightUpdate): Promise<TApiResult<TMerchantHighlight>> =>
      requestJson(() => send(path(id), json('PATCH', input)), ZMerchantHighlight),
    remove: (id: string): Promise<TApiResult<undefined>> =>
      requestJson(() => send(path(id), { method: 'DELETE', headers: JSON_HEADERS })),
    /** "Connect with Facebook": the story archive's documented source. */
    facebookConnection: (): Promise<TApiResult<TInstagramConnection>> =>
      requestJson(() => send('/api/facebook/connection'), ZInstagramConnection),
    /** The login dialog's URL; the call also sets this browser's cookie. */
    connectFacebook: (): Promise<TApiResult<TInstagramConnectResponse>> =>
      requestJson(
        () =>
          send('/api/facebook/connect', {
            method: 'POST',
            headers: JSON_HEADERS,
            credentials: 'same-origin',
          }),
        ZInstagramConnectResponse,
      ),
    /** The image itself is the body; the server checks its bytes. */
    uploadCover: (id: string, file: Blob): Promise<TApiResult<TMerchantHighlight>> =>
      requestJson(
        () =>
          send(`${path(id)}/cover`, {
            method: 'PUT',
            headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
            body: file,
          }),
        ZMerchantHighlight,
      ),
  };
}

export type THighlightsApi = ReturnType<typeof createHighlightsApi>;

/**
 * What to tell the merchant about a failed call: the error table's words for the API's code (English
 * keeps the server's own sentence), or `otherwise` when there was no answer to word.
 */
export function highlightsFailureMessage(lang: TLanguage, failure: TApiFailure, otherwise: string): string {
  return failure.kind === 'http' ? apiErrorMessage(lang, failure) : otherwise;
}

/** Picks or unpicks a story; picked stories keep the order they were picked in. */
export function togglePick(picked: readonly string[], id: string): string[] {
  return picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id];
}
