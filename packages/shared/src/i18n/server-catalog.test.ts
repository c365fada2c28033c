import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_CATALOG, word, wordTable, type CatalogSection } from './server-catalog';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/**
 * Files that may hold Devanagari outside the catalog, and why: the names of the languages in their own
 * script (the language switch), the number words of "amount in words" (a grammar, not messages), and the
 * default absence-alert templates (an office-editable setting's starting value, also shown by the web's
 * Settings screen).
 */
const ALLOWED_DEVANAGARI = ['packages/shared/src/languages.ts', 'packages/shared/src/money.ts', 'packages/shared/src/schemas/settings.ts',
  // Words a parent replies on WhatsApp (STOP in Marathi and Hindi): read, not shown.
  'packages/shared/src/i18n/reply-words.ts',
  // The parts of the day before a time (calendar.ts formatClockIn), which the web formats without the catalog.
  'packages/shared/src/i18n/day-parts.ts',
];
const CATALOG_FILES = ['packages/shared/src/i18n/server-catalog.ts', 'packages/shared/src/i18n/server-messages.ts'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the server catalog', () => {
  const sections = Object.entries(SERVER_CATALOG) as [CatalogSection, readonly (readonly [string, string, string])[]][];

  it('every entry of every section has its Marathi and Hindi, with the same values as its English', () => {
    const problems: string[] = [];
    for (const [section, entries] of sections) {
      for (const [en, mr, hi] of entries) {
        if (en.trim() === '' || mr.trim() === '' || hi.trim() === '') problems.push(`${section}: "${en}" lacks a language`);
        for (const [language, translation] of [['mr', mr], ['hi', hi]] as const) {
          // An API sentence may leave a value out (its translation says it another way); elsewhere every value is shown.
          const ok = section === 'api' ? names(translation).every((name) => names(en).includes(name)) : names(translation).join() === names(en).join();
          if (!ok) problems.push(`${section}: "${en}" → ${language} "${translation}" has other values`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('has each English text once per section', () => {
    const repeated = sections.flatMap(([section, entries]) => {
      const seen = new Set<string>();
      return entries.filter(([en]) => (seen.has(en) ? true : (seen.add(en), false))).map(([en]) => `${section}: ${en}`);
    });
    expect(repeated).toEqual([]);
  });

  it('is the only place the server keeps Marathi or Hindi text: none inline in apps/api/src or packages/shared/src', () => {
    const files = [...sourceFiles(path.join(ROOT, 'apps/api/src')), ...sourceFiles(path.join(ROOT, 'packages/shared/src'))].map((file) => path.relative(ROOT, file).split(path.sep).join('/'));
    const inline = files.filter((file) => !CATALOG_FILES.includes(file) && !ALLOWED_DEVANAGARI.includes(file) && /[\u0900-\u097F]/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(inline).toEqual([]);
  });

  it('words an entry with its values, once (a value is not read again), in English when asked', () => {
    expect(word('mail', 'Hello {name},', 'mr', { name: 'Asha' })).toBe('नमस्कार Asha,');
    expect(word('mail', 'Hello {name},', 'en', { name: '{academy}' })).toBe('Hello {academy},');
    expect(word('mail', 'Total due: ₹{total}.', 'hi', { total: '1,25,000' })).toBe('कुल बाकी: ₹1,25,000.');
    expect(word('mail', 'Total due: ₹{total}.', 'hi')).toBe('कुल बाकी: ₹{total}.');
    expect(word('receipt', 'Date', 'mr')).toBe('दिनांक');
    expect(word('reportCard', 'Date', 'mr')).toBe('तारीख');
    expect(wordTable('csv', { name: 'Name', due: 'Due date' }).hi).toEqual({ name: 'नाम', due: 'देय तिथि' });
  });
});
