import { canonicalIndianPhone } from '@academy/shared/schemas/phone';
import { emailSchema } from '@academy/shared/schemas/auth';
import { BOARDS, GENDERS, MEDIUMS, type Board, type Gender, type Medium } from '@academy/shared/schemas/common';
import { PARENT_RELATIONS, type ParentRelation } from '@academy/shared/schemas/parents';
import { IMPORT_MESSAGES, REGISTER_COLUMNS, REGISTER_HEADERS, type RegisterColumn } from '@academy/shared/schemas/imports';
import { LANGUAGES } from '@academy/shared/languages';
import { rupeesToPaise } from '@academy/shared/money';
import { word, wordTable, type CatalogText } from '@academy/shared/i18n/server-catalog';
import { headerKey, matchHeaders } from '../../lib/sheet-headers';
import type { SheetCellError } from '../../lib/sheet-import';
import { isoDate } from '../../lib/spreadsheet';

/*
 * A register of students as the office typed it (issue 39), read into rows the import can use. Pure:
 * it sees the sheet's cells and today's date. Headers are recognised in English, Marathi or Hindi
 * (and a few words registers use, such as "Mobile" or "DOB"); other columns are ignored. Values are read
 * as people type them: phones "98220 12345" or "+91-98220-12345", dates "25-06-2012", "25/06/2012" or
 * "25.06.2012", amounts "2,000" or "₹2000", and the drop-downs' words in any of the three languages.
 */

export type RegisterRow = {
  /** The row's number in the sheet (the header is its first row). */
  row: number;
  studentCode: string | null;
  name: string;
  dateOfBirth: string | null;
  gender: Gender | null;
  standard: string | null;
  board: Board | null;
  medium: Medium | null;
  school: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  parentName: string | null;
  parentRelation: ParentRelation | null;
  parentPhone: string | null;
  parentEmail: string | null;
  /** Batch names; several may be given in one cell separated by ";". */
  batches: string[];
  feePlan: string | null;
  alreadyPaidPaise: number;
  admissionDate: string | null;
};

/** A problem of one cell: the sheet's row and the column's key (the service words its header). */
export type CellError = SheetCellError<RegisterColumn>;

/**
 * `cells`: each non-blank row's cells of the recognised columns (in `columns` order), as typed: the screen's preview table.
 * `wrongRows`: the rows with cell errors, read as far as they could be (a wrong cell empty), so their names of
 * standards, batches and plans are checked in the same pass (issue 54: everything reported at once).
 */
export type ReadRegister = { columns: RegisterColumn[]; rows: RegisterRow[]; wrongRows: RegisterRow[]; errors: CellError[]; cells: Map<number, string[]> };

/** A header's or a word's key without what is in brackets: "Date of birth (DD-MM-YYYY)" and "date of birth" are one header. */
const normalise = (text: string) => headerKey(text.replace(/\(.*?\)/g, ''));

/** Words registers use for a column besides the template's headers. */
const ALIASES: Partial<Record<RegisterColumn, string[]>> = {
  studentId: ['ID', 'Student code', 'Roll no', 'Admission no'],
  name: ['Name', 'Student', 'Full name'],
  dateOfBirth: ['DOB', 'Birth date', 'Date of birth'],
  phone: ['Phone', 'Mobile', 'Student mobile'],
  email: ['Email', 'E-mail'],
  parentName: ['Father name', "Father's name", 'Mother name', "Mother's name", 'Guardian name', 'Parent'],
  parentPhone: ['Parent mobile', 'Father mobile', 'Mother mobile', 'Guardian phone', 'WhatsApp', 'WhatsApp number'],
  batch: ['Batches', 'Class'],
  alreadyPaid: ['Paid', 'Fees paid', 'Amount paid', 'Fee paid'],
  admissionDate: ['Admission date', 'Date of admission'],
  standard: ['Std', 'Class standard'],
};

/** The words of the catalog's `register` section that the import reads in all three languages. */
const READ_WORDS = wordTable('register', { name: 'Name', mobile: 'Mobile', man: 'Man', woman: 'Woman', semi: 'Semi' });
/** An English word and, when the catalog has it, its Marathi and Hindi. */
const inEveryLanguage = (english: string) => {
  const key = Object.entries(READ_WORDS.en).find(([, text]) => text === english)?.[0] as keyof typeof READ_WORDS.en | undefined;
  return key ? LANGUAGES.map((language) => READ_WORDS[language][key]) : [english];
};

/**
 * The academy workbook's Students sheet (modules/exports) in any language, so that it imports back: its
 * headers (the first parent's columns for the parent) and its words for gender and relation.
 */
const WORKBOOK_HEADERS: Partial<Record<RegisterColumn, CatalogText<'workbook'>>> = {
  studentId: 'Student ID',
  name: 'Name',
  email: 'Email',
  phone: 'Phone (+91)',
  gender: 'Gender',
  dateOfBirth: 'Date of birth',
  standard: 'Standard',
  school: 'School',
  board: 'Board',
  medium: 'Medium',
  address: 'Address',
  admissionDate: 'Admission date',
  batch: 'Batches',
  parentName: 'Parent {n} name',
  parentRelation: 'Parent {n} relation',
  parentPhone: 'Parent {n} phone (+91)',
  parentEmail: 'Parent {n} email',
};
const WORKBOOK_WORDS = {
  gender: { male: 'Male', female: 'Female', other: 'Other' },
  parentRelation: { mother: 'Mother', father: 'Father', guardian: 'Guardian', other: 'Other' },
} as const satisfies Record<string, Record<string, CatalogText<'workbook'>>>;

const HEADERS_BY_LANGUAGE = wordTable('register', REGISTER_HEADERS);
const HEADER_INDEX = new Map<string, RegisterColumn>();
for (const column of REGISTER_COLUMNS) {
  const workbookHeader = WORKBOOK_HEADERS[column];
  for (const text of [
    ...LANGUAGES.map((language) => HEADERS_BY_LANGUAGE[language][column]),
    ...(ALIASES[column] ?? []).flatMap(inEveryLanguage),
    ...(workbookHeader ? LANGUAGES.map((language) => word('workbook', workbookHeader, language, { n: 1 })) : []),
  ]) {
    if (!HEADER_INDEX.has(normalise(text))) HEADER_INDEX.set(normalise(text), column);
  }
}

/** The drop-downs' words (English keys) in each language. */
export const LIST_WORDS = {
  gender: { male: 'Male', female: 'Female', other: 'Other' },
  board: { 'State Board': 'State board', CBSE: 'CBSE', ICSE: 'ICSE', Other: 'Other' },
  medium: { English: 'English', 'Semi-English': 'Semi-English', Marathi: 'Marathi', Hindi: 'Hindi', Urdu: 'Urdu' },
  parentRelation: { mother: 'Mother', father: 'Father', guardian: 'Guardian', other: 'Other' },
} as const;
export const LIST_WORDS_BY_LANGUAGE = {
  gender: wordTable('register', LIST_WORDS.gender),
  board: wordTable('register', LIST_WORDS.board),
  medium: wordTable('register', LIST_WORDS.medium),
  parentRelation: wordTable('register', LIST_WORDS.parentRelation),
};

/** Each value's words: its key, its list word in every language, and a few more ("M", "boy", "SSC"). */
function valueIndex<K extends string>(keys: readonly K[], table: Record<string, Record<K, string>>, more: Record<string, K>): Map<string, K> {
  const index = new Map<string, K>();
  for (const key of keys) {
    index.set(normalise(key), key);
    for (const language of LANGUAGES) index.set(normalise(table[language]![key]), key);
  }
  for (const [english, key] of Object.entries(more)) for (const text of inEveryLanguage(english)) index.set(normalise(text), key);
  return index;
}

/** Adds the workbook's words for the same values (its Marathi word for "male" is not the template's). */
function withWorkbookWords<K extends string>(index: Map<string, K>, words: Partial<Record<K, CatalogText<'workbook'>>>): Map<string, K> {
  for (const [key, english] of Object.entries(words) as [K, CatalogText<'workbook'>][]) {
    for (const language of LANGUAGES) if (!index.has(normalise(word('workbook', english, language)))) index.set(normalise(word('workbook', english, language)), key);
  }
  return index;
}
const GENDER_WORDS = withWorkbookWords(valueIndex(GENDERS, LIST_WORDS_BY_LANGUAGE.gender, { M: 'male', F: 'female', Boy: 'male', Girl: 'female', Man: 'male', Woman: 'female' }), WORKBOOK_WORDS.gender);
const BOARD_WORDS = valueIndex(BOARDS, LIST_WORDS_BY_LANGUAGE.board, { State: 'State Board', SSC: 'State Board', HSC: 'State Board', Maharashtra: 'State Board', 'Maharashtra State Board': 'State Board' });
const MEDIUM_WORDS = valueIndex(MEDIUMS, LIST_WORDS_BY_LANGUAGE.medium, { Semi: 'Semi-English' });
const RELATION_WORDS = withWorkbookWords(valueIndex(PARENT_RELATIONS, LIST_WORDS_BY_LANGUAGE.parentRelation, { mom: 'mother', mummy: 'mother', dad: 'father', papa: 'father', aai: 'mother', baba: 'father' }), WORKBOOK_WORDS.parentRelation);

/**
 * What the academy's own exports write for a gender or address nobody gave (decision 040), and the
 * made-up address stored before it: read back as an empty cell, never as an address.
 */
const NOT_GIVEN = new Set([...LANGUAGES.map((language) => normalise(word('workbook', 'Not given', language))), normalise('Default Address')]);

/** More would be a mistake (an academy has hundreds of students, not tens of thousands). */
export const MAX_REGISTER_ROWS = 5_000;

/**
 * Reads the sheet: its first non-empty row is the header row; blank rows are skipped; each other row
 * becomes a RegisterRow or cell errors (every problem of the row, not only the first).
 */
export function readRegister(cells: string[][], today: string): ReadRegister {
  const { headerIndex, positions } = matchHeaders(cells, (text) => HEADER_INDEX.get(normalise(text)));
  if (!positions.has('name')) return { columns: [], rows: [], wrongRows: [], errors: [{ row: headerIndex + 1, column: null, message: IMPORT_MESSAGES.noHeader }], cells: new Map() };
  const columns = [...positions.entries()].sort((a, b) => a[1] - b[1]).map(([column]) => column);
  const rows: RegisterRow[] = [];
  const wrongRows: RegisterRow[] = [];
  const errors: CellError[] = [];
  const typed = new Map<number, string[]>();
  for (let index = headerIndex + 1; index < cells.length; index++) {
    const line = cells[index] ?? [];
    const cell = (column: RegisterColumn) => {
      const position = positions.get(column);
      const value = position === undefined ? '' : (line[position] ?? '').trim();
      return (column === 'gender' || column === 'address') && NOT_GIVEN.has(normalise(value)) ? '' : value;
    };
    if (columns.every((column) => cell(column) === '')) continue;
    const row = index + 1;
    typed.set(row, columns.map((column) => cell(column)));
    const rowErrors: CellError[] = [];
    const fail = (column: RegisterColumn, message: string) => {
      rowErrors.push({ row, column, message });
      return null;
    };
    const text = (column: RegisterColumn, max: number) => {
      const value = cell(column).replace(/\s+/g, ' ');
      if (value === '') return null;
      return value.length > max ? fail(column, IMPORT_MESSAGES.tooLong.replace('{max}', String(max))) : value;
    };
    const phone = (column: 'phone' | 'parentPhone') => {
      const value = cell(column);
      if (value === '') return null;
      return canonicalIndianPhone(value) ?? fail(column, IMPORT_MESSAGES.notAPhone);
    };
    const email = (column: 'email' | 'parentEmail') => {
      const value = cell(column);
      if (value === '') return null;
      const parsed = emailSchema.safeParse(value);
      return parsed.success ? parsed.data.toLowerCase() : fail(column, IMPORT_MESSAGES.notAnEmail);
    };
    const date = (column: 'dateOfBirth' | 'admissionDate') => {
      const value = cell(column);
      if (value === '') return null;
      return readIndianDate(value) ?? fail(column, IMPORT_MESSAGES.dateFormat);
    };
    const listed = <K extends string>(column: RegisterColumn, words: Map<string, K>, message: string): K | null => {
      const value = cell(column);
      if (value === '') return null;
      return words.get(normalise(value)) ?? fail(column, message);
    };

    const name = text('name', 120);
    if (cell('name') === '') fail('name', IMPORT_MESSAGES.nameRequired);
    const dateOfBirth = date('dateOfBirth');
    if (dateOfBirth && dateOfBirth >= today) fail('dateOfBirth', IMPORT_MESSAGES.birthInPast);
    const batches = cell('batch')
      .split(';')
      .map((part) => part.trim().replace(/\s+/g, ' '))
      .filter((part) => part !== '');
    const paid = cell('alreadyPaid').replace(/^(₹|rs\.?|inr)\s*/i, '');
    let alreadyPaidPaise = 0;
    if (paid !== '') {
      const amount = rupeesToPaise(paid);
      if ('error' in amount) fail('alreadyPaid', IMPORT_MESSAGES.amount);
      else alreadyPaidPaise = amount.paise;
      if (alreadyPaidPaise > 0 && batches.length === 0) fail('alreadyPaid', IMPORT_MESSAGES.paidWithoutBatch);
    }
    const feePlan = text('feePlan', 120);
    if (feePlan && batches.length === 0) fail('feePlan', IMPORT_MESSAGES.planWithoutBatch);
    const parsed: RegisterRow = {
      row,
      studentCode: cell('studentId') ? cell('studentId').toUpperCase().replace(/\s/g, '') : null,
      name: name ?? '',
      dateOfBirth,
      gender: listed('gender', GENDER_WORDS, IMPORT_MESSAGES.gender),
      standard: text('standard', 80),
      board: listed('board', BOARD_WORDS, IMPORT_MESSAGES.board),
      medium: listed('medium', MEDIUM_WORDS, IMPORT_MESSAGES.medium),
      school: text('school', 200),
      phone: phone('phone'),
      email: email('email'),
      address: text('address', 300),
      parentName: text('parentName', 120),
      parentRelation: listed('parentRelation', RELATION_WORDS, IMPORT_MESSAGES.relation),
      parentPhone: phone('parentPhone'),
      parentEmail: email('parentEmail'),
      batches,
      feePlan,
      alreadyPaidPaise,
      admissionDate: date('admissionDate'),
    };
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      wrongRows.push(parsed);
    } else rows.push(parsed);
  }
  return { columns, rows, wrongRows, errors, cells: typed };
}

/** Excel's day 0 (its day numbers count from 30-12-1899, past its 1900 leap-year mistake). */
const EXCEL_DAY_ZERO = Date.UTC(1899, 11, 30);
/**
 * Day numbers read as dates: 10000 (18-05-1927) to 109574 (31-12-2199). Below, a number is more likely
 * a year or a mistake ("2012" alone is not 04-07-1905).
 */
const EXCEL_DAYS = { min: 10_000, max: 109_574 };

/**
 * A date cell that arrives as Excel's day number (41104 is 14-07-2012): a cell whose date format the
 * reader does not know, or a sheet re-saved as CSV. A time of day after it is dropped (the day number
 * is the office's wall-clock day, no time zone); a hair short of the next day (floating point) is that day.
 */
export function readExcelDayNumber(text: string): string | null {
  if (!/^\d{5,6}(\.\d+)?$/.test(text)) return null;
  const days = Math.floor(Math.round(Number(text) * 86_400) / 86_400);
  if (days < EXCEL_DAYS.min || days > EXCEL_DAYS.max) return null;
  return new Date(EXCEL_DAY_ZERO + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A date as Indian registers write it, day first: 25-06-2012, 25/6/2012, 25.06.2012, YYYY-MM-DD (an
 * Excel date cell is read so) or Excel's day number (readExcelDayNumber). A two-digit year is refused:
 * 12 may be 1912 or 2012.
 */
export function readIndianDate(text: string): string | null {
  const serial = readExcelDayNumber(text);
  if (serial) return serial;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/.exec(text.replace(/\s/g, ''));
  return dayFirst ? isoDate(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1])) : null;
}
