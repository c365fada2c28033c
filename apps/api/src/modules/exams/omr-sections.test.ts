import { beforeAll, describe, expect, it } from 'vitest';
import { omrSheetPdf, sectionHeadings } from './omr-sheet';
import { readSheetImage } from './omr-reader';
import { numericQuestions, parseQr, qrText, questionKinds, scoreOf, sectionsOfKey, shapeProblem, type OmrShape } from '@academy/shared/omr/layout';
import { fillAndPhotograph, renderPages, tally } from '../../../test/omr-photos';

/*
 * Issue 76, decision 098: a JEE sheet in sections, as JEE Main numbers its paper — each subject's 20
 * multiple-choice questions, then its 5 numeric-answer ones (21–25, 46–50, 71–75) — printed, read and keyed.
 */

const TEST_ID = '11111111-2222-4333-8444-555555555598';
const STUDENT_ID = '11111111-2222-4333-8444-666666666698';
const JEE_MAIN: OmrShape = { pattern: 'jee', questions: 75, options: 4, numeric: 15, sections: [{ choice: 20, numeric: 5 }, { choice: 20, numeric: 5 }, { choice: 20, numeric: 5 }] };
let pages: { blank: Buffer; printed: Buffer };

beforeAll(async () => {
  const sheet = (printed: boolean) =>
    omrSheetPdf({ academyName: 'Dnyanjyoti Academy', testId: TEST_ID, testName: 'JEE Main mock 3', date: '2026-11-28', language: 'hi', shape: JEE_MAIN, students: printed ? [{ id: STUDENT_ID, name: 'Ira Kulkarni', code: 'LAT-2026-0042' }] : null });
  const [[blank], [printed]] = await Promise.all([renderPages(await sheet(false)), renderPages(await sheet(true))]);
  pages = { blank: blank!, printed: printed! };
}, 60_000);

describe('the layout in sections', () => {
  it('numbers JEE Main’s paper: numeric answers at 21–25, 46–50, 71–75; the QR says OMR3 with the sections', () => {
    expect(shapeProblem(JEE_MAIN)).toBeUndefined();
    expect(numericQuestions(JEE_MAIN)).toEqual([21, 22, 23, 24, 25, 46, 47, 48, 49, 50, 71, 72, 73, 74, 75]);
    expect(questionKinds(JEE_MAIN).slice(18, 27)).toEqual(['choice', 'choice', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'choice', 'choice']);
    const text = qrText({ testId: TEST_ID, studentId: STUDENT_ID, ...JEE_MAIN });
    expect(text).toBe(`OMR3|${TEST_ID}|${STUDENT_ID}|jee|4|20+5,20+5,20+5`);
    expect(parseQr(text)).toEqual({ testId: TEST_ID, studentId: STUDENT_ID, idColumns: 9, ...JEE_MAIN });
    // Sheets printed before keep their QR codes and layouts.
    expect(qrText({ testId: TEST_ID, studentId: null, pattern: 'jee', questions: 75, options: 4, numeric: 15 })).toBe(`OMR2|${TEST_ID}|-|jee|75|4|15`);
    expect(numericQuestions({ pattern: 'jee', questions: 75, options: 4, numeric: 15 })).toEqual(Array.from({ length: 15 }, (_, k) => 61 + k));
    expect(parseQr(`OMR3|${TEST_ID}|-|jee|4|20+5,20+5,20+`)).toBeUndefined();
    expect(parseQr(`OMR3|${TEST_ID}|-|neet|4|20+5`)).toBeUndefined();
  });

  it('refuses sections that do not fit or do not add up, in words', () => {
    expect(shapeProblem({ ...JEE_MAIN, questions: 80 })).toBe('The sections add up to 75 questions, not 80');
    expect(shapeProblem({ ...JEE_MAIN, pattern: 'neet', questions: 75 })).toBe('Only a JEE sheet is printed in sections');
    expect(shapeProblem({ pattern: 'jee', questions: 27, options: 4, numeric: 7, sections: [{ choice: 20, numeric: 7 }] })).toBe('Section 1: 7 numeric-answer questions leave no room for its multiple-choice ones: at most 6 in a section');
    expect(shapeProblem({ pattern: 'jee', questions: 150, options: 4, numeric: 15, sections: [{ choice: 45, numeric: 5 }, { choice: 45, numeric: 5 }, { choice: 45, numeric: 5 }] })).toBe('These 3 sections do not fit on one page: fewer questions, or fewer numeric-answer ones a section');
    expect(shapeProblem({ pattern: 'jee', questions: 5, options: 4, numeric: 5, sections: [{ choice: 0, numeric: 5 }, { choice: 0, numeric: 0 }] })).toBe('Section 2 needs at least one question');
  });

  it('finds a key’s sections from where its numbers are, and scores numbers within a section +4/−1', () => {
    const key = [...Array(20).fill('A'), '1', '2', '3', '4', '5', ...Array(20).fill('B'), '6', '7', '8', '9', '10', ...Array(20).fill('C'), '11', '12', '13', '14', '15'];
    expect(sectionsOfKey(key)).toEqual(JEE_MAIN.sections);
    expect(sectionsOfKey([...Array(60).fill('A'), ...Array(15).fill('7')])).toBeUndefined();
    const answers: (string | null)[] = [...key];
    answers[20] = '0001';
    answers[45] = '7';
    answers[70] = null;
    expect(scoreOf('jee', key, answers)).toBe(4 * 73 - 1);
  });

  it('heads each section with its subject in the sheet’s language', () => {
    expect(sectionHeadings(3, undefined, 'en')).toEqual(['Physics', 'Chemistry', 'Mathematics']);
    expect(sectionHeadings(3, undefined, 'mr')).toEqual(['भौतिकशास्त्र', 'रसायनशास्त्र', 'गणित']);
    expect(sectionHeadings(3, ['physics', 'Chemistry', 'Maths'], 'hi')).toEqual(['भौतिकी', 'रसायन विज्ञान', 'Maths']);
    expect(sectionHeadings(2, undefined, 'hi')).toEqual(['खंड 1', 'खंड 2']);
  });
});

describe('reading a JEE Main sheet in sections (photographed)', () => {
  it('reads each subject’s numeric answers where JEE Main numbers them, blank and pre-printed, upright, upside down and crumpled', async () => {
    for (const one of [
      { page: 'blank', seed: 981, handling: {} },
      { page: 'printed', seed: 982, handling: { upsideDown: true } },
      { page: 'blank', seed: 983, handling: { crumple: 8 } },
    ] as const) {
      const photo = await fillAndPhotograph(pages[one.page], JEE_MAIN, one.seed, { blankId: one.page === 'blank', ...one.handling });
      const reading = await readSheetImage(photo.jpeg);
      expect(reading.qr).toMatchObject({ testId: TEST_ID, sections: JEE_MAIN.sections, numeric: 15 });
      if (one.page === 'blank') expect(reading.idDigits).toBe(photo.truth.idDigits);
      else expect(reading.qr.studentId).toBe(STUDENT_ID);
      const result = tally(photo.truth, reading.answers, reading.uncertain);
      expect(result.wrongUnflagged, `seed ${one.seed}`).toEqual([]);
      expect(result.right / result.bubbles, `seed ${one.seed}`).toBeGreaterThanOrEqual(0.97);
      // Numbers only where the sections put them; letters everywhere else.
      reading.answers.forEach((answer, index) => {
        if (answer !== null) expect(/^\d+$/.test(answer), `question ${index + 1}`).toBe(numericQuestions(JEE_MAIN).includes(index + 1));
      });
      expect(reading.answers.slice(20, 25).some((answer) => answer !== null && /^\d+$/.test(answer))).toBe(true);
    }
  }, 120_000);
});
