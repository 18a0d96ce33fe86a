import {
  apiErrorMessage,
  type THighlightCreate,
  type THighlightsList,
  type THighlightUpdate,
  type TInstagramConnection,
  type TInstagramConnectResponse,
  type TMerchantHighlight,
  type TStoriesList,
  type TLanguage,
} from '@app/shared';
import { facebookContracts as facebook, storiesContracts as stories } from '@app/shared/contracts';
import type { TApiFailure, TApiResult } from '../../auth/lib/api-request';
import { createApiClient, type TFetch } from '../../../lib/api-client';

/** The story archive and highlights calls. `send` is the authorised fetch (tests pass a double). */
export function createHighlightsApi(send: TFetch) {
  const { call } = createApiClient(send);
  return {
    stories: (): Promise<TApiResult<TStoriesList>> => call(stories.list),
    deleteStory: (id: string): Promise<TApiResult<undefined>> => call(stories.remove, { params: { id } }),
    highlights: (): Promise<TApiResult<THighlightsList>> => call(stories.highlights),
    create: (input: THighlightCreate): Promise<TApiResult<TMerchantHighlight>> =>
      call(stories.createHighlight, { body: input }),
    update: (id: string, input: THighlightUpdate): Promise<TApiResult<TMerchantHighlight>> =>
      call(stories.updateHighlight, { params: { id }, body: input }),
    remove: (id: string): Promise<TApiResult<undefined>> => call(stories.deleteHighlight, { params: { id } }),
    /** "Connect with Facebook": the story archive's documented source. */
    facebookConnection: (): Promise<TApiResult<TInstagramConnection>> => call(facebook.connection),
    /** The login dialog's URL; the call also sets this browser's cookie. */
    connectFacebook: (): Promise<TApiResult<TInstagramConnectResponse>> =>
      call(facebook.connect, {}, { credentials: 'same-origin' }),
    /** The image itself is the body; the server checks its bytes. */
    uploadCover: (id: string, file: Blob): Promise<TApiResult<TMerchantHighlight>> =>
      call(stories.highlightCover, { params: { id }, body: file }),
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
