import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../../../app/navigation';
import { isLanguage, TRIAL_DAYS } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { applyPageMeta, LANGUAGE_PARAM, resetPageMeta, type TPageMeta } from '../lib/page-meta';

/**
 * Keeps <head> in step with the page and the language: title, description, canonical, hreflang, Open Graph.
 *
 * A `?lang=ar|en` in the address (the hreflang alternates use it) chooses the language on arrival; when the
 * visitor later switches language, the parameter is rewritten so the address keeps naming what is shown.
 *
 * Passive effects run after the I18nProvider's layout effect resets the title on a language change, so the
 * page's own title always wins.
 */
export function usePageMeta(meta: TPageMeta): void {
  const { lang, setLang, t } = useI18n();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const previousLang = useRef(lang);
  const languageInUrl = new URLSearchParams(search).get(LANGUAGE_PARAM);

  useEffect(() => {
    const switchedByVisitor = previousLang.current !== lang;
    previousLang.current = lang;
    if (!isLanguage(languageInUrl) || languageInUrl === lang) return;
    if (!switchedByVisitor) {
      setLang(languageInUrl);
      return;
    }
    const params = new URLSearchParams(search);
    params.set(LANGUAGE_PARAM, lang);
    navigate(
      { pathname, search: `?${params.toString()}`, hash },
      { replace: true, preventScrollReset: true },
    );
  }, [lang, languageInUrl, search, pathname, hash, navigate, setLang]);

  const { title, description } = meta;
  const defaultTitle = t('app.title');
  const defaultDescription = t('landing.meta.homeDescription', { trialDays: TRIAL_DAYS });
  useEffect(() => {
    applyPageMeta(
      { title, description },
      {
        origin: window.location.origin,
        pathname,
        lang,
        languageInUrl: isLanguage(languageInUrl) ? languageInUrl : null,
      },
    );
    return () => resetPageMeta({ title: defaultTitle, description: defaultDescription });
  }, [title, description, pathname, lang, languageInUrl, defaultTitle, defaultDescription]);
}
