import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { answerKeySchema, keyFromPaperInputSchema, omrKeySheetSchema } from '@academy/shared/schemas/omr';
import { OMR_LETTERS, numericQuestions, type OmrPattern } from '@academy/shared/omr/layout';
import { OTHER_TEST } from '@academy/shared/omr/messages';
import type { Db } from '../../db/client';
import type { Actor } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { examForOmr } from './exams.service';
import { OmrUnreadable, readSheetImage, type OmrReading } from './omr-reader';
import { kindOf, pdfPages, saveAnswerKey } from './omr.service';

/*
 * The answer key from elsewhere than typing (issue 76, decision 092): from the online test's paper the
 * test is linked to, or from a teacher's own filled sheet scanned as "key".
 */

type AnswerKey = z.infer<typeof answerKeySchema>;
type PaperQuestion = { type: 'single' | 'multiple' | 'numeric'; options: { id: string }[]; correct: string[]; answerValue: number | null };

const refused = (message: string) => new AppError('BAD_REQUEST', message, { answers: message });

/** The key of a paper's questions in order: the right option's letter, a numeric one's whole number; anything an OMR sheet cannot take, refused by its number. */
export function keyOfPaper(questions: PaperQuestion[]): { answers: string[]; options: 4 | 5 } {
  let options: 4 | 5 = 4;
  const answers = questions.map((question, index) => {
    const number = index + 1;
    if (question.type === 'numeric') {
      const value = question.answerValue;
      if (value === null || !Number.isInteger(value) || value < 0 || value > 9999) throw refused(`Question ${number} of the paper is answered by ${value ?? 'no number'}: an OMR sheet takes whole numbers from 0 to 9999`);
      return String(value);
    }
    if (question.type === 'multiple' || question.correct.length !== 1) throw refused(`Question ${number} of the paper has more than one right option: an OMR sheet takes one bubble a question`);
    if (question.options.length > 5) throw refused(`Question ${number} of the paper has more than five options: an OMR sheet has A to E`);
    if (question.options.length === 5) options = 5;
    const position = question.options.findIndex((option) => option.id === question.correct[0]);
    if (position < 0) throw refused(`Question ${number} of the paper has no right option`);
    return OMR_LETTERS[position]!;
  });
  return { answers, options };
}

/**
 * POST /api/tests/{id}/answer-key/from-online-test: the test is an online test's batch test
 * (`online_test_batches.exam_id`); its paper's right options become the key (numeric questions — last,
 * or last in each subject as JEE Main numbers them, decision 098 — make it a JEE key unless another
 * pattern is asked for).
 */
export async function keyFromOnlineTest(db: Db, actor: Actor, examId: string, input: z.output<typeof keyFromPaperInputSchema>): Promise<AnswerKey> {
  await examForOmr(db, actor, examId);
  const { rows: links } = await db.execute<{ onlineTestId: string }>(sql`select online_test_id as "onlineTestId" from online_test_batches where exam_id = ${examId}`);
  if (!links[0]) throw refused('This test is not an online test’s: type the key, or scan a key sheet');
  const { rows } = await db.execute<PaperQuestion>(sql`
    select q.type, q.options, q.correct, q.answer_value as "answerValue" from online_test_questions otq join questions q on q.id = otq.question_id and q.academy_id = otq.academy_id
    where otq.online_test_id = ${links[0].onlineTestId} order by otq.position`);
  if (rows.length === 0) throw refused('The online test’s paper has no questions');
  const { answers, options } = keyOfPaper(rows);
  const pattern: OmrPattern = input.pattern ?? (answers.some((answer) => /^\d/.test(answer)) ? 'jee' : 'custom');
  return saveAnswerKey(db, actor, examId, { answers, pattern, options });
}

/**
 * POST /api/tests/{id}/omr-scans?as=key: a teacher's own filled sheet of this test read as the key. Saved
 * only when every question is clear and answered; otherwise the reading comes back with the questions to
 * settle (the teacher settles them on the screen and saves the key, PUT answer-key). The photo is not kept.
 */
export async function scanKeySheet(db: Db, actor: Actor, examId: string, bytes: Buffer): Promise<z.infer<typeof omrKeySheetSchema>> {
  const test = await examForOmr(db, actor, examId);
  const kind = kindOf(bytes);
  if (!kind) throw new AppError('BAD_REQUEST', 'Send a JPEG or PNG photo of the sheet, or a PDF', { file: 'Send a JPEG or PNG photo of the sheet, or a PDF' });
  const image = kind === 'pdf' ? (await pdfPages(bytes))[0] : bytes;
  if (!image) throw new AppError('UNPROCESSABLE', 'The PDF has no pages', { file: 'The PDF has no pages' });
  let reading: OmrReading;
  try {
    reading = await readSheetImage(image);
  } catch (error) {
    if (error instanceof OmrUnreadable) throw new AppError('UNPROCESSABLE', error.message, { file: error.message });
    throw error;
  }
  if (reading.qr.testId !== test.id) throw new AppError('UNPROCESSABLE', OTHER_TEST, { file: OTHER_TEST });
  const { pattern, options, numeric = 0 } = reading.qr;
  // A key has every answer: a blank question on the key sheet is one to settle, like an unclear one.
  const unsettled = new Set(reading.uncertain);
  reading.answers.forEach((answer, index) => answer === null && unsettled.add(index + 1));
  const uncertain = [...unsettled].sort((a, b) => a - b);
  const key = uncertain.length === 0 ? await saveAnswerKey(db, actor, examId, { answers: reading.answers as string[], pattern, options }) : null;
  return { answers: reading.answers, uncertain, pattern, options, numeric, numericQuestions: numericQuestions(reading.qr), key };
}
