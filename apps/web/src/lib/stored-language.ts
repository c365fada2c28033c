import { isLanguage, type Language } from '@academy/shared/languages';
import { LANGUAGE_COOKIE } from '@academy/shared/cookies';

/** Where the browser keeps the language it was last shown in (language.ts writes it). */
export const LANGUAGE_STORAGE_KEY = 'academy.language';

/**
 * The same choice as a cookie, for the server (issue 73): a visitor without one who opens a bare public
 * address of an academy whose language is Marathi is sent to its Marathi page (apps/api/src/app.ts).
 */
export { LANGUAGE_COOKIE };

/**
 * The academy's own language, which the server names on `<html data-academy-language>` for a visitor
 * who has not chosen one (issue 73): the default instead of English.
 */
export function academyLanguage(): Language | null {
  const named = document.documentElement.dataset.academyLanguage ?? null;
  return isLanguage(named) ? named : null;
}

/** The visitor's own choice, else the academy's language. */
export function preferredLanguage(): Language | null {
  return storedLanguage() ?? academyLanguage();
}

/**
 * The browser's kept choice, if any. A file of its own: the page's first script (start.ts) reads it
 * without loading the app's language code.
 */
export function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the language the browser is shown in, for the next visit. */
export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
  // A year, like the kept choice; read by this academy's own server only (its host, no Domain).
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}
