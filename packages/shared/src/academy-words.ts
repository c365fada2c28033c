import type { Language } from './languages';

/*
 * The academy's words the office may write per language in Settings (issue 42), without zod: the
 * signed-in shell and the public pages pick them (schemas/settings.ts checks what is saved).
 */

/** The academy's words the office may write per language (issue 42); English (the main fields) is the fallback. */
export const TRANSLATED_ACADEMY_FIELDS = ['tagline', 'address', 'officeHours'] as const;
export type TranslatedAcademyField = (typeof TRANSLATED_ACADEMY_FIELDS)[number];
export type AcademyTranslations = Partial<Record<Exclude<Language, 'en'>, Partial<Record<TranslatedAcademyField, string>>>>;

/** The academy's tagline, address and office hours in `language`, each falling back to English (the main fields). */
export function academyInLanguage<T extends { tagline: string; address: string; officeHours: string; translations?: AcademyTranslations }>(settings: T, language: Language): T {
  const words = language === 'en' ? undefined : settings.translations?.[language];
  if (!words) return settings;
  return { ...settings, tagline: words.tagline || settings.tagline, address: words.address || settings.address, officeHours: words.officeHours || settings.officeHours };
}
