import type { Language } from '../languages';
import { SERVER_MESSAGES } from './server-messages';
import { translateWith } from './translate';

/** One of the API's or the shared schemas' English messages in a language (server-messages.ts). */
export function translateServerMessage(text: string, language: Language): string {
  return translateWith(SERVER_MESSAGES, text, language);
}
