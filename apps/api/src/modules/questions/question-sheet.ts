import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@academy/shared/languages';
import { wordTable } from '@academy/shared/i18n/server-catalog';
import { questionInputSchema, QUESTION_OPTION_COUNT } from '@academy/shared/schemas/online-tests';
import { QUESTION_BANK_MESSAGES, QUESTION_IMPORT_HEADERS, type QuestionImportColumn } from '@academy/shared/schemas/question-bank';
import { headerKey, matchHeaders } from '../../lib/sheet-headers';
import type { SheetCellError } from '../../lib/sheet-import';
import type { QuestionValues } from './questions.service';

/*
 * A sheet of questions as a teacher typed it (issue 40), read into question inputs. Pure: it sees the
 * cells and the subjects the caller resolved. Headers are recognised in English, Marathi or Hindi
 * (the template's words, spaces and case aside); other columns are ignored. A row is checked with the
 * same schema as the question form, so a cell gets the form's own sentence, named by its column.
 */

/** A problem of one cell: the sheet's row and the column (null: the row as a whole). */
export type SheetError = SheetCellError<QuestionImportColumn>;
export type SheetRow = { row: number; cells: Partial<Record<QuestionImportColumn, string>> };

const OPTION_COLUMNS = ['optionA', 'optionB', 'optionC', 'optionD'] as const satisfies readonly QuestionImportColumn[];

const HEADERS = wordTable('questionSheet', QUESTION_IMPORT_HEADERS);
const COLUMN_OF_HEADER = new Map<string, QuestionImportColumn>(
  LANGUAGES.flatMap((language) => Object.entries(HEADERS[language]).map(([column, header]) => [headerKey(header), column as QuestionImportColumn] as const)),
);

/**
 * The sheet's header (its first row with any cell) and the rows below it that have any cell, each by
 * column. No recognised "Subject" and "Question" header: `columns` is empty.
 */
export function readQuestionSheet(cells: string[][]): { columns: QuestionImportColumn[]; rows: SheetRow[] } {
  const { headerIndex, positions } = matchHeaders(cells, (header) => COLUMN_OF_HEADER.get(headerKey(header)));
  const columns = [...positions.keys()];
  if (!columns.includes('subject') || !columns.includes('text')) return { columns: [], rows: [] };
  const rows: SheetRow[] = [];
  cells.forEach((line, index) => {
    if (index <= headerIndex || !line.some((cell) => cell !== '')) return;
    const row: SheetRow = { row: index + 1, cells: {} };
    for (const [column, position] of positions) row.cells[column] = line[position] ?? '';
    rows.push(row);
  });
  return { columns, rows };
}

const LANGUAGE_WORDS = new Map<string, Language>(
  LANGUAGES.flatMap((language) => [
    [language, language],
    [headerKey(LANGUAGE_NAMES[language]), language],
  ]),
);
LANGUAGE_WORDS.set('marathi', 'mr');
LANGUAGE_WORDS.set('hindi', 'hi');

/** "B", "A,C", "a; c", "A C" or "AC" → [1], [0, 2]; null when anything else is in the cell. */
export function parseCorrectLetters(cell: string): number[] | null {
  const compact = cell.toUpperCase().replace(/\s+/g, ' ').trim();
  const tokens = /^[A-D]+$/.test(compact) ? [...compact] : compact.split(/[\s,;/]+/).filter(Boolean);
  if (tokens.length === 0 || tokens.some((token) => !/^[A-D]$/.test(token))) return null;
  return [...new Set(tokens.map((token) => token.charCodeAt(0) - 65))];
}

/** "9.8", "-2", "1,000", "6.02e23" → the number; null for anything else. */
export function parseNumber(cell: string): number | null {
  const text = cell.replace(/[\s,]/g, '');
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : null;
}

/** The column a form field's issue belongs to. */
function columnOfPath(path: readonly PropertyKey[]): QuestionImportColumn | null {
  const [field, index, inner] = path;
  if (field === 'options') return typeof index === 'number' && index < QUESTION_OPTION_COUNT ? OPTION_COLUMNS[index]! : 'optionA';
  if (field === 'answer') return inner === 'tolerance' || index === 'tolerance' ? 'tolerance' : 'answer';
  if (field === 'correct') return 'correct';
  if (typeof field === 'string' && field in QUESTION_IMPORT_HEADERS) return field as QuestionImportColumn;
  return null;
}

/**
 * One row as a question input, or its cells' problems. `subjectId` is the row's subject resolved by the
 * caller (undefined when the caller found a problem with it already: the other cells are still checked).
 */
export function rowToQuestion(row: SheetRow, subjectId: string | undefined): { input: QuestionValues } | { errors: SheetError[] } {
  const errors: SheetError[] = [];
  const fail = (column: QuestionImportColumn, message: string) => errors.push({ row: row.row, column, message });
  const cell = (column: QuestionImportColumn) => row.cells[column]?.trim() ?? '';
  const type = cell('type').toLowerCase();
  const numeric = type === 'numeric';

  let correct: number[] | undefined;
  if (!numeric && cell('correct') !== '') {
    correct = parseCorrectLetters(cell('correct')) ?? undefined;
    if (!correct) fail('correct', QUESTION_BANK_MESSAGES.correctLetters);
  }
  let answer: { value: number; tolerance: number } | undefined;
  if (numeric && cell('answer') !== '') {
    const value = parseNumber(cell('answer'));
    const tolerance = cell('tolerance') === '' ? 0 : parseNumber(cell('tolerance'));
    if (value === null) fail('answer', QUESTION_BANK_MESSAGES.notANumber);
    if (tolerance === null) fail('tolerance', QUESTION_BANK_MESSAGES.notANumber);
    if (value !== null && tolerance !== null) answer = { value, tolerance };
  }
  let language: Language | undefined;
  if (cell('language') !== '') {
    language = LANGUAGE_WORDS.get(headerKey(cell('language')));
    if (!language) fail('language', QUESTION_BANK_MESSAGES.language);
  }
  const optionTexts = OPTION_COLUMNS.map((column) => cell(column));

  const parsed = questionInputSchema.safeParse({
    // A stand-in id when the subject's problem is reported already, so the other cells are still checked.
    subject: subjectId ?? '00000000-0000-4000-8000-000000000000',
    chapter: cell('chapter'),
    topic: cell('topic'),
    difficulty: cell('difficulty').toLowerCase(),
    type,
    text: cell('text'),
    // A numeric question's options must be empty: any typed is reported.
    options: numeric ? optionTexts.filter(Boolean).map((text) => ({ text })) : optionTexts.map((text) => ({ text })),
    correct: numeric ? undefined : (correct ?? (errors.some((error) => error.column === 'correct') ? [0] : undefined)),
    answer: numeric ? (answer ?? (errors.some((error) => error.column === 'answer' || error.column === 'tolerance') ? { value: 0, tolerance: 0 } : undefined)) : undefined,
    solution: cell('solution'),
    language,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOfPath(issue.path);
      // One message per cell: the first.
      if (!errors.some((error) => error.column === column)) errors.push({ row: row.row, column, message: issue.message });
    }
  }
  if (errors.length > 0 || !parsed.success) return { errors };
  return { input: parsed.data };
}
