import { createContext } from 'react';
import type { TLanguage, TMessageKey, TMessageParams, TTextDirection } from '@app/shared';

export interface TI18nValue {
  lang: TLanguage;
  dir: TTextDirection;
  t: (key: TMessageKey, params?: TMessageParams) => string;
  setLang: (lang: TLanguage) => void;
}

export const I18nContext = createContext<TI18nValue | null>(null);
