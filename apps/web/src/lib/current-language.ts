import { DEFAULT_LANGUAGE, type Language } from '@academy/shared/languages';

/** The language shown now; set only by lib/language.ts (kept apart so formatters import no loaders). */
let current: Language = DEFAULT_LANGUAGE;

export function currentLanguage(): Language {
  return current;
}

export function setCurrentLanguage(language: Language): void {
  current = language;
}
