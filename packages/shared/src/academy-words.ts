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

/**
 * A standard's or a subject's name in Marathi and Hindi, where the office wrote one (issue 42):
 * the Marathi for "10th Standard" or "Mathematics" a family reads. English is the record's own `name`.
 */
export type NamesInLanguages = Partial<Record<Exclude<Language, 'en'>, string>>;

/**
 * GET /api/settings/public `localNames`: the names in other languages of the standards and subjects
 * that have any, by id. Every screen already reads the public settings, so a reader's screen shows
 * them without asking for anything more; the records themselves keep their English `name`.
 */
export type LocalNames = { standards: Record<string, NamesInLanguages>; subjects: Record<string, NamesInLanguages> };

/** The name a reader of `language` sees: the office's name in that language, else the English one. */
export function nameInLanguage(record: { name: string }, names: NamesInLanguages | undefined, language: Language): string {
  return (language !== 'en' && names?.[language]) || record.name;
}

/** The standard's and subject's names for a reader of `language`: what every screen, PDF and message shows. */
export function localNamesIn(localNames: LocalNames | undefined, language: Language) {
  return {
    standard: (standard: { _id: string; name: string }) => nameInLanguage(standard, localNames?.standards[standard._id], language),
    subject: (subject: { _id: string; name: string }) => nameInLanguage(subject, localNames?.subjects[subject._id], language),
  };
}
export type LocalNamesIn = ReturnType<typeof localNamesIn>;
