import { isLanguage, type Language } from '@academy/shared/languages';

/** Where the browser keeps the language it was last shown in (language.ts writes it). */
export const LANGUAGE_STORAGE_KEY = 'academy.language';

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
}
