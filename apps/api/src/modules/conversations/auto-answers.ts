import { HINDI_MARKERS, MARATHI_MARKERS, MENU_WORDS, PLEASANTRY_WORDS, QUESTION_WORDS } from '@academy/shared/i18n/reply-words';
import type { Language } from '@academy/shared/languages';

/**
 * What a parent's words on WhatsApp ask for (issue 60), pure: a topic the academy answers by itself,
 * the menu, or nothing (the office answers). Keywords in English, Marathi and Hindi; Devanagari is
 * matched as written (JavaScript's \b knows no Devanagari letters).
 */
export const TOPICS = ['fees', 'classes', 'results', 'contact'] as const;
export type Topic = (typeof TOPICS)[number];

const KEYWORDS: Record<Topic, { latin: RegExp; devanagari: readonly string[] }> = {
  fees: { latin: /\b(fees?|balance|dues?|pay(ment)?|paid)\b/i, devanagari: QUESTION_WORDS.fees },
  results: { latin: /\b(results?|marks?|score|exams?|tests?)\b/i, devanagari: QUESTION_WORDS.results },
  contact: { latin: /\b(contact|address|phone|office|hours|timings?|location)\b/i, devanagari: QUESTION_WORDS.contact },
  classes: { latin: /\b(class(es)?|timetable|schedule|batch(es)?|lecture)\b/i, devanagari: QUESTION_WORDS.classes },
};
const MENU = { latin: /^\s*(menu|help|hi|hello|hey|start)\s*[.!?]*\s*$/i, devanagari: MENU_WORDS };

/** The topic of free words, first match in the order fees, results, contact, classes; undefined: none. */
export function topicOf(words: string): Topic | undefined {
  return (['fees', 'results', 'contact', 'classes'] as const).find((topic) => KEYWORDS[topic].latin.test(words) || KEYWORDS[topic].devanagari.some((word) => words.includes(word)));
}

/** The parent asks for the menu ("hi", "menu", or a greeting in Marathi or Hindi). */
export function asksForMenu(words: string): boolean {
  return MENU.latin.test(words) || MENU.devanagari.some((word) => words.trim().startsWith(word));
}

const PLEASANTRIES: ReadonlySet<string> = new Set(PLEASANTRY_WORDS);
/** Punctuation (the Devanagari full stop too), symbols (emoji 🙏 👍 among them), and emoji joiners and selectors. */
const NOT_WORDS = /[\p{P}\p{S}\p{Cf}]|\uFE0E|\uFE0F/gu;

/**
 * The whole message is a greeting or a short pleasantry ("Hi", "ok", "thanks sir", "namaskar" in Devanagari,
 * "theek aahe", "dhanyavaad 🙏", "👍"): it gives no reason and asks nothing, so it gets the menu and never
 * replaces an absence's reason (issue 73). Latin letters typed long ("hiii", "okkk") count too.
 */
export function isPleasantry(words: string): boolean {
  const text = words.toLowerCase().replace(NOT_WORDS, ' ').trim();
  if (text === '') return words.trim() !== '';
  const parts = text.split(/\s+/);
  return parts.length <= 6 && parts.every((part) => PLEASANTRIES.has(part) || PLEASANTRIES.has(part.replace(/([a-z])\1+/g, '$1')));
}

/** The id of a menu row (interactive list_reply) and back. */
export const topicId = (topic: Topic) => `topic:${topic}`;
export function topicOfId(id: string | undefined): Topic | undefined {
  return TOPICS.find((topic) => topicId(topic) === id);
}

const DEVANAGARI = /[\u0900-\u097F]/;
const MARATHI = MARATHI_MARKERS;
const HINDI = HINDI_MARKERS;

/**
 * The language to answer in: the parent's own, unless their words are plainly in another (Devanagari
 * with Marathi or Hindi words: "how much fee is left?" written in Marathi is answered in Marathi even to an English account).
 */
export function answerLanguage(words: string, parentLanguage: Language): Language {
  if (!DEVANAGARI.test(words)) return parentLanguage;
  const marathi = MARATHI.some((word) => words.includes(word));
  const hindi = HINDI.some((word) => words.includes(word));
  if (marathi && !hindi) return 'mr';
  if (hindi && !marathi) return 'hi';
  return parentLanguage === 'en' ? 'mr' : parentLanguage;
}
