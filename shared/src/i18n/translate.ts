import type { TLanguage } from '../schemas/common.js';
import { ar } from './ar.js';
import { en, type TMessageKey } from './en.js';
import { formatMessage, type TMessageCatalogue, type TMessageParams } from './language.js';

/** Both catalogues, by language. */
export const messages: Readonly<Record<TLanguage, TMessageCatalogue>> = { ar, en };

export function translate(lang: TLanguage, key: TMessageKey, params?: TMessageParams): string {
  return formatMessage(messages[lang][key], params);
}

// Built on first use.
let keyByEnglishTextCache: Map<string, TMessageKey> | undefined;
const keyByEnglishText = (): Map<string, TMessageKey> =>
  (keyByEnglishTextCache ??= new Map(
    (Object.entries(en) as [TMessageKey, string][]).map(([key, text]) => [text, key]),
  ));

/**
 * The API answers in the product's English wording. When a message is one of ours, this returns it in the
 * reader's language; any other text (a server detail we do not know) is returned unchanged.
 */
/** True when `message` is one of the product's own messages (its English wording in the catalogue). */
export function isKnownMessage(message: string): boolean {
  return keyByEnglishText().has(message.trim());
}

export function translateKnownMessage(lang: TLanguage, message: string): string {
  const key = keyByEnglishText().get(message.trim());
  return key === undefined ? message : messages[lang][key];
}
