import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@app/shared';
import { LANGUAGE_PARAM } from '../features/marketing/lib/page-meta';
import { hasSignInParams } from '../features/marketing/lib/sign-in-params';

/** The page the build prerenders into index.html (scripts: vite.config.ts, src/prerender.tsx). */
export const PRERENDERED_PATH = '/';
export const PRERENDERED_LANGUAGE: TLanguage = DEFAULT_LANGUAGE;

/**
 * Whether the markup in #root is the page this visit would render first, so React can take it over
 * (hydrate) instead of building the page again: the landing page, in Arabic, for a visitor who is not
 * signed in and does not arrive with sign-in parameters (those pages render something else at once).
 */
export function canHydrate(visit: {
  prerenderedPath: string | undefined;
  pathname: string;
  search: string;
  hash: string;
  language: TLanguage;
  signedInHint: boolean;
}): boolean {
  return (
    visit.prerenderedPath === PRERENDERED_PATH &&
    visit.pathname === PRERENDERED_PATH &&
    visit.language === PRERENDERED_LANGUAGE &&
    !visit.signedInHint &&
    !hasSignInParams(visit.search, visit.hash)
  );
}

/** The language a visit shows first: the one the address names (`?lang=en`), else the remembered one. */
export function firstLanguage(search: string, remembered: TLanguage | undefined): TLanguage {
  const named = new URLSearchParams(search).get(LANGUAGE_PARAM);
  return isLanguage(named) ? named : (remembered ?? DEFAULT_LANGUAGE);
}
