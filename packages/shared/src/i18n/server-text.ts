import type { Language } from '../languages';
import { SERVER_MESSAGES } from './server-messages';
import { translateWith } from './translate';

/** One of the API's or the shared schemas' English messages in a language (server-messages.ts). */
export function translateServerMessage(text: string, language: Language): string {
  return translateWith(SERVER_MESSAGES, text, language);
}

/**
 * Texts the server makes from records (decision 015): a row stores a key and its values, and is worded
 * in the reader's language when read. The English sentence is the key's pattern in server-messages.ts.
 */
export const NOTIFICATION_TEXTS = {
  'announcement.created': 'New announcement: {title}',
  'note.created': 'New note: {title}',
} as const;
export type NotificationKey = keyof typeof NOTIFICATION_TEXTS;

/** One of server-messages.ts's patterns in a language with its values put in (values stay as they are). */
export function formatServerMessage(pattern: string, values: Record<string, string>, language: Language): string {
  const entry = language === 'en' ? undefined : SERVER_MESSAGES.find(([en]) => en === pattern);
  const wording = entry ? entry[language === 'mr' ? 1 : 2] : pattern;
  return wording.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A notification stored as a key and values, in the reader's language; an unknown key gives null. */
export function wordNotification(key: string, values: Record<string, string>, language: Language): string | null {
  const pattern = (NOTIFICATION_TEXTS as Record<string, string>)[key];
  return pattern === undefined ? null : formatServerMessage(pattern, values, language);
}
