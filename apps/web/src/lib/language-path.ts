import { DEFAULT_LANGUAGE, type Language } from '@academy/shared/languages';

/*
 * Public pages live at their own address per language (issue 20): English at `/courses`, Marathi at
 * `/mr/courses`, Hindi at `/hi/courses`. Signed-in areas (/app/...) have no prefix: they follow the user.
 */

/** The language an address names with its prefix, or null for an address without one. */
export function languageOfPath(pathname: string): Exclude<Language, 'en'> | null {
  const first = pathname.split('/')[1];
  return first === 'mr' || first === 'hi' ? first : null;
}

/** The address without its language prefix: `/mr/courses` → `/courses`, `/mr` → `/`. */
export function stripLanguage(pathname: string): string {
  if (!languageOfPath(pathname)) return pathname;
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

/** Whether an address is one of the signed-in areas (no language prefix there). */
export function isAppPath(pathname: string): boolean {
  return pathname === '/app' || pathname.startsWith('/app/');
}

/**
 * A public address in a language: (`/courses`, mr) → `/mr/courses`, (`/`, hi) → `/hi`. Signed-in
 * addresses, and English ones, are returned as they are. Query and hash are kept.
 */
export function localizedPath(path: string, language: Language): string {
  const bare = stripLanguage(path);
  if (language === DEFAULT_LANGUAGE || isAppPath(bare) || !bare.startsWith('/')) return bare;
  if (bare === '/' || bare.startsWith('/?') || bare.startsWith('/#')) return `/${language}${bare.slice(1)}`;
  return `/${language}${bare}`;
}
