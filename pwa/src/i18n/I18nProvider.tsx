import { useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, languageDirection, translate, type TLanguage } from '@app/shared';
import { readLanguagePreference, saveLanguagePreference } from '../lib/local-preferences';
import { I18nContext, type TI18nValue } from './I18nContext';

/**
 * Holds the interface language (Arabic by default), remembers the visitor's choice and keeps
 * `<html lang dir>` and the document title in step with it so the whole layout mirrors.
 */
export function I18nProvider({ children, initialLang }: { children: ReactNode; initialLang?: TLanguage }) {
  const [lang, setLangState] = useState<TLanguage>(() => initialLang ?? readLanguagePreference() ?? DEFAULT_LANGUAGE);

  const setLang = useCallback((next: TLanguage) => {
    saveLanguagePreference(next);
    setLangState(next);
  }, []);

  const value = useMemo<TI18nValue>(
    () => ({
      lang,
      dir: languageDirection(lang),
      t: (key, params) => translate(lang, key, params),
      setLang,
    }),
    [lang, setLang],
  );

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.lang = lang;
    root.dir = value.dir;
    document.title = value.t('app.title');
  }, [lang, value]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
