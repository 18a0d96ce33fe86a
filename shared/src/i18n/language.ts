import type { TLanguage } from '../schemas/common.js';
import type { TMessageKey } from './en.js';

/**
 * Language helpers that need no catalogue. Kept apart from translate.ts so that a bundle using only these
 * (the web app's shell) does not carry the catalogues with it.
 */
export type TMessageParams = Readonly<Record<string, string | number>>;
export type TMessageCatalogue = Readonly<Record<TMessageKey, string>>;

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
