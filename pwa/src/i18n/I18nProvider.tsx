import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { DEFAULT_LANGUAGE, formatMessage, languageDirection, type TLanguage } from '@app/shared';
import { readLanguagePreference, saveLanguagePreference } from '../lib/local-preferences';
import { LogoMark } from '../ui/Logo';
import {
  getCatalogueVersion,
  hasSiteCatalogue,
  loadSiteCatalogue,
  lookupMessage,
  subscribeCatalogue,
} from './catalogue';
import { I18nContext, type TI18nValue } from './I18nContext';

/** What index.html shows before any script ran (the brand mark), kept until the messages are there. */
function Splash() {
  return (
    <div className="fixed inset-0 grid place-items-center bg-white" aria-hidden="true">
      <LogoMark className="size-14" />
    </div>
  );
}

const reportLoadFailure = (error: unknown) => console.error('Could not load the messages.', error);

/**
 * Holds the interface language (Arabic by default), remembers the visitor's choice and keeps
 * `<html lang dir>` and the document title in step with it so the whole layout mirrors.
 *
 * Only the messages of the language shown are loaded (see catalogue.ts): the brand mark shows until they
 * are there, and a switch of language shows the new one once its messages arrived. Arriving messages re-render
 * the app in a transition, which React renders in slices: the first render of a page does not block the main
 * thread in one long task.
 */
export function I18nProvider({ children, initialLang }: { children: ReactNode; initialLang?: TLanguage }) {
  const [lang, setLangState] = useState<TLanguage>(() => {
    const first = initialLang ?? readLanguagePreference() ?? DEFAULT_LANGUAGE;
    loadSiteCatalogue(first).catch(reportLoadFailure);
    return first;
  });
  const [version, setVersion] = useState(getCatalogueVersion);
  const ready = hasSiteCatalogue(lang);

  useEffect(() => {
    const update = () => startTransition(() => setVersion(getCatalogueVersion()));
    update(); // messages that arrived before this effect ran
    return subscribeCatalogue(update);
  }, []);
  const requested = useRef(lang);

  const setLang = useCallback((next: TLanguage) => {
    saveLanguagePreference(next);
    requested.current = next;
    if (hasSiteCatalogue(next)) {
      setLangState(next);
      return;
    }
    loadSiteCatalogue(next).then(() => {
      // A later switch wins over this one.
      if (requested.current === next) setLangState(next);
    }, reportLoadFailure);
  }, []);

  // A key whose messages are still on their way reads as empty until they arrive. `t` reads the catalogue at
  // each call, so it changes only with the language: effects that depend on it do not run again when some
  // other page's messages arrive. The context value does change then (`version`), so every reader renders again.
  const t = useCallback<TI18nValue['t']>(
    (key, params) => {
      const text = lookupMessage(lang, key);
      return text === undefined ? '' : formatMessage(text, params);
    },
    [lang],
  );

  const value = useMemo<TI18nValue>(
    // A new value when more messages arrived (`version`), though no field changed.
    () => ({ lang, dir: languageDirection(lang), t, setLang }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is the point: new messages, new value
    [lang, t, setLang, version],
  );

  useLayoutEffect(() => {
    if (!ready) return;
    // Only what differs: a changed attribute on <html> makes the browser restyle the whole page, which the
    // prerendered landing page (already in Arabic, right to left) does not need.
    const root = document.documentElement;
    if (root.lang !== lang) root.lang = lang;
    if (root.dir !== value.dir) root.dir = value.dir;
    const title = value.t('app.title');
    if (document.title !== title) document.title = title;
  }, [lang, value, ready]);

  return ready ? <I18nContext.Provider value={value}>{children}</I18nContext.Provider> : <Splash />;
}
