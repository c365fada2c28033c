import type { FormErrors } from '@mantine/form';
import type { MessageTable } from '@academy/shared/i18n/translate';
import { translateWith } from '@academy/shared/i18n/translate';
import { currentLanguage } from './current-language';

/*
 * The shared schemas' and the API's English messages in the language shown (issue 20). The server
 * translates its own answers; these are the same sentences when a shared zod schema checks a form in
 * the browser, or when the app shows one of MESSAGES' texts itself. The table
 * (packages/shared/src/i18n/server-messages.ts) loads with the Marathi or Hindi catalog, never for English.
 */
let table: MessageTable | null = null;

export async function loadServerMessages(): Promise<void> {
  table ??= (await import('@academy/shared/i18n/server-messages')).SERVER_MESSAGES;
}

export function translateServerText(text: string): string {
  return table ? translateWith(table, text, currentLanguage()) : text;
}

/** A form resolver whose messages read in the language shown. */
export function localizedErrors<Values>(resolve: (values: Values) => FormErrors): (values: Values) => FormErrors {
  return (values) => Object.fromEntries(Object.entries(resolve(values)).map(([field, error]) => [field, typeof error === 'string' ? translateServerText(error) : error]));
}
