import type { Language } from '../languages';
import { formatClockIn, parseClock } from '../calendar';

/**
 * Translates one of our English messages (server-messages.ts) into Marathi or Hindi. A sentence with
 * values ("Password must be at least 8 characters") is matched against its pattern ("… at least {n}
 * characters") and the values are carried over; a value that is itself one of our words (a field's
 * name) is translated too. An unknown sentence is returned as it is: English, never empty.
 */
export type MessageTable = readonly (readonly [en: string, mr: string, hi: string])[];

type Compiled = {
  exact: Map<string, readonly [string, string]>;
  patterns: { regex: RegExp; names: string[]; mr: string; hi: string }[];
};

const PLACEHOLDER = /\{(\w+)\}/g;
const HAS_PLACEHOLDER = /\{\w+\}/;
const compiledTables = new WeakMap<MessageTable, Compiled>();

function compile(table: MessageTable): Compiled {
  let compiled = compiledTables.get(table);
  if (compiled) return compiled;
  compiled = { exact: new Map(), patterns: [] };
  for (const [en, mr, hi] of table) {
    if (!HAS_PLACEHOLDER.test(en)) {
      compiled.exact.set(en, [mr, hi]);
      continue;
    }
    const names: string[] = [];
    const source = en
      .split(/(\{\w+\})/)
      .map((piece) => {
        const name = /^\{(\w+)\}$/.exec(piece)?.[1];
        if (name) {
          names.push(name);
          return '(.+?)';
        }
        return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    compiled.patterns.push({ regex: new RegExp(`^${source}$`, 's'), names, mr, hi });
  }
  // Longer patterns first: "{field} must be at least {n} characters" before "{field} must be at least {n}".
  compiled.patterns.sort((a, b) => b.regex.source.length - a.regex.source.length);
  compiledTables.set(table, compiled);
  return compiled;
}

export function translateWith(table: MessageTable, text: string, language: Language): string {
  if (language === 'en' || text === '') return text;
  const index = language === 'mr' ? 0 : 1;
  const { exact, patterns } = compile(table);
  const direct = exact.get(text);
  if (direct) return direct[index];
  for (const pattern of patterns) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const values = new Map(pattern.names.map((name, position) => [name, match[position + 1] ?? '']));
    const translated = index === 0 ? pattern.mr : pattern.hi;
    return translated.replace(PLACEHOLDER, (_, name: string) => {
      const value = values.get(name) ?? '';
      // A time inside the sentence ("7:00 AM") reads the reader's way too (formatClockIn).
      const clock = parseClock(value);
      if (clock) return formatClockIn(clock, language);
      return exact.get(value)?.[index] ?? value;
    });
  }
  return text;
}

/** Every English pattern of a table with its placeholders as `{}` (for the coverage test). */
export function normalizedPatterns(table: MessageTable): Set<string> {
  return new Set(table.map(([en]) => en.replace(PLACEHOLDER, '{}')));
}
