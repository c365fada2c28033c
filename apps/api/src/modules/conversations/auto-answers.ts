import type { Language } from '@academy/shared/languages';

/**
 * What a parent's words on WhatsApp ask for (issue 60), pure: a topic the academy answers by itself,
 * the menu, or nothing (the office answers). Keywords in English, Marathi and Hindi; Devanagari is
 * matched as written (JavaScript's \b knows no Devanagari letters).
 */
export const TOPICS = ['fees', 'classes', 'results', 'contact'] as const;
export type Topic = (typeof TOPICS)[number];

const KEYWORDS: Record<Topic, { latin: RegExp; devanagari: readonly string[] }> = {
  fees: { latin: /\b(fees?|balance|dues?|pay(ment)?|paid)\b/i, devanagari: ['फी', 'शुल्क', 'बाकी', 'हप्ता', 'किस्त', 'भुगतान', 'पैसे'] },
  results: { latin: /\b(results?|marks?|score|exams?|tests?)\b/i, devanagari: ['निकाल', 'गुण', 'मार्क', 'परिणाम', 'अंक', 'रिजल्ट', 'परीक्षा'] },
  contact: { latin: /\b(contact|address|phone|office|hours|timings?|location)\b/i, devanagari: ['संपर्क', 'पत्ता', 'पता', 'ऑफिस', 'कार्यालय', 'फोन', 'फ़ोन'] },
  classes: { latin: /\b(class(es)?|timetable|schedule|batch(es)?|lecture)\b/i, devanagari: ['वर्ग', 'क्लास', 'कक्षा', 'वेळापत्रक', 'बॅच', 'बैच', 'टाइम टेबल', 'लेक्चर'] },
};
const MENU = { latin: /^\s*(menu|help|hi|hello|hey|start)\s*[.!?]*\s*$/i, devanagari: ['मेनू', 'मदत', 'मदद', 'नमस्कार', 'नमस्ते'] };

/** The topic of free words, first match in the order fees, results, contact, classes; undefined: none. */
export function topicOf(words: string): Topic | undefined {
  return (['fees', 'results', 'contact', 'classes'] as const).find((topic) => KEYWORDS[topic].latin.test(words) || KEYWORDS[topic].devanagari.some((word) => words.includes(word)));
}

/** The parent asks for the menu ("hi", "menu", "नमस्कार"). */
export function asksForMenu(words: string): boolean {
  return MENU.latin.test(words) || MENU.devanagari.some((word) => words.trim().startsWith(word));
}

/** The id of a menu row (interactive list_reply) and back. */
export const topicId = (topic: Topic) => `topic:${topic}`;
export function topicOfId(id: string | undefined): Topic | undefined {
  return TOPICS.find((topic) => topicId(topic) === id);
}

const DEVANAGARI = /[\u0900-\u097F]/;
const MARATHI = ['आहे', 'किती', 'उद्या', 'काय', 'माझ्या', 'निकाल', 'नाही', 'पत्ता', 'वेळापत्रक', 'कधी', 'मुलाचा', 'मुलीचा'];
const HINDI = ['है', 'कितनी', 'कितना', 'क्या', 'मेरे', 'नहीं', 'पता', 'परिणाम', 'कब', 'बच्चे'];

/**
 * The language to answer in: the parent's own, unless their words are plainly in another (Devanagari
 * with Marathi or Hindi words: "फी किती बाकी आहे?" is answered in Marathi even to an English account).
 */
export function answerLanguage(words: string, parentLanguage: Language): Language {
  if (!DEVANAGARI.test(words)) return parentLanguage;
  const marathi = MARATHI.some((word) => words.includes(word));
  const hindi = HINDI.some((word) => words.includes(word));
  if (marathi && !hindi) return 'mr';
  if (hindi && !marathi) return 'hi';
  return parentLanguage === 'en' ? 'mr' : parentLanguage;
}
