import { useSyncExternalStore } from 'react';
import { i18n } from '@lingui/core';
import { INTL_LOCALES, type Language } from '@academy/shared/languages';
import { currentLanguage, setCurrentLanguage } from './current-language';
import { addCatalog, endStandIns, loadLanguage, type CatalogName } from './catalogs';
import { storedLanguage, storeLanguage } from './stored-language';

/**
 * The language the app shows now: one value for the whole page (Lingui's i18n, <html lang>, the
 * `X-Academy-Language` header of API calls, number and date formats). Kept per browser in
 * localStorage (stored-language.ts); a signed-in user's own language replaces it (features/i18n).
 */

const listeners = new Set<() => void>();

export { currentLanguage, storedLanguage };

function apply(language: Language): void {
  setCurrentLanguage(language);
  // Numbers inside messages (ICU `#`, `{count}`) keep Latin digits and Indian grouping, like format-number.ts.
  i18n.activate(language, [`${INTL_LOCALES[language]}-u-nu-latn`]);
  document.documentElement.lang = language;
  // All three languages are written left to right; set anyway so a future one only changes this.
  document.documentElement.dir = 'ltr';
  storeLanguage(language);
  for (const listener of listeners) listener();
}

let latest = 0;
// The language whose messages are loading to be shown next: a catalog added meanwhile (the signed-in
// area's, while the app starts in Marathi) loads in it, not in the language it replaces.
let coming: Language | null = null;

/**
 * Shows the app in a language: its messages load first (a small chunk), then every text changes at
 * once. Of quick successive switches the last one wins. (`serverMessages`: see catalogs.ts loadLanguage.)
 */
export async function setLanguage(language: Language, options?: { serverMessages?: boolean }): Promise<void> {
  const ticket = ++latest;
  coming = language;
  try {
    await loadLanguage(language, options);
    if (ticket === latest) apply(language);
  } finally {
    if (ticket === latest) coming = null;
  }
}

/** Adds a catalog (a signed-in area's chunk, lib/area-catalogs.ts) in the language shown now, or the one coming. */
export function loadCatalog(catalog: CatalogName): Promise<void> {
  return addCatalog(catalog, coming ?? currentLanguage());
}

/** After a first screen's take-over: its area's messages in place of the screen's own (catalogs.ts, standIn). */
export function loadStoodInCatalogs(): Promise<void> {
  return endStandIns(coming ?? currentLanguage());
}

export function useLanguage(): Language {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentLanguage,
    currentLanguage,
  );
}
