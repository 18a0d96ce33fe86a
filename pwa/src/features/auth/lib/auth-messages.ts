import { apiErrorMessage, type TLanguage, type TMessageKey, type TMessageParams } from '@app/shared';
import type { TApiFailure } from './api-request';

type TTranslate = (key: TMessageKey, params?: TMessageParams) => string;

/**
 * The words shown for a failed call (product §8, Login): the server's error when it sent one, worded by its
 * code in the reader's language (`apiErrorMessage`), 'Invalid server response…' for a body that is not our JSON,
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
      if (failure.status === 429 && failure.retryAfterSeconds !== undefined) {
        // A limit says when it lifts, in the reader's clock.
        const at = new Date(Date.now() + failure.retryAfterSeconds * 1000);
        const time = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', {
          hour: '2-digit',
          minute: '2-digit',
        }).format(at);
        const what = failure.message
          ? apiErrorMessage(lang, failure)
          : fallbacks.rateLimited
            ? t(fallbacks.rateLimited)
            : '';
        return `${what} ${t('common.tryAgainAt', { time })}`.trim();
      }
      if (failure.message) return apiErrorMessage(lang, failure);
      if (failure.status === 429 && fallbacks.rateLimited) return t(fallbacks.rateLimited);
      return t('common.requestFailedStatus', { status: failure.status });
  }
}
