/**
 * The languages of the product (issue 20; docs/decisions/015-languages.md): English is the default
 * and the source of every text; Marathi and Hindi are translations.
 */
export const LANGUAGES = ['en', 'mr', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name written in that language, as the language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', mr: 'मराठी', hi: 'हिन्दी' };

/** The `Intl` locale of each language: Indian digit grouping and calendar conventions. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-IN', mr: 'mr-IN', hi: 'hi-IN' };

/** The header the web app sends with every API call: the language the person is reading. */
export const LANGUAGE_HEADER = 'x-academy-language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The best of our languages for an `Accept-Language` header ("mr-IN,mr;q=0.9,en;q=0.8"), or null
 * when it names none of them.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && isLanguage(entry.base))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.base as Language | undefined) ?? null;
}
