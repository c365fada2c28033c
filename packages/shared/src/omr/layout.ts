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

/** A sheet's shape: its pattern, how many questions, how many options each. */
export type OmrShape = { pattern: OmrPattern; questions: number; options: 4 | 5 };

/** Marks per right and per wrong answer, by pattern (a blank answer scores 0). */
export const OMR_MARKING: Record<OmrPattern, { correct: number; wrong: number }> = {
  neet: { correct: 4, wrong: -1 },
  jee: { correct: 4, wrong: -1 },
  cet: { correct: 1, wrong: 0 },
  custom: { correct: 1, wrong: 0 },
};

export const MAX_QUESTIONS = 200;

/** Why a shape is not one the patterns allow, or undefined when it is. */
export function shapeProblem(shape: OmrShape): string | undefined {
  const { pattern, questions, options } = shape;
  if (!Number.isInteger(questions) || questions < 1 || questions > MAX_QUESTIONS) return `questions must be a whole number from 1 to ${MAX_QUESTIONS}`;
  if (options !== 4 && options !== 5) return 'options must be 4 or 5';
  if (pattern === 'neet' && ![180, 200].includes(questions)) return 'A NEET sheet has 180 or 200 questions';
  if (pattern === 'cet' && ![150, 200].includes(questions)) return 'A CET sheet has 150 or 200 questions';
  if ((pattern === 'neet' || pattern === 'cet' || pattern === 'jee') && options !== 4) return `A ${pattern.toUpperCase()} sheet has 4 options (A to D)`;
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

/** The student-ID grid of a blank sheet: year (4 digits) and number (4 digits), 0–9 in each column. */
export const ID_DIGITS = 8;
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
  return Math.ceil(shape.questions / COLUMNS);
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
 * What the QR code says: `OMR1|<test id>|<student id or ->|<pattern>|<questions>|<options>`. The
 * reader takes the sheet's shape from it, so a sheet printed with another count still reads.
 */
export type OmrQr = { testId: string; studentId: string | null } & OmrShape;

export function qrText(value: OmrQr): string {
  return ['OMR1', value.testId, value.studentId ?? '-', value.pattern, value.questions, value.options].join('|');
}

export function parseQr(text: string): OmrQr | undefined {
  const parts = text.split('|');
  if (parts.length !== 6 || parts[0] !== 'OMR1') return undefined;
  const [, testId, student, pattern, questions, options] = parts as [string, string, string, string, string, string];
  const shape = { pattern: pattern as OmrPattern, questions: Number(questions), options: Number(options) as 4 | 5 };
  if (!OMR_PATTERNS.includes(shape.pattern) || shapeProblem({ ...shape, pattern: 'custom' })) return undefined;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(testId) || (student !== '-' && !uuid.test(student))) return undefined;
  return { testId, studentId: student === '-' ? null : student, ...shape };
}

/** A score from answers and a key: the pattern's marks per right and wrong answer. */
export function scoreOf(pattern: OmrPattern, key: readonly (string | null)[], answers: readonly (string | null)[]): number {
  const marking = OMR_MARKING[pattern];
  let score = 0;
  key.forEach((right, index) => {
    const given = answers[index] ?? null;
    if (given === null || right === null) return;
    score += given === right ? marking.correct : marking.wrong;
  });
  return score;
}
