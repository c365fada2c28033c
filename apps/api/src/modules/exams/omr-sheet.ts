import type { Language } from '@academy/shared/languages';
import { formatDate } from '@academy/shared/calendar';
import { word, wordTable } from '@academy/shared/i18n/server-catalog';
import { createPdfDocument, drawAcademyHeaderLine, drawQrCode, pdfToBuffer, type PdfDocument } from '../../lib/pdf';
import {
  BUBBLE_RADIUS,
  HEADER_BOX,
  ID_DIGITS,
  ID_GRID,
  MARK_CENTRES,
  MARK_SIZE,
  OMR_LETTERS,
  OMR_MARKING,
  QR_BOX,
  NUMERIC_DIGITS,
  bubbleCentre,
  choiceCount,
  choiceQuestion,
  numericQuestion,
  sectionHeadingAt,
  idBubbleCentre,
  numericBubbleCentre,
  numericLabelAt,
  qrText,
  questionLabelAt,
  type OmrShape,
} from '@academy/shared/omr/layout';

const WORDS = wordTable('omrSheet', {
  title: 'OMR answer sheet',
  test: 'Test',
  date: 'Date',
  student: 'Student',
  studentId: 'Student ID',
  name: 'Name',
  signature: 'Signature',
  year: 'Year',
  number: 'Number',
  instructions: 'Fill one bubble fully for each answer with a dark pencil or a blue or black pen. Do not fold the sheet or write near the black squares.',
  idHelp: 'Fill your student ID: the year and the number in five digits (…-2026-0042: 2026 00042).',
  numeric: 'Numeric answers: fill the digits of the whole number, one in each column (42: 0042).',
});

export type SheetStudent = { id: string; name: string; code: string };
export type SheetInput = {
  academyName: string;
  /** The academy's logo for paper and its colour (issue 78): the papers' shared header, on one line. */
  academyLogo?: Buffer | undefined;
  academyColour?: string | undefined;
  testId: string;
  testName: string;
  date: string;
  language: Language;
  shape: OmrShape;
  students: SheetStudent[] | null;
  /** A sheet in sections (decision 098): each section's heading, as given (the service translates the usual subjects' names). */
  subjects?: string[] | undefined;
};

const KNOWN_SUBJECTS = ['Physics', 'Chemistry', 'Mathematics', 'Biology'] as const;

/**
 * The sections' headings in the sheet's language: the subjects given (Physics, Chemistry, Mathematics and
 * Biology in the academy's language, any other name as typed), else JEE Main's three for three sections,
 * else "Section 1", "Section 2"…
 */
export function sectionHeadings(count: number, subjects: string[] | undefined, language: Language): string[] {
  const names = subjects ?? (count === 3 ? ['Physics', 'Chemistry', 'Mathematics'] : undefined);
  return Array.from({ length: count }, (_, index) => {
    const name = names?.[index];
    if (!name) return word('omrSheet', 'Section {number}', language, { number: index + 1 });
    const known = KNOWN_SUBJECTS.find((one) => one.toLowerCase() === name.toLowerCase());
    return known ? word('omrSheet', known, language) : name;
  });
}

function bubble(doc: PdfDocument, x: number, y: number, letter: string): void {
  doc.circle(x, y, BUBBLE_RADIUS).lineWidth(0.6).strokeColor('#6b6b6b').stroke();
  doc.font('regular').fontSize(5.2).fillColor('#9a9a9a').text(letter, x - 4, y - 3.9, { width: 8, align: 'center', lineBreak: false });
}

function drawPage(doc: PdfDocument, input: SheetInput, student: SheetStudent | null): void {
  const words = WORDS[input.language];
  const { shape } = input;
  // The corner marks the reader finds first.
  for (const [cx, cy] of MARK_CENTRES) doc.rect(cx - MARK_SIZE / 2, cy - MARK_SIZE / 2, MARK_SIZE, MARK_SIZE).fillColor('#000000').fill();
  drawQrCode(doc, qrText({ testId: input.testId, studentId: student?.id ?? null, ...shape }), QR_BOX.x, QR_BOX.y, QR_BOX.size, 0.02);

  const left = HEADER_BOX.x;
  const width = QR_BOX.x - left - 10;
  // The papers' header (lib/pdf.ts) in the box the layout keeps for it: the logo, the name in the academy's colour.
  const beside = drawAcademyHeaderLine(doc, { name: input.academyName, logo: input.academyLogo, colour: input.academyColour }, { ...HEADER_BOX, fontSize: 14 });
  doc.font('bold').fontSize(10.5).fillColor('#212529').text(`${words.title} · ${shape.pattern === 'custom' ? '' : shape.pattern.toUpperCase() + ' · '}${shape.questions}`, beside, 48, { width: QR_BOX.x - beside - 10, lineBreak: false });
  doc.font('regular').fontSize(9.5).text(`${words.test}: ${input.testName}`, left, 66, { width, lineBreak: false, ellipsis: true });
  const marking = OMR_MARKING[shape.pattern];
  const scheme = word('omrSheet', 'Marking: +{correct} right, {wrong} wrong, 0 blank', input.language, { correct: marking.correct, wrong: marking.wrong });
  doc.text(`${words.date}: ${formatDate(input.date)}   ·   ${scheme}`, left, 80, { width, lineBreak: false });

  if (student) {
    // A pre-printed sheet: the name and ID in print (and in the QR code); no ID grid to fill.
    doc.font('bold').fontSize(12).fillColor('#212529').text(student.name, left, 104, { width: 300, lineBreak: false, ellipsis: true });
    doc.font('regular').fontSize(10).text(`${words.studentId}: ${student.code}`, left, 122, { width: 300, lineBreak: false });
    doc.fontSize(9).fillColor('#495057').text(`${words.signature}: ____________________`, left, 150, { width: 300, lineBreak: false });
    doc.fontSize(8).text(words.instructions, left, 180, { width: 360 });
  } else {
    doc.font('regular').fontSize(6.5).fillColor('#495057').text(words.year, ID_GRID.x - 6, ID_GRID.y - 2, { width: 60, lineBreak: false });
    doc.text(words.number, idBubbleCentre(4, 0).x - 6, ID_GRID.y - 2, { width: 60, lineBreak: false });
    for (let c = 0; c < ID_DIGITS; c += 1) {
      for (let d = 0; d < 10; d += 1) {
        const centre = idBubbleCentre(c, d);
        bubble(doc, centre.x, centre.y, String(d));
      }
    }
    const textLeft = idBubbleCentre(ID_DIGITS - 1, 0).x + 22;
    const textWidth = QR_BOX.x - textLeft - 6;
    doc.font('regular').fontSize(9).fillColor('#212529').text(`${words.name}: ______________________`, textLeft, 110, { width: textWidth + 80, lineBreak: false });
    doc.text(`${words.signature}: ________________`, textLeft, 134, { width: textWidth + 80, lineBreak: false });
    doc.fontSize(7.5).fillColor('#495057').text(words.idHelp, textLeft, 164, { width: QR_BOX.x + QR_BOX.size - textLeft });
    doc.text(words.instructions, textLeft, 188, { width: QR_BOX.x + QR_BOX.size - textLeft });
  }

  drawSectionHeadings(doc, input);
  drawNumeric(doc, shape, words.numeric);
  for (let q = 0; q < choiceCount(shape); q += 1) {
    const label = questionLabelAt(shape, q);
    doc.font('bold').fontSize(7).fillColor('#212529').text(String(choiceQuestion(shape, q) + 1), label.x, label.y - 4.6, { width: label.width, align: 'right', lineBreak: false });
    for (let o = 0; o < shape.options; o += 1) {
      const centre = bubbleCentre(shape, q, o);
      bubble(doc, centre.x, centre.y, OMR_LETTERS[o]!);
    }
  }
}

/** A JEE sheet's numeric-answer questions (decision 092): the number above a grid of digit columns. */
function drawNumeric(doc: PdfDocument, shape: OmrShape, help: string): void {
  const numeric = shape.numeric ?? 0;
  if (numeric === 0) return;
  if (shape.sections) {
    // Once, above the first section's heading.
    const heading = sectionHeadingAt(shape, 0);
    doc.font('regular').fontSize(7).fillColor('#495057').text(help, heading.x, heading.y - 10, { width: 480, lineBreak: false });
  } else {
    const first = numericLabelAt(shape, 0);
    doc.font('regular').fontSize(7).fillColor('#495057').text(help, first.x, first.y - 11, { width: 480, lineBreak: false });
  }
  for (let k = 0; k < numeric; k += 1) {
    const label = numericLabelAt(shape, k);
    doc.font('bold').fontSize(7).fillColor('#212529').text(String(numericQuestion(shape, k) + 1), label.x, label.y - 4.6, { width: label.width, align: 'center', lineBreak: false });
    for (let c = 0; c < NUMERIC_DIGITS; c += 1) {
      for (let d = 0; d < 10; d += 1) {
        const centre = numericBubbleCentre(shape, k, c, d);
        bubble(doc, centre.x, centre.y, String(d));
      }
    }
  }
}

/** Each section's heading (decision 098): the subject, and which questions are its multiple-choice and numeric-answer ones. */
function drawSectionHeadings(doc: PdfDocument, input: SheetInput): void {
  const { shape, language } = input;
  if (!shape.sections) return;
  const headings = sectionHeadings(shape.sections.length, input.subjects, language);
  let first = 1;
  shape.sections.forEach((one, index) => {
    const at = sectionHeadingAt(shape, index);
    const last = first + one.choice + one.numeric - 1;
    const range = one.choice > 0 && one.numeric > 0
      ? word('omrSheet', 'Questions {first}–{last}: multiple choice {choiceFirst}–{choiceLast}, numeric answers {numericFirst}–{numericLast}', language, { first, last, choiceFirst: first, choiceLast: first + one.choice - 1, numericFirst: first + one.choice, numericLast: last })
      : word('omrSheet', 'Questions {first}–{last}', language, { first, last });
    doc.font('bold').fontSize(8.5).fillColor('#212529').text(headings[index]!, at.x, at.y, { width: 150, lineBreak: false, ellipsis: true, continued: false });
    doc.font('regular').fontSize(7).fillColor('#495057').text(range, at.x + 155, at.y + 1.2, { width: at.width - 155, lineBreak: false });
    doc.moveTo(at.x, at.y + 10.5).lineTo(at.x + at.width, at.y + 10.5).lineWidth(0.4).strokeColor('#adb5bd').stroke();
    first = last + 1;
  });
}

/** The sheets: one blank page, or one page per student (name, ID and the student in the QR code). A4. */
export async function omrSheetPdf(input: SheetInput): Promise<Buffer> {
  const words = WORDS[input.language];
  const doc = await createPdfDocument(`${words.title}: ${input.testName}`, { margin: 0, language: input.language, creator: input.academyName });
  const pages = input.students ?? [null];
  pages.forEach((student, index) => {
    if (index > 0) doc.addPage({ size: 'A4', margin: 0 });
    drawPage(doc, input, student);
  });
  return pdfToBuffer(doc);
}
