import type { Language } from '../languages';
import { SERVER_MESSAGES } from './server-messages';
import { word, type CatalogText } from './server-catalog';
import { translateWith } from './translate';

/**
 * One of the API's or the shared schemas' English messages, as a service wrote it (values already in),
 * in a language: matched against the catalog's `api` section, values carried over (translate.ts).
 */
export function translateServerMessage(text: string, language: Language): string {
  return translateWith(SERVER_MESSAGES, text, language);
}

/**
 * Texts the server makes from records (decision 015): a row stores a key and its values, and is worded
 * in the reader's language when read. The key names its English, an entry of the catalog's
 * `notification` section.
 */
export const NOTIFICATION_TEXTS = {
  'announcement.created': 'New announcement: {title}',
  'note.created': 'New note: {title}',
  'online-test.published': 'New online test: {title}, opens {opens}',
  'homework.set': 'New homework: {title}',
  'lecture.recorded-today': "Today's {subject} class is recorded: watch it",
  'lecture.recorded': 'The {subject} class of {date} is recorded: watch it',
} as const satisfies Record<string, CatalogText<'notification'>>;
export type NotificationKey = keyof typeof NOTIFICATION_TEXTS;

/** A notification stored as a key and values, in the reader's language; an unknown key gives null. */
export function wordNotification(key: string, values: Record<string, string>, language: Language): string | null {
  const text = (NOTIFICATION_TEXTS as Record<string, CatalogText<'notification'>>)[key];
  return text === undefined ? null : word('notification', text, language, values);
}
