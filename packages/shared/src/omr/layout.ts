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
export type OmrShape = { pattern: OmrPattern; questions: number; options: 4 | 5; numeric?: number };

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

/** How many of the sheet's questions are multiple-choice (the first ones). */
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
  if (pattern === 'neet' && ![180, 200].includes(questions)) return 'A NEET sheet has 180 or 200 questions';
  if (pattern === 'cet' && ![150, 200].includes(questions)) return 'A CET sheet has 150 or 200 questions';
  if ((pattern === 'neet' || pattern === 'cet' || pattern === 'jee') && options !== 4) return `A ${pattern.toUpperCase()} sheet has 4 options (A to D)`;
  const numeric = shape.numeric ?? 0;
  if (numeric !== 0 && pattern !== 'jee') return 'Only a JEE sheet has numeric-answer questions';
  if (!Number.isInteger(numeric) || numeric < 0 || numeric > MAX_NUMERIC) return `numeric must be a whole number from 0 to ${MAX_NUMERIC}`;
  if (numeric >= questions) return 'A JEE sheet needs multiple-choice questions before its numeric-answer ones';
  if (numericBottom(shape) > PAGE.height - 56) return `${questions - numeric} multiple-choice and ${numeric} numeric-answer questions do not fit on one page: fewer numeric ones, or fewer questions`;
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

/** The centre of the bubble of question `q` (0-based), option `o` (0-based). */
export function bubbleCentre(shape: OmrShape, q: number, o: number): Bubble {
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
  return ['OMR2', value.testId, value.studentId ?? '-', value.pattern, value.questions, value.options, value.numeric ?? 0].join('|');
}

export function parseQr(text: string): OmrQr | undefined {
  const parts = text.split('|');
  const version = parts[0] === 'OMR2' && parts.length === 7 ? 2 : parts[0] === 'OMR1' && parts.length === 6 ? 1 : 0;
  if (version === 0) return undefined;
  const [, testId, student, pattern, questions, options, numeric] = parts as [string, string, string, string, string, string, string | undefined];
  const shape: OmrShape = { pattern: pattern as OmrPattern, questions: Number(questions), options: Number(options) as 4 | 5, numeric: Number(numeric ?? 0) };
  if (!OMR_PATTERNS.includes(shape.pattern) || shapeProblem({ ...shape, pattern: shape.numeric ? 'jee' : 'custom' })) return undefined;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(testId) || (student !== '-' && !uuid.test(student))) return undefined;
  return { testId, studentId: student === '-' ? null : student, idColumns: version === 1 ? 8 : ID_DIGITS, ...shape };
}

/** Whether a key's answer is a numeric-answer question's (digits) rather than a letter. */
export function isNumericKey(answer: string | null | undefined): boolean {
  return typeof answer === 'string' && /^\d+$/.test(answer);
}

/** How many of a key's last answers are numbers (its numeric-answer questions). */
export function numericCountOf(key: readonly (string | null)[]): number {
  let count = 0;
  while (count < key.length && isNumericKey(key[key.length - 1 - count])) count += 1;
  return count;
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
