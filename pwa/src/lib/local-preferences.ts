import { isLanguage, type TLanguage } from '@app/shared';

/**
 * Every localStorage read and write of the PWA goes through this module. Storage can be missing or throw
 * (private browsing, blocked cookies); a preference that cannot be read is simply absent.
 *
 * Never store tokens here: the access token lives in memory and the refresh token in an httpOnly cookie.
 */
export const LANGUAGE_STORAGE_KEY = 'lamha.language';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readLanguagePreference(): TLanguage | undefined {
  try {
    const value = storage()?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function saveLanguagePreference(lang: TLanguage): void {
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Not remembered across visits; the choice still applies to this one.
  }
}

/** Set once this browser has loaded the web font (lib/webfont.ts): later visits can name it at once. */
const WEBFONT_STORAGE_KEY = 'lamha.webfont';

export function readWebFontSeen(): boolean {
  try {
    return storage()?.getItem(WEBFONT_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function saveWebFontSeen(): void {
  try {
    storage()?.setItem(WEBFONT_STORAGE_KEY, '1');
  } catch {
    // The next visit waits for the page to load again.
  }
}
