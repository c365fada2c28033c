import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import { buildSubject } from '../../../test/factories';
import { multipart } from '../../../test/multipart';
import { expectSheetQueriesRefused, setUpOmrAcademies } from '../../../test/omr-setup';
import { fillAndPhotograph, renderPages, tally } from '../../../test/omr-photos';
import { onlineTestBatches, onlineTestQuestions, onlineTests, questions } from '../../db/schema';
import { scoreOf, type OmrShape } from '@academy/shared/omr/layout';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import { readSheetImage } from './omr-reader';

/*
 * Issue 76, decision 092: JEE numeric-answer questions on the sheet and in the key, the key from the
 * online test's paper or from a scanned key sheet, and the 9-column ID grid for student numbers past 9999.
 */

let t: TestApp;
let many: TestApp;
const cookies = { teacher: '', otherTeacher: '', admin: '', student: '' };
const ids = { batch: '', test: '', paperTest: '', keyTest: '', sectionsTest: '', paperSectionsTest: '', teacherUser: '', subject: '', students: [] as string[] };
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000d7';
const B_HOST = 'omr-jee-b.localhost';
let bAdmin = '';
const JEE: OmrShape = { pattern: 'jee', questions: 75, options: 4, numeric: 15 };
const JEE_KEY = [...Array.from({ length: 60 }, (_, i) => 'ABCD'[(i * 3) % 4]!), ...Array.from({ length: 15 }, (_, i) => String(i * 37))];
let blankPage: Buffer;

beforeAll(async () => {
  const setup = await setUpOmrAcademies({
    academyId: B_ACADEMY_ID,
    slug: 'omr-jee-b',
    batchName: '12th JEE',
    studentNames: ['Ira Kulkarni', 'Jay Deshmukh'],
    maxMarks: 300,
    tests: ['JEE mock 1', 'JEE online practice', 'JEE mock 2', 'JEE Main mock 3', 'JEE Main online mock'],
  });
  ({ t, many, bAdmin } = setup);
  Object.assign(cookies, setup.cookies);
  const db = setup.db;
  ids.batch = setup.batch.id;
  ids.students = setup.students.map((s) => s.id);
  ids.teacherUser = setup.teacher.user.id;
  ids.subject = (await buildSubject(db)).id;
  // The academy's 10,042nd admission of 2026: a code past 9999.
  await db.execute(sql`update students set student_code = 'LAT-2026-10042' where id = ${setup.students[1]!.id}`);
  [ids.test, ids.paperTest, ids.keyTest, ids.sectionsTest, ids.paperSectionsTest] = setup.tests as [string, string, string, string, string];
}, 60_000);
afterAll(async () => {
  await many?.close();
  await t?.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const upload = (cookie: string, url: string, content: Buffer) => {
  const body = multipart({ file: { filename: 'sheet.jpg', content, contentType: 'image/jpeg' } });
  return t.app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.payload });
};

describe('JEE numeric-answer questions', () => {
  it('prints JEE Main’s share of numeric grids by default (75 → 15), or the count asked; a bad count is a clear 400', async () => {
    await expectSheetQueriesRefused(t.app, cookies.teacher, ids.test, [
      ['pattern=neet&questions=180&numeric=5', 'Only a JEE sheet has numeric-answer questions'],
      ['pattern=jee&questions=75&numeric=17', 'numeric must be a whole number from 0 to 16'],
      ['pattern=jee&questions=75&numeric=two', 'numeric must be a whole number from 0 to 16'],
      ['pattern=jee&questions=200&numeric=16', 'numeric-answer questions do not fit on one page'],
    ]);
    const sheet = await call(cookies.teacher, 'GET', `/api/tests/${ids.test}/omr-sheet.pdf?pattern=jee&questions=75`);
    expect(sheet.statusCode).toBe(200);
    [blankPage] = (await renderPages(sheet.rawPayload)) as [Buffer];
    const read = await readSheetImage(blankPage);
    expect(read.qr).toMatchObject({ pattern: 'jee', questions: 75, numeric: 15, idColumns: 9 });
    // A JEE sheet of 200 questions still prints (no numeric ones: they would not fit).
    expect((await call(cookies.teacher, 'GET', `/api/tests/${ids.test}/omr-sheet.pdf?pattern=jee&questions=200`)).statusCode).toBe(200);
    expect((await call(cookies.student, 'GET', `/api/tests/${ids.test}/omr-sheet.pdf?pattern=jee&questions=75`)).statusCode).toBe(403);
  }, 60_000);

  it('takes numbers in the key for the last questions, as whole numbers; letters after numbers or numbers on a NEET key are refused', async () => {
    const put = (answers: string[], pattern = 'jee') => call(cookies.teacher, 'PUT', `/api/tests/${ids.test}/answer-key`, { answers, pattern });
    // A number among the letters makes sections (decision 098): here a second section of 15 numeric-answer questions, which no page takes.
    const middle = await put([...JEE_KEY.slice(0, 10), '7', ...JEE_KEY.slice(11)]);
    expect(middle.statusCode).toBe(400);
    expect(middle.json().message).toBe('Section 2: 15 numeric-answer questions leave no room for its multiple-choice ones: at most 6 in a section');
    expect((await put(['A', 'B', '12'], 'custom')).json().message).toBe('Question 3: only a JEE sheet has numeric-answer questions');
    expect((await put([...JEE_KEY.slice(0, 74), '12345'])).statusCode).toBe(400);
    expect((await put([...JEE_KEY.slice(0, 74), '-3'])).statusCode).toBe(400);
    const saved = await put([...JEE_KEY.slice(0, 74), '0042']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ pattern: 'jee', numeric: 15, marking: { correct: 4, wrong: -1 }, numericMarking: { correct: 4, wrong: -1 } });
    expect(saved.json().data.answers[74]).toBe('42');
    expect((await put(JEE_KEY)).statusCode).toBe(200);
    expect((await call(cookies.otherTeacher, 'PUT', `/api/tests/${ids.test}/answer-key`, { answers: JEE_KEY, pattern: 'jee' })).statusCode).toBe(404);
    expect((await call(cookies.student, 'PUT', `/api/tests/${ids.test}/answer-key`, { answers: JEE_KEY, pattern: 'jee' })).statusCode).toBe(403);
  });

  it('reads a photographed JEE sheet: numbers as strings in `answers`, unclear ones flagged; the ID past 9999; the score by JEE’s marks', async () => {
    const photo = await fillAndPhotograph(blankPage, JEE, 4_092, { blankId: true, idDigits: '202610042' });
    const response = await upload(cookies.teacher, `/api/tests/${ids.test}/omr-scans`, photo.jpeg);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { studentId: string; answers: (string | null)[]; uncertain: number[]; score: number };
    expect(data.studentId).toBe(ids.students[1]);
    expect(tally(photo.truth, data.answers, data.uncertain).wrongUnflagged).toEqual([]);
    expect(data.answers.slice(60).some((answer) => answer !== null && /^\d+$/.test(answer))).toBe(true);
    expect(data.score).toBe(scoreOf('jee', JEE_KEY, data.answers));
    // A numeric question settled with a number (leading zeros dropped); a letter there is refused.
    const url = `/api/tests/${ids.test}/omr-scans/${ids.students[1]}/answers/75`;
    expect((await call(cookies.teacher, 'PUT', url, { answer: 'B' })).json().message).toBe('The answer of a numeric-answer question must be a whole number from 0 to 9999, or blank');
    const settled = await call(cookies.teacher, 'PUT', url, { answer: `0${JEE_KEY[74]}` });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data.answers[74]).toBe(JEE_KEY[74]);
    expect((await call(cookies.teacher, 'PUT', `/api/tests/${ids.test}/omr-scans/${ids.students[1]}/answers/3`, { answer: '12' })).statusCode).toBe(400);
  }, 60_000);

  it('names the ID grid’s column that cannot be read, in English, Marathi and Hindi', async () => {
    const photo = await fillAndPhotograph(blankPage, JEE, 4_093, { blankId: true, idDigits: '2026-0042', specials: false });
    const response = await upload(cookies.teacher, `/api/tests/${ids.test}/omr-scans`, photo.jpeg);
    expect(response.statusCode).toBe(422);
    const message = response.json().message as string;
    expect(message).toBe('Column 5 of the student ID has no digit filled: fill one bubble in each column of the ID, or use the batch’s pre-printed sheets');
    expect(translateServerMessage(message, 'mr')).toContain('स्तंभ 5');
    expect(translateServerMessage(message, 'hi')).toContain('कॉलम 5');
    expect(translateServerMessage('Column 3 of the student ID has two marks or an unclear one: fill one bubble in each column of the ID, or use the batch’s pre-printed sheets', 'mr')).toContain('स्तंभ 3 मध्ये दोन खुणा');
  }, 60_000);
});

describe('the answer key from elsewhere', () => {
  it('takes the key from the linked online test’s paper (right options, numeric answers last)', async () => {
    const db = t.database.db;
    const question = async (type: 'single' | 'multiple' | 'numeric', text: string, correct: number[], answer?: number) => {
      const options = type === 'numeric' ? [] : ['A', 'B', 'C', 'D'].map((letter) => ({ id: randomUUID().slice(0, 8), text: `${text} ${letter}` }));
      const [row] = await db.insert(questions).values({
        subjectId: ids.subject, chapter: 'Kinematics', difficulty: 'medium', type, text, options, correct: correct.map((index) => options[index]!.id),
        answerValue: answer ?? null, answerTolerance: type === 'numeric' ? 0 : null, fingerprint: createHash('sha256').update(text).digest('hex'), createdBy: ids.teacherUser,
      }).returning({ id: questions.id });
      return row!.id;
    };
    const url = `/api/tests/${ids.paperTest}/answer-key/from-online-test`;
    const unlinked = await call(cookies.teacher, 'POST', url, {});
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json().message).toBe('This test is not an online test’s: type the key, or scan a key sheet');
    const [paper] = await db.insert(onlineTests).values({
      title: 'JEE online practice', opensAt: new Date(Date.now() - 7200_000), closesAt: new Date(Date.now() - 3600_000), durationMinutes: 60, correctHalfMarks: 8, wrongHalfMarks: -2, unansweredHalfMarks: 0, createdBy: ids.teacherUser,
    }).returning({ id: onlineTests.id });
    const questionIds = [await question('single', 'Q one', [2]), await question('single', 'Q two', [0]), await question('numeric', 'Q three', [], 42)];
    await db.insert(onlineTestBatches).values({ onlineTestId: paper!.id, batchId: ids.batch, examId: ids.paperTest });
    await db.insert(onlineTestQuestions).values(questionIds.map((questionId, position) => ({ onlineTestId: paper!.id, questionId, position })));
    expect((await call(cookies.otherTeacher, 'POST', url, {})).statusCode).toBe(404);
    expect((await call(cookies.student, 'POST', url, {})).statusCode).toBe(403);
    expect((await call(cookies.teacher, 'POST', url, { pattern: 'omr' })).statusCode).toBe(400);
    const taken = await call(cookies.teacher, 'POST', url, {});
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ pattern: 'jee', answers: ['C', 'A', '42'], numeric: 1 });
    // A question with two right options cannot go on an OMR sheet: refused by its number, the key unchanged.
    await db.insert(onlineTestQuestions).values({ onlineTestId: paper!.id, questionId: await question('multiple', 'Q four', [0, 1]), position: 3 });
    const multiple = await call(cookies.teacher, 'POST', url, {});
    expect(multiple.statusCode).toBe(400);
    expect(multiple.json().message).toBe('Question 4 of the paper has more than one right option: an OMR sheet takes one bubble a question');
    expect((await call(cookies.teacher, 'GET', `/api/tests/${ids.paperTest}/answer-key`)).json().data.answers).toEqual(['C', 'A', '42']);
    const fromB = await many.app.inject({ method: 'POST', url, headers: { host: B_HOST, cookie: bAdmin }, payload: {} });
    expect(fromB.statusCode).toBe(404);
  });

  it('reads a teacher’s filled sheet as the key: saved when all is clear, else the questions to settle first', async () => {
    const url = `/api/tests/${ids.keyTest}/omr-scans?as=key`;
    const sheet = await call(cookies.teacher, 'GET', `/api/tests/${ids.keyTest}/omr-sheet.pdf?pattern=jee&questions=75`);
    const [page] = (await renderPages(sheet.rawPayload)) as [Buffer];
    const unclear = await fillAndPhotograph(page, JEE, 5_001, { blankId: false });
    const first = await upload(cookies.teacher, url, unclear.jpeg);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.key).toBeNull();
    expect(first.json().data.uncertain.length).toBeGreaterThan(0);
    for (const question of unclear.truth.answers.flatMap((answer, index) => (answer === null ? [index + 1] : []))) expect(first.json().data.uncertain).toContain(question);
    expect((await call(cookies.teacher, 'GET', `/api/tests/${ids.keyTest}/answer-key`)).json().data).toBeNull();
    const clear = await fillAndPhotograph(page, JEE, 5_002, { blankId: false, specials: false, complete: true });
    const second = await upload(cookies.teacher, url, clear.jpeg);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().message).toBe('Answer key saved');
    expect(second.json().data.key).toMatchObject({ pattern: 'jee', numeric: 15, answers: clear.truth.answers });
    // Another test's sheet, a bad `as`, another teacher, a student, academy B.
    const other = await upload(cookies.teacher, `/api/tests/${ids.test}/omr-scans?as=key`, clear.jpeg);
    expect(other.statusCode).toBe(422);
    expect((await upload(cookies.teacher, `/api/tests/${ids.keyTest}/omr-scans?as=answers`, clear.jpeg)).statusCode).toBe(400);
    expect((await upload(cookies.otherTeacher, url, clear.jpeg)).statusCode).toBe(404);
    expect((await upload(cookies.student, url, clear.jpeg)).statusCode).toBe(403);
    const body = multipart({ file: { filename: 'sheet.jpg', content: clear.jpeg, contentType: 'image/jpeg' } });
    expect((await many.app.inject({ method: 'POST', url, headers: { host: B_HOST, cookie: bAdmin, ...body.headers }, payload: body.payload })).statusCode).toBe(404);
  }, 90_000);
});

describe('JEE Main’s real numbering: the sheet in sections (decision 098)', () => {
  const SECTIONS = 'sections=20%2B5,20%2B5,20%2B5';
  const MAIN: OmrShape = { pattern: 'jee', questions: 75, options: 4, numeric: 15, sections: [{ choice: 20, numeric: 5 }, { choice: 20, numeric: 5 }, { choice: 20, numeric: 5 }] };
  const NUMERIC_AT = [21, 22, 23, 24, 25, 46, 47, 48, 49, 50, 71, 72, 73, 74, 75];
  // Physics 1–20 letters, 21–25 numbers; Chemistry 26–45, 46–50; Mathematics 51–70, 71–75.
  const MAIN_KEY = Array.from({ length: 75 }, (_, i) => (NUMERIC_AT.includes(i + 1) ? String(i * 13) : 'ABCD'[(i * 3) % 4]!));
  let sectionsPage: Buffer;

  it('prints a JEE sheet in sections with the subjects as headings; bad sections, subjects or both counts are a clear 400; other teachers, students and academy B are refused', async () => {
    const url = (query: string) => `/api/tests/${ids.sectionsTest}/omr-sheet.pdf?pattern=jee&questions=75&${query}`;
    for (const [query, message] of [
      ['sections=20%2B5,20%2B', "sections must be each subject's multiple-choice and numeric-answer counts, such as 20+5,20+5,20+5 (1 to 6 sections)"],
      ['sections=twenty', "sections must be each subject's multiple-choice and numeric-answer counts"],
      [`${SECTIONS}&numeric=15`, 'Give either numeric (the last questions) or sections, not both'],
      ['sections=20%2B5,20%2B5,20%2B10', 'The sections add up to 80 questions, not 75'],
      ['sections=68%2B7', 'Section 1: 7 numeric-answer questions leave no room for its multiple-choice ones: at most 6 in a section'],
      [`${SECTIONS}&subjects=Physics,Chemistry`, 'There are 3 sections but 2 subjects'],
      ['subjects=Physics', 'subjects name the sections: give sections too'],
      [`${SECTIONS}&subjects=Physics,,Maths`, 'subjects must be the sections'],
    ] as const) {
      const response = await call(cookies.teacher, 'GET', url(query));
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(message);
    }
    const neet = await call(cookies.teacher, 'GET', `/api/tests/${ids.sectionsTest}/omr-sheet.pdf?pattern=neet&questions=180&sections=90%2B0,90%2B0`);
    expect(neet.statusCode).toBe(400);
    expect(neet.json().message).toBe('Only a JEE sheet is printed in sections');
    const sheet = await call(cookies.teacher, 'GET', url(`${SECTIONS}&subjects=Physics,Chemistry,Maths`));
    expect(sheet.statusCode, sheet.body).toBe(200);
    [sectionsPage] = (await renderPages(sheet.rawPayload)) as [Buffer];
    const read = await readSheetImage(sectionsPage);
    expect(read.qr).toMatchObject({ pattern: 'jee', questions: 75, numeric: 15, sections: MAIN.sections, idColumns: 9 });
    const batch = await call(cookies.teacher, 'GET', url(`${SECTIONS}&batch=${ids.batch}`));
    expect(batch.statusCode).toBe(200);
    expect((await call(cookies.student, 'GET', url(SECTIONS))).statusCode).toBe(403);
    expect((await call(cookies.otherTeacher, 'GET', url(SECTIONS))).statusCode).toBe(404);
    expect((await many.app.inject({ method: 'GET', url: url(SECTIONS), headers: { host: B_HOST, cookie: bAdmin } })).statusCode).toBe(404);
  }, 60_000);

  it('keys JEE Main’s numbering (numbers at 21–25, 46–50, 71–75), reads the photographed sheet into the marks at +4/−1, settles by the question’s kind, and counts each number in the analysis', async () => {
    const key = await call(cookies.teacher, 'PUT', `/api/tests/${ids.sectionsTest}/answer-key`, { answers: MAIN_KEY, pattern: 'jee' });
    expect(key.statusCode, key.body).toBe(200);
    expect(key.json().data).toMatchObject({ numeric: 15, numericQuestions: NUMERIC_AT, numericMarking: { correct: 4, wrong: -1 } });
    const photo = await fillAndPhotograph(sectionsPage, MAIN, 9_801, { blankId: true, idDigits: '202610042' });
    const response = await upload(cookies.teacher, `/api/tests/${ids.sectionsTest}/omr-scans`, photo.jpeg);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { studentId: string; answers: (string | null)[]; uncertain: number[]; score: number; marks: number };
    expect(data.studentId).toBe(ids.students[1]);
    expect(tally(photo.truth, data.answers, data.uncertain).wrongUnflagged).toEqual([]);
    data.answers.forEach((answer, index) => answer !== null && expect(/^\d+$/.test(answer), `question ${index + 1}`).toBe(NUMERIC_AT.includes(index + 1)));
    expect(data.score).toBe(scoreOf('jee', MAIN_KEY, data.answers));
    expect(data.marks).toBe(Math.max(0, data.score));
    // Settling: question 23 takes a number, question 26 (Chemistry's first) a letter.
    const settle = (question: number, answer: string) => call(cookies.teacher, 'PUT', `/api/tests/${ids.sectionsTest}/omr-scans/${ids.students[1]}/answers/${question}`, { answer });
    expect((await settle(23, 'B')).json().message).toBe('The answer of a numeric-answer question must be a whole number from 0 to 9999, or blank');
    expect((await settle(26, '12')).statusCode).toBe(400);
    const settled = await settle(23, `0${MAIN_KEY[22]}`);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data.answers[22]).toBe(MAIN_KEY[22]);
    expect(settled.json().data.score).toBe(scoreOf('jee', MAIN_KEY, settled.json().data.answers));
    // The analysis counts question 23's answers by the number marked.
    const list = (await call(cookies.teacher, 'GET', `/api/tests/${ids.sectionsTest}/omr-scans`)).json().data;
    expect(list.analysis[22]).toMatchObject({ question: 23, answer: MAIN_KEY[22] });
    expect(list.analysis[22].counts[MAIN_KEY[22]!]).toBe(1);
    // A sheet printed with the numeric-answer questions last does not fit this key: 422 saying so, nothing saved.
    const last = await call(cookies.teacher, 'GET', `/api/tests/${ids.sectionsTest}/omr-sheet.pdf?pattern=jee&questions=75&numeric=15`);
    const [lastPage] = (await renderPages(last.rawPayload)) as [Buffer];
    const other = await fillAndPhotograph(lastPage, JEE, 9_802, { blankId: true, idDigits: '202610042', specials: false });
    const refused = await upload(cookies.teacher, `/api/tests/${ids.sectionsTest}/omr-scans`, other.jpeg);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This sheet’s numeric-answer questions are not the answer key’s (61–75 on the sheet, 21–25, 46–50, 71–75 in the key): print the sheets with the key’s sections');
    expect(translateServerMessage(refused.json().message, 'mr')).toContain('उत्तरसूचीच्या विभागांप्रमाणे');
    expect((await call(cookies.teacher, 'GET', `/api/tests/${ids.sectionsTest}/omr-scans`)).json().data.scans[0].answers[22]).toBe(MAIN_KEY[22]);
  }, 90_000);

  it('takes a paper numbered like JEE Main from the online test (a numeric question between multiple-choice ones)', async () => {
    const db = t.database.db;
    const question = async (type: 'single' | 'numeric', text: string, correct: number, answer?: number) => {
      const options = type === 'numeric' ? [] : ['A', 'B', 'C', 'D'].map((letter) => ({ id: randomUUID().slice(0, 8), text: `${text} ${letter}` }));
      const [row] = await db.insert(questions).values({
        subjectId: ids.subject, chapter: 'Optics', difficulty: 'medium', type, text, options, correct: type === 'numeric' ? [] : [options[correct]!.id],
        answerValue: answer ?? null, answerTolerance: type === 'numeric' ? 0 : null, fingerprint: createHash('sha256').update(text).digest('hex'), createdBy: ids.teacherUser,
      }).returning({ id: questions.id });
      return row!.id;
    };
    const [paper] = await db.insert(onlineTests).values({
      title: 'JEE Main online mock', opensAt: new Date(Date.now() - 7200_000), closesAt: new Date(Date.now() - 3600_000), durationMinutes: 60, correctHalfMarks: 8, wrongHalfMarks: -2, unansweredHalfMarks: 0, createdBy: ids.teacherUser,
    }).returning({ id: onlineTests.id });
    const questionIds = [await question('single', 'S one', 1), await question('numeric', 'S two', 0, 7), await question('single', 'S three', 3), await question('numeric', 'S four', 0, 1250)];
    await db.insert(onlineTestBatches).values({ onlineTestId: paper!.id, batchId: ids.batch, examId: ids.paperSectionsTest });
    await db.insert(onlineTestQuestions).values(questionIds.map((questionId, position) => ({ onlineTestId: paper!.id, questionId, position })));
    const taken = await call(cookies.teacher, 'POST', `/api/tests/${ids.paperSectionsTest}/answer-key/from-online-test`, {});
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ pattern: 'jee', answers: ['B', '7', 'D', '1250'], numeric: 2, numericQuestions: [2, 4] });
  });
});
