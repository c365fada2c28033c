/**
 * THE geometry of an OMR answer sheet (issue 76, decision 081), shared by the PDF that prints it
 * (apps/api/src/modules/exams/omr-sheet.ts), the reader that reads a photo of it (./reader.ts, on the
 * server and on the phone) and the photo generator of the
 * tests and the bench. Every length is in PDF points (1/72 inch) from the page's top-left corner;
 * the reader maps these points into the photo with the homography of the four corner marks.
 */

export const OMR_PATTERNS = ['neet', 'jee', 'cet', 'custom'] as const;
export type OmrPattern = (typeof OMR_PATTERNS)[number];
export const OMR_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
export type OmrLetter = (typeof OMR_LETTERS)[number];

/**
 * A sheet's shape: its pattern, how many questions in all, how many options each multiple-choice one,
 * and (JEE only, decision 092) how many of the last questions are numeric-answer ones: a grid of
 * NUMERIC_DIGITS columns of the digits 0–9 each, read as a whole number.
 */
export type OmrShape = { pattern: OmrPattern; questions: number; options: 4 | 5; numeric?: number; sections?: OmrSection[] };

/**
 * A subject's block on a JEE sheet printed in sections (decision 098, JEE Main's real numbering): its
 * multiple-choice questions, then its numeric-answer ones (JEE Main: 3 × (20 + 5), numeric at 21–25,
 * 46–50, 71–75). Questions are numbered through the sections in order. A shape without sections is the
 * older layout: every multiple-choice question first, the last `numeric` ones numeric (decision 092).
 */
export type OmrSection = { choice: number; numeric: number };
export const MAX_SECTIONS = 6;

/** Marks per right and per wrong answer, by pattern (a blank answer scores 0). */
export const OMR_MARKING: Record<OmrPattern, { correct: number; wrong: number }> = {
  neet: { correct: 4, wrong: -1 },
  jee: { correct: 4, wrong: -1 },
  cet: { correct: 1, wrong: 0 },
  custom: { correct: 1, wrong: 0 },
};
/** JEE Main's numeric-answer questions (Section B, since 2025 all compulsory): +4 right, −1 wrong, 0 blank (decision 092). */
export const OMR_NUMERIC_MARKING = { correct: 4, wrong: -1 };

export const MAX_QUESTIONS = 200;
/** Digit columns of a numeric answer (0 to 9999) and at most this many numeric questions on a sheet (two rows of eight grids). */
export const NUMERIC_DIGITS = 4;
export const MAX_NUMERIC = 16;

/** How many of the sheet's questions are multiple-choice (the first ones, or each section's first ones). */
export function choiceCount(shape: OmrShape): number {
  return shape.questions - (shape.numeric ?? 0);
}

/** JEE Main's share when the numeric count is not given: 5 numeric of every 25 questions (75 → 15), when they fit on the page; else none. */
export function defaultNumeric(pattern: OmrPattern, questions: number): number {
  if (pattern !== 'jee') return 0;
  const numeric = Math.min(MAX_NUMERIC, Math.floor(questions / 25) * 5);
  return numeric > 0 && !shapeProblem({ pattern, questions, options: 4, numeric }) ? numeric : 0;
}

/** A numeric answer as the key and the contract's `answers` carry it: the whole number's digits, without leading zeros ("0042" → "42"). */
export function numericAnswer(text: string): string | undefined {
  return /^\d{1,4}$/.test(text) ? String(Number(text)) : undefined;
}

/** Why a shape is not one the patterns allow, or undefined when it is. */
export function shapeProblem(shape: OmrShape): string | undefined {
  const { pattern, questions, options } = shape;
  if (!Number.isInteger(questions) || questions < 1 || questions > MAX_QUESTIONS) return `questions must be a whole number from 1 to ${MAX_QUESTIONS}`;
  if (options !== 4 && options !== 5) return 'options must be 4 or 5';
  if (shape.sections && pattern !== 'jee') return 'Only a JEE sheet is printed in sections';
  if (pattern === 'neet' && ![180, 200].includes(questions)) return 'A NEET sheet has 180 or 200 questions';
  if (pattern === 'cet' && ![150, 200].includes(questions)) return 'A CET sheet has 150 or 200 questions';
  if ((pattern === 'neet' || pattern === 'cet' || pattern === 'jee') && options !== 4) return `A ${pattern.toUpperCase()} sheet has 4 options (A to D)`;
  if (shape.sections) return sectionsProblem(shape, shape.sections);
  const numeric = shape.numeric ?? 0;
  if (numeric !== 0 && pattern !== 'jee') return 'Only a JEE sheet has numeric-answer questions';
  if (!Number.isInteger(numeric) || numeric < 0 || numeric > MAX_NUMERIC) return `numeric must be a whole number from 0 to ${MAX_NUMERIC}`;
  if (numeric >= questions) return 'A JEE sheet needs multiple-choice questions before its numeric-answer ones';
  if (numericBottom(shape) > PAGE.height - 56) return `${questions - numeric} multiple-choice and ${numeric} numeric-answer questions do not fit on one page: fewer numeric ones, or fewer questions`;
  return undefined;
}

/** Why sections are not a sheet the page takes (the shape's own counts checked by shapeProblem first). */
function sectionsProblem(shape: OmrShape, sections: OmrSection[]): string | undefined {
  if (shape.pattern !== 'jee') return 'Only a JEE sheet is printed in sections';
  if (sections.length < 1 || sections.length > MAX_SECTIONS) return `A sheet has 1 to ${MAX_SECTIONS} sections`;
  const total = sections.reduce((sum, one) => sum + one.choice + one.numeric, 0);
  if (total !== shape.questions) return `The sections add up to ${total} questions, not ${shape.questions}`;
  if ((shape.numeric ?? 0) !== sections.reduce((sum, one) => sum + one.numeric, 0)) return 'numeric must be the sections’ numeric-answer questions added up';
  for (const [index, one] of sections.entries()) {
    if (!Number.isInteger(one.choice) || !Number.isInteger(one.numeric) || one.choice < 0 || one.numeric < 0 || one.choice + one.numeric < 1) return `Section ${index + 1} needs at least one question`;
    if (one.choice === 0 && one.numeric > NUMERIC_PER_ROW) return `Section ${index + 1}: at most ${NUMERIC_PER_ROW} numeric-answer questions in a section without multiple-choice ones`;
    if (one.choice > 0 && sectionColumns(shape, one) < 1) return `Section ${index + 1}: ${one.numeric} numeric-answer questions leave no room for its multiple-choice ones: at most ${maxSectionNumeric(shape)} in a section`;
  }
  if (sectionTop(shape, sections.length) - SECTION_GAP > PAGE.height - 56) return `These ${sections.length} sections do not fit on one page: fewer questions, or fewer numeric-answer ones a section`;
  return undefined;
}

export const PAGE = { width: 595.28, height: 841.89 };

/** The four solid corner marks: squares of SIZE points centred at these points (TL, TR, BR, BL). */
export const MARK_SIZE = 22;
const MARK_INSET = 36;
export const MARK_CENTRES: [number, number][] = [
  [MARK_INSET, MARK_INSET],
  [PAGE.width - MARK_INSET, MARK_INSET],
  [PAGE.width - MARK_INSET, PAGE.height - MARK_INSET],
  [MARK_INSET, PAGE.height - MARK_INSET],
];

/** The QR code naming the test (and the student): a square at the top right. */
export const QR_BOX = { x: PAGE.width - 60 - 96, y: 60, size: 96 };

/**
 * The academy's header (issue 78): its logo and name, then the sheet's title, test and date, between the
 * top-left corner mark (and the ring of paper the reader checks around it) and the QR code, above the ID
 * grid. The logo is at most 32 points square: even all black (1024 pt²) the corner marks (22 × 22 = 484 pt²)
 * stay above the 30 % of the largest dark blob that the reader keeps as candidates, and lying inside the
 * marks it is never the most extreme blob towards a corner.
 */
export const HEADER_BOX = { x: 60, y: 26, width: PAGE.width - 60 - 96 - 70, logoSize: 32 };

/** Bubbles: radius and the pitch between options and rows. */
export const BUBBLE_RADIUS = 5;
export const OPTION_PITCH = 15;
export const ROW_PITCH = 13.3;
const COLUMNS = 5;
const GRID_LEFT = 52;
const GRID_RIGHT = PAGE.width - 40;
export const GRID_TOP = 252;

/**
 * The student-ID grid of a blank sheet: year (4 digits) and number (5 digits, decision 092: the year's
 * admissions go past 9999 in a student code such as LAT-2026-10042), 0–9 in each column. Sheets
 * printed before (QR code "OMR1") have a 4-digit number; the reader reads the columns the QR names.
 */
export const ID_DIGITS = 9;
export const ID_YEAR_DIGITS = 4;
export const ID_GRID = { x: 60, y: 98, columnPitch: 15, rowPitch: 12.6 };

export type Bubble = { x: number; y: number };

/** The centre of the bubble of the `q`-th multiple-choice question (0-based, in the sheet's order), option `o` (0-based). */
export function bubbleCentre(shape: OmrShape, q: number, o: number): Bubble {
  if (shape.sections) {
    const { section, index } = inSection(shape.sections, q, 'choice');
    const one = shape.sections[section]!;
    const rows = Math.ceil(one.choice / sectionColumns(shape, one));
    return { x: GRID_LEFT + Math.floor(index / rows) * choiceColumnWidth(shape) + 24 + o * OPTION_PITCH, y: sectionTop(shape, section) + SECTION_FIRST_ROW + (index % rows) * ROW_PITCH };
  }
  const rows = rowsPerColumn(shape);
  const column = Math.floor(q / rows);
  const row = q % rows;
  const columnWidth = (GRID_RIGHT - GRID_LEFT) / COLUMNS;
  const x = GRID_LEFT + column * columnWidth + 24 + o * OPTION_PITCH;
  return { x, y: GRID_TOP + row * ROW_PITCH };
}

export function rowsPerColumn(shape: OmrShape): number {
  return Math.ceil(choiceCount(shape) / COLUMNS);
}

/**
 * Where the `q`-th multiple-choice question sits among its neighbours: the group of bubbles printed in
 * one column (a column of the grid, or of a section) and its row there. The reader follows a bent sheet
 * by a question's neighbours in the same group.
 */
export function choicePlace(shape: OmrShape, q: number): { group: number; row: number } {
  if (shape.sections) {
    const { section, index } = inSection(shape.sections, q, 'choice');
    const one = shape.sections[section]!;
    const rows = Math.ceil(one.choice / sectionColumns(shape, one));
    return { group: section * COLUMNS + Math.floor(index / rows), row: index % rows };
  }
  const rows = rowsPerColumn(shape);
  return { group: Math.floor(q / rows), row: q % rows };
}

/** The question number (0-based) of the `q`-th multiple-choice question: the same on a sheet without sections, else counted through the sections. */
export function choiceQuestion(shape: OmrShape, q: number): number {
  if (!shape.sections) return q;
  const { section, index } = inSection(shape.sections, q, 'choice');
  return sectionStart(shape.sections, section) + index;
}

/** The question number (0-based) of the `k`-th numeric-answer question. */
export function numericQuestion(shape: OmrShape, k: number): number {
  if (!shape.sections) return choiceCount(shape) + k;
  const { section, index } = inSection(shape.sections, k, 'numeric');
  return sectionStart(shape.sections, section) + shape.sections[section]!.choice + index;
}

/** Each question's kind in the sheet's numbering (the key's numbers go where this says numeric). */
export function questionKinds(shape: OmrShape): ('choice' | 'numeric')[] {
  const kinds: ('choice' | 'numeric')[] = Array.from({ length: shape.questions }, () => 'choice');
  for (let k = 0; k < (shape.numeric ?? 0); k += 1) kinds[numericQuestion(shape, k)] = 'numeric';
  return kinds;
}

/** The 1-based numbers of the numeric-answer questions. */
export function numericQuestions(shape: OmrShape): number[] {
  return Array.from({ length: shape.numeric ?? 0 }, (_, k) => numericQuestion(shape, k) + 1);
}

/** The sections a key's answers make (letters then numbers, again and again), when its numbers are not all last; else undefined (the older layout). */
export function sectionsOfKey(answers: readonly (string | null)[]): OmrSection[] | undefined {
  const sections: OmrSection[] = [];
  let current: OmrSection = { choice: 0, numeric: 0 };
  for (const answer of answers) {
    if (isNumericKey(answer)) current.numeric += 1;
    else {
      if (current.numeric > 0) {
        sections.push(current);
        current = { choice: 0, numeric: 0 };
      }
      current.choice += 1;
    }
  }
  if (current.choice + current.numeric > 0) sections.push(current);
  return sections.length > 1 ? sections : undefined;
}

/** Sections as the query and the QR code write them: "20+5,20+5,20+5". */
export function sectionsText(sections: readonly OmrSection[]): string {
  return sections.map((one) => `${one.choice}+${one.numeric}`).join(',');
}

export const SECTIONS_TEXT = /^\d{1,3}\+\d{1,2}(?:,\d{1,3}\+\d{1,2}){0,5}$/;

export function parseSections(text: string): OmrSection[] | undefined {
  if (!SECTIONS_TEXT.test(text)) return undefined;
  return text.split(',').map((part) => {
    const [choice, numeric] = part.split('+').map(Number) as [number, number];
    return { choice, numeric };
  });
}

/*
 * Sections (decision 098): one block a subject, from SECTIONS_TOP down: its heading, then its multiple-
 * choice questions in as many columns as fit at the left, its numeric-answer grids at the right.
 */
const SECTIONS_TOP = 246;
const SECTION_FIRST_ROW = 20;
const SECTION_NUMERIC_FIRST = 32;
const SECTION_GAP = 10;

function choiceColumnWidth(shape: OmrShape): number {
  return 24 + (shape.options - 1) * OPTION_PITCH + BUBBLE_RADIUS + 12;
}

/** How many columns of multiple-choice questions a section has (those that fit beside its numeric grids, at most what it needs). */
function sectionColumns(shape: OmrShape, one: OmrSection): number {
  const free = GRID_RIGHT - GRID_LEFT - one.numeric * NUMERIC_WIDTH - 4;
  return Math.min(COLUMNS, Math.max(1, one.choice), Math.floor(free / choiceColumnWidth(shape)));
}

function maxSectionNumeric(shape: OmrShape): number {
  let most = 0;
  while (sectionColumns(shape, { choice: 1, numeric: most + 1 }) >= 1) most += 1;
  return most;
}

function sectionHeight(shape: OmrShape, one: OmrSection): number {
  const rows = one.choice === 0 ? 0 : Math.ceil(one.choice / sectionColumns(shape, one));
  const choice = rows === 0 ? 0 : SECTION_FIRST_ROW + (rows - 1) * ROW_PITCH + BUBBLE_RADIUS;
  const numeric = one.numeric === 0 ? 0 : SECTION_NUMERIC_FIRST + 9 * NUMERIC_GRID.rowPitch + BUBBLE_RADIUS;
  return Math.max(choice, numeric) + SECTION_GAP;
}

/** The top of section `s` (its heading's line); s = the count gives the bottom of the last. */
export function sectionTop(shape: OmrShape, s: number): number {
  let top = SECTIONS_TOP;
  for (let i = 0; i < s; i += 1) top += sectionHeight(shape, shape.sections![i]!);
  return top;
}

/** Where section `s`'s heading is written. */
export function sectionHeadingAt(shape: OmrShape, s: number): { x: number; y: number; width: number } {
  return { x: GRID_LEFT, y: sectionTop(shape, s), width: GRID_RIGHT - GRID_LEFT };
}

function sectionStart(sections: readonly OmrSection[], s: number): number {
  let start = 0;
  for (let i = 0; i < s; i += 1) start += sections[i]!.choice + sections[i]!.numeric;
  return start;
}

/** Which section the `q`-th question of a kind is in, and its place among that section's questions of the kind. */
function inSection(sections: readonly OmrSection[], q: number, kind: 'choice' | 'numeric'): { section: number; index: number } {
  let left = q;
  for (const [section, one] of sections.entries()) {
    if (left < one[kind]) return { section, index: left };
    left -= one[kind];
  }
  throw new RangeError(`No ${kind} question ${q + 1} on this sheet`);
}

/** Numeric-answer grids: eight to a row below the multiple-choice grid, each its number above NUMERIC_DIGITS columns of 0–9. */
const NUMERIC_PER_ROW = 8;
const NUMERIC_WIDTH = (GRID_RIGHT - GRID_LEFT) / NUMERIC_PER_ROW;
const NUMERIC_HEIGHT = 146;
export const NUMERIC_GRID = { columnPitch: 15, rowPitch: 12.6 };

function numericTop(shape: OmrShape): number {
  return GRID_TOP + (rowsPerColumn(shape) - 1) * ROW_PITCH + 24;
}

function numericBottom(shape: OmrShape): number {
  const numeric = shape.numeric ?? 0;
  return numeric === 0 ? 0 : numericTop(shape) + Math.ceil(numeric / NUMERIC_PER_ROW) * NUMERIC_HEIGHT - 10;
}

/** The centre of digit `d`'s bubble in column `c` of numeric question `k` (0-based among the numeric ones). */
export function numericBubbleCentre(shape: OmrShape, k: number, c: number, d: number): Bubble {
  if (shape.sections) {
    const { section, index } = inSection(shape.sections, k, 'numeric');
    const left = GRID_RIGHT - shape.sections[section]!.numeric * NUMERIC_WIDTH;
    return { x: left + 14 + index * NUMERIC_WIDTH + c * NUMERIC_GRID.columnPitch, y: sectionTop(shape, section) + SECTION_NUMERIC_FIRST + d * NUMERIC_GRID.rowPitch };
  }
  const x = GRID_LEFT + 14 + (k % NUMERIC_PER_ROW) * NUMERIC_WIDTH + c * NUMERIC_GRID.columnPitch;
  return { x, y: numericTop(shape) + Math.floor(k / NUMERIC_PER_ROW) * NUMERIC_HEIGHT + 14 + d * NUMERIC_GRID.rowPitch };
}

/** Where numeric question `k`'s number is written: above its grid. */
export function numericLabelAt(shape: OmrShape, k: number): { x: number; y: number; width: number } {
  const first = numericBubbleCentre(shape, k, 0, 0);
  return { x: first.x - BUBBLE_RADIUS, y: first.y - 14, width: (NUMERIC_DIGITS - 1) * NUMERIC_GRID.columnPitch + 2 * BUBBLE_RADIUS };
}

/** Where question `q`'s number is written (right-aligned before its bubbles). */
export function questionLabelAt(shape: OmrShape, q: number): { x: number; y: number; width: number } {
  const first = bubbleCentre(shape, q, 0);
  return { x: first.x - BUBBLE_RADIUS - 22, y: first.y, width: 19 };
}

/** The centre of the bubble of digit `d` in the ID column `c`. */
export function idBubbleCentre(c: number, d: number): Bubble {
  return { x: ID_GRID.x + c * ID_GRID.columnPitch + (c >= 4 ? 8 : 0), y: ID_GRID.y + 14 + d * ID_GRID.rowPitch };
}

/**
 * What the QR code says: `OMR2|<test id>|<student id or ->|<pattern>|<questions>|<options>|<numeric>`
 * (a 9-column ID grid); the older `OMR1|…|<options>` (no numeric, an 8-column ID grid) still reads. The
 * reader takes the sheet's shape from it, so a sheet printed with another count still reads.
 */
export type OmrQr = { testId: string; studentId: string | null; idColumns: number } & OmrShape;

export function qrText(value: Omit<OmrQr, 'idColumns'>): string {
  // A sheet in sections (decision 098): OMR3|test|student|pattern|options|sections, the questions and the numeric ones added up from the sections.
  if (value.sections) return ['OMR3', value.testId, value.studentId ?? '-', value.pattern, value.options, sectionsText(value.sections)].join('|');
  return ['OMR2', value.testId, value.studentId ?? '-', value.pattern, value.questions, value.options, value.numeric ?? 0].join('|');
}

export function parseQr(text: string): OmrQr | undefined {
  const parts = text.split('|');
  if (parts[0] === 'OMR3') return parseQr3(parts);
  const version = parts[0] === 'OMR2' && parts.length === 7 ? 2 : parts[0] === 'OMR1' && parts.length === 6 ? 1 : 0;
  if (version === 0) return undefined;
  const [, testId, student, pattern, questions, options, numeric] = parts as [string, string, string, string, string, string, string | undefined];
  const shape: OmrShape = { pattern: pattern as OmrPattern, questions: Number(questions), options: Number(options) as 4 | 5, numeric: Number(numeric ?? 0) };
  if (!OMR_PATTERNS.includes(shape.pattern) || shapeProblem({ ...shape, pattern: shape.numeric ? 'jee' : 'custom' })) return undefined;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(testId) || (student !== '-' && !uuid.test(student))) return undefined;
  return { testId, studentId: student === '-' ? null : student, idColumns: version === 1 ? 8 : ID_DIGITS, ...shape };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `OMR3|<test id>|<student id or ->|<pattern>|<options>|<sections>` (decision 098). */
function parseQr3(parts: string[]): OmrQr | undefined {
  if (parts.length !== 6) return undefined;
  const [, testId, student, pattern, options, text] = parts as [string, string, string, string, string, string];
  const sections = parseSections(text);
  if (!sections || !UUID.test(testId) || (student !== '-' && !UUID.test(student))) return undefined;
  const shape: OmrShape = {
    pattern: pattern as OmrPattern, options: Number(options) as 4 | 5, sections,
    questions: sections.reduce((sum, one) => sum + one.choice + one.numeric, 0), numeric: sections.reduce((sum, one) => sum + one.numeric, 0),
  };
  if (!OMR_PATTERNS.includes(shape.pattern) || shapeProblem(shape)) return undefined;
  return { testId, studentId: student === '-' ? null : student, idColumns: ID_DIGITS, ...shape };
}

/** Whether a key's answer is a numeric-answer question's (digits) rather than a letter. */
export function isNumericKey(answer: string | null | undefined): boolean {
  return typeof answer === 'string' && /^\d+$/.test(answer);
}

/** How many of a key's answers are numbers (its numeric-answer questions: the last ones, or each section's last ones). */
export function numericCountOf(key: readonly (string | null)[]): number {
  return key.filter((answer) => isNumericKey(answer)).length;
}

/** A score from answers and a key: the pattern's marks per right and wrong answer (numbers compared as numbers). */
export function scoreOf(pattern: OmrPattern, key: readonly (string | null)[], answers: readonly (string | null)[]): number {
  let score = 0;
  key.forEach((right, index) => {
    const given = answers[index] ?? null;
    if (given === null || right === null) return;
    const numeric = isNumericKey(right);
    const marking = numeric && pattern === 'jee' ? OMR_NUMERIC_MARKING : OMR_MARKING[pattern];
    const same = numeric ? isNumericKey(given) && Number(given) === Number(right) : given === right;
    score += same ? marking.correct : marking.wrong;
  });
  return score;
}
