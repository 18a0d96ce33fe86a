import type { TLanguage } from '../schemas/common.js';
import { ar } from './ar.js';
import { en, type TMessageKey } from './en.js';
import { formatMessage, type TMessageCatalogue, type TMessageParams } from './language.js';

/** Both catalogues, by language. */
export const messages: Readonly<Record<TLanguage, TMessageCatalogue>> = { ar, en };

export function translate(lang: TLanguage, key: TMessageKey, params?: TMessageParams): string {
  return formatMessage(messages[lang][key], params);
}
