import { useContext } from 'react';
import { I18nContext, type TI18nValue } from './I18nContext';

/** `{lang, dir, t, setLang}` for the current interface language. */
export function useI18n(): TI18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n() must be used inside <I18nProvider>.');
  return value;
}
