import type { TLanguage } from '../schemas/common.js';
import { ar } from './ar.js';
import { en, type TMessageKey } from './en.js';

export { ar, en };
export type { TMessageKey };

export type TMessageParams = Readonly<Record<string, string | number>>;
export type TMessageCatalogue = Readonly<Record<TMessageKey, string>>;

/** Both catalogues, by language. */
export const messages: Readonly<Record<TLanguage, TMessageCatalogue>> = { ar, en };

export const LANGUAGES = ['ar', 'en'] as const satisfies readonly TLanguage[];
/** Arabic is the product's default language. */
export const DEFAULT_LANGUAGE: TLanguage = 'ar';

export type TTextDirection = 'rtl' | 'ltr';

export function languageDirection(lang: TLanguage): TTextDirection {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

export function isLanguage(value: unknown): value is TLanguage {
  return value === 'ar' || value === 'en';
}

/** Fills `{name}` placeholders; a placeholder without a value is left as written so the gap is visible. */
export function formatMessage(template: string, params?: TMessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

export function translate(lang: TLanguage, key: TMessageKey, params?: TMessageParams): string {
  return formatMessage(messages[lang][key], params);
}

const keyByEnglishText = new Map<string, TMessageKey>(
  (Object.entries(en) as [TMessageKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * The API answers in the product's English wording. When a message is one of ours, this returns it in the
 * reader's language; any other text (a server detail we do not know) is returned unchanged.
 */
export function translateKnownMessage(lang: TLanguage, message: string): string {
  const key = keyByEnglishText.get(message.trim());
  return key === undefined ? message : messages[lang][key];
}
