import { translateKnownMessage, type TLanguage, type TMessageKey, type TMessageParams } from '@app/shared';
import type { TApiFailure } from './api-request';

type TTranslate = (key: TMessageKey, params?: TMessageParams) => string;

/**
 * The words shown for a failed call (spec §8, Login): the server's own message when it sent one (in the
 * reader's language when it is one of ours), 'Invalid server response…' for a body that is not our JSON,
 * 'Request failed with status N.' for an error without a message, and 'An unexpected error occurred.' when
 * there was no answer at all.
 */
export function describeApiFailure(
  failure: TApiFailure,
  lang: TLanguage,
  t: TTranslate,
  fallbacks: { rateLimited?: TMessageKey } = {},
): string {
  switch (failure.kind) {
    case 'network':
      return t('common.unexpectedError');
    case 'invalid_response':
      return t('common.invalidServerResponse');
    case 'http':
      if (failure.message) return translateKnownMessage(lang, failure.message);
      if (failure.status === 429 && fallbacks.rateLimited) return t(fallbacks.rateLimited);
      return t('common.requestFailedStatus', { status: failure.status });
  }
}
