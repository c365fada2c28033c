import { word, type CsvHeader } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';

export type CsvValue = string | number | null | undefined;

// A cell starting with one of these is run as a formula by spreadsheet programs (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet program would run as a formula (=, +, -, @, a tab or carriage return first)
 * with a leading apostrophe (OWASP's advice), so a name typed as "=HYPERLINK(…)" stays text. The one
 * guard of every file the office opens in Excel: CSV cells here, XLSX cells (exports, templates,
 * results) through the same function.
 */
export function formulaSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text that a spreadsheet would run as a formula gets a leading apostrophe (OWASP's advice), so a
 * name typed as "=HYPERLINK(…)" stays text.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') text = formulaSafe(text);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A column header in the requester's language (decision 015; the server catalog's `csv` section); the cells below stay as stored. */
export function csvHeader(header: CsvHeader, language: Language): string {
  return word('csv', header, language);
}

/**
 * A whole CSV document: a header row in the requester's language, then the rows; CRLF line ends, and
 * a UTF-8 byte order mark so that Excel reads Marathi and Hindi names correctly.
 */
export function toCsv(header: readonly CsvHeader[], rows: readonly (readonly CsvValue[])[], language: Language = 'en'): string {
  const words = header.map((name) => csvHeader(name, language));
  return `\uFEFF${[words, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
