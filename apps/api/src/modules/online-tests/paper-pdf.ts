import { formatDateTime } from '@academy/shared/calendar';
import { word, wordTable } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';
import { academyInLanguage } from '@academy/shared/academy-words';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../access/actor';
import { createAcademyPdf } from '../../lib/pdf';
import { drawMathMarkdown, room } from '../../lib/math-pdf';
import type { FileStorage } from '../../lib/storage';
import { questionImageBytes } from '../questions';
import { academyHeaderLogo, getAcademySettings } from '../../academy-settings';
import { localNamesFor } from '../standards';
import { markingOf, paperQuestions, staffTestRow } from './papers.service';

/*
 * An online test on paper (issue 40): the question paper a teacher prints for a student without a phone
 * or for a hall test, and its answer key with the right answers and solutions. Questions, options and
 * solutions are the Markdown and LaTeX the phone shows with KaTeX, typeset here by lib/math-pdf.ts.
 * Read by the test's staff (the rule of GET /api/online-tests/{id}); a student never reaches it.
 */

const LABELS = wordTable('questionPaper', {
  paper: 'Question paper',
  key: 'Answer key',
  teachersOnly: 'For teachers only',
  batches: 'Batches',
  opens: 'Opens',
  time: 'Time',
  maximum: 'Maximum marks',
  marking: 'Marking',
  name: 'Name',
  studentId: 'Student ID',
  multiple: 'One or more options are right.',
  writeNumber: 'Write the number:',
  solution: 'Solution',
  missingPicture: 'picture: see it in the app',
});

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** "+4", "−1", "0": marks as a paper prints them. */
function signed(marks: number): string {
  if (marks > 0) return `+${marks}`;
  return marks < 0 ? `\u2212${-marks}` : '0';
}

/** A question's right answer as the answer key prints it: the number (within its tolerance) or the right options' letters. */
function rightAnswerText(question: Awaited<ReturnType<typeof paperQuestions>>[number], language: Language): string {
  if (question.type !== 'numeric') {
    return question.options.flatMap((option, optionIndex) => (question.correct.includes(option.id) ? [`(${LETTERS[optionIndex]})`] : [])).join(', ');
  }
  return question.answer_tolerance
    ? word('questionPaper', '{value}, within {tolerance}', language, { value: question.answer_value ?? '', tolerance: question.answer_tolerance })
    : String(question.answer_value ?? '');
}

type AcademyPdf = Awaited<ReturnType<typeof createAcademyPdf>>;
type PaperTest = Awaited<ReturnType<typeof staffTestRow>>;

/** GET /api/online-tests/{id}/paper.pdf[?answers=true]. */
export async function onlineTestPaperPdf(
  db: DbExecutor,
  storage: FileStorage,
  actor: Actor,
  id: string,
  options: { answers: boolean; language: Language },
): Promise<{ pdf: Buffer; fileName: string }> {
  const test = await staffTestRow(db, actor, id);
  const { language, answers } = options;
  const [questions, settings, names, logo] = await Promise.all([paperQuestions(db, id), getAcademySettings(db), localNamesFor(db, language), academyHeaderLogo(db)]);
  const label = LABELS[language];
  const title = answers ? label.key : label.paper;
  const pdf = await createAcademyPdf({
    // The papers' one header (issue 78): the academy's logo above its name, in its colour.
    header: { name: settings.name, address: academyInLanguage(settings, language).address, phones: settings.phones, email: settings.email, logo, colour: settings.brand.colour },
    title,
    language,
    info: { Title: `${title}: ${test.title}`, Subject: test.title },
  });
  const { doc, tag } = pdf;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  drawDetails(pdf, test, { language, answers, timeZone: settings.timeZone, questions: questions.length });

  const markdown = (source: string, x: number, size = 11) =>
    drawMathMarkdown(doc, source, {
      x,
      width: width - (x - left),
      fontSize: size,
      missingPicture: label.missingPicture,
      loadImage: (url) => questionImageBytes(storage, url),
      tag,
    });

  const NUMBER_WIDTH = 40;
  const OPTION_WIDTH = 26;
  let subjectId = '';
  for (const [index, question] of questions.entries()) {
    if (question.subject_id !== subjectId) {
      subjectId = question.subject_id;
      room(doc, 120);
      doc.moveDown(0.4);
      tag('H2', () => pdf.text(names.subject({ _id: question.subject_id, name: question.subject_name }), { size: 13, bold: true, color: '#1c7ed6' }));
      doc.moveDown(0.3);
    }
    // A question starts on a new page rather than with only its number at the bottom of one.
    const top = room(doc, 60);
    tag('H3', () => pdf.text(word('questionPaper', 'Q{number}.', language, { number: index + 1 }), { bold: true, x: left, y: top, width: NUMBER_WIDTH }));
    doc.y = top;
    await markdown(question.text, left + NUMBER_WIDTH);
    if (question.type === 'multiple') tag('P', () => pdf.text(label.multiple, { size: 9, color: '#495057', x: left + NUMBER_WIDTH }));
    doc.moveDown(0.2);
    if (question.type === 'numeric') {
      tag('P', () => pdf.text(`${label.writeNumber} ____________`, { x: left + NUMBER_WIDTH }));
    }
    for (const [optionIndex, option] of question.options.entries()) {
      // The letter and its option's first line on the same page.
      const optionTop = room(doc, 20);
      tag('P', () => pdf.text(`(${LETTERS[optionIndex]})`, { x: left + NUMBER_WIDTH, y: optionTop, width: OPTION_WIDTH }));
      doc.y = optionTop;
      await markdown(option.text, left + NUMBER_WIDTH + OPTION_WIDTH);
    }
    if (answers) {
      const right = rightAnswerText(question, language);
      doc.moveDown(0.2);
      tag('P', () => pdf.text(word('questionPaper', 'Right answer: {answer}', language, { answer: right }), { bold: true, color: '#2b8a3e', x: left + NUMBER_WIDTH }));
      if (question.solution) {
        tag('P', () => pdf.text(label.solution, { bold: true, size: 10, color: '#495057', x: left + NUMBER_WIDTH }));
        await markdown(question.solution, left + NUMBER_WIDTH, 10);
      }
    }
    doc.moveDown(0.8);
  }

  const kind = answers ? 'answer-key' : 'question-paper';
  return { pdf: await pdf.end(), fileName: `${kind}-${id.slice(0, 8)}.pdf` };
}

/** The paper's title and details (batches, opening, time, maximum, marking), and on the students' paper the lines for a name and ID. */
function drawDetails(pdf: AcademyPdf, test: PaperTest, { language, answers, timeZone, questions }: { language: Language; answers: boolean; timeZone: string; questions: number }) {
  // Tagged for screen readers (issue 53): the test's title and each subject and question as headings,
  // the details, words and options as paragraphs, each formula with its LaTeX.
  const { doc, tag } = pdf;
  const label = LABELS[language];
  tag('H2', () => pdf.text(test.title, { size: 14, bold: true, align: 'center' }));
  if (answers) tag('P', () => pdf.text(label.teachersOnly, { size: 10, color: '#c92a2a', align: 'center' }));
  doc.moveDown(0.5);
  const marking = markingOf(test);
  const row = (name: string, value: string) => tag('P', () => pdf.row(name, value));
  row(label.batches, test.batches.map((batch) => batch.name).join(', '));
  row(label.opens, formatDateTime(test.opens_at, timeZone));
  row(label.time, word('questionPaper', '{minutes} minutes', language, { minutes: test.duration_minutes }));
  row(label.maximum, String(marking.correct * questions));
  row(
    label.marking,
    word('questionPaper', '{correct} for a right answer, {wrong} for a wrong one, {unanswered} if left', language, {
      correct: signed(marking.correct),
      wrong: signed(marking.wrong),
      unanswered: signed(marking.unanswered),
    }),
  );
  if (!answers) {
    doc.moveDown(0.3);
    row(label.name, '______________________________');
    row(label.studentId, '______________________________');
  }
  pdf.rule();
}
