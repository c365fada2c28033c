import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import { multipart } from '../../../test/multipart';
import { expectSheetQueriesRefused, setUpOmrAcademies } from '../../../test/omr-setup';
import { fillAndPhotograph, renderPages, tally } from '../../../test/omr-photos';
import { withAcademy } from '../../lib/tenancy';
import { scoreOf } from '@academy/shared/omr/layout';

let t: TestApp;
let many: TestApp;
const cookies = { teacher: '', otherTeacher: '', admin: '', student: '' };
const ids = { batch: '', test: '', otherTest: '', students: [] as string[], codes: [] as string[] };
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000c6';
const B_HOST = 'omr-b.localhost';
let bAdmin = '';
const NEET_KEY = Array.from({ length: 180 }, (_, i) => 'ABCD'[(i * 7) % 4]!);

beforeAll(async () => {
  const setup = await setUpOmrAcademies({ academyId: B_ACADEMY_ID, slug: 'omr-b', batchName: '12th NEET', studentNames: ['Aarav Patil', 'Bhakti Shinde', 'Chetan More'], maxMarks: 720, tests: ['NEET mock 1', 'NEET mock 2'] });
  ({ t, many, bAdmin } = setup);
  Object.assign(cookies, setup.cookies);
  const { rows } = await setup.db.execute<{ id: string; code: string }>(sql`select id, student_code as code from students where id = any(${sql.param(setup.students.map((s) => s.id))}::uuid[]) order by id`);
  ids.batch = setup.batch.id;
  ids.students = setup.students.map((s) => s.id);
  ids.codes = ids.students.map((id) => rows.find((row) => row.id === id)!.code);
  [ids.test, ids.otherTest] = setup.tests as [string, string];
}, 60_000);
afterAll(async () => {
  await many?.close();
  await t?.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const upload = (cookie: string, testId: string, content: Buffer, filename = 'sheet.jpg', contentType = 'image/jpeg') => {
  const body = multipart({ file: { filename, content, contentType } });
  return t.app.inject({ method: 'POST', url: `/api/tests/${testId}/omr-scans`, headers: { cookie, ...body.headers }, payload: body.payload });
};
const marksOf = async (testId: string) => (await call(cookies.teacher, 'GET', `/api/tests/${testId}/results`)).json().data.rows as { student: { _id: string }; marks: number | null; rank: number | null }[];

let batchPages: Buffer[] = [];
let blankPage: Buffer;

describe('OMR sheets of a test', () => {
  it('prints a blank sheet and the batch’s pre-printed sheets; a bad query is a clear 400', async () => {
    await expectSheetQueriesRefused(t.app, cookies.teacher, ids.test, [
      ['pattern=neet&questions=150', 'A NEET sheet has 180 or 200 questions'],
      ['pattern=omr&questions=10', 'pattern must be neet, jee, cet or custom'],
      ['pattern=custom&questions=abc', 'questions must be a whole number from 1 to 200'],
      ['pattern=custom&questions=20&options=6', 'options must be 4 or 5'],
    ]);
    const blank = await call(cookies.teacher, 'GET', `/api/tests/${ids.test}/omr-sheet.pdf?pattern=neet&questions=180&options=4`);
    expect(blank.statusCode).toBe(200);
    expect(blank.headers['content-type']).toBe('application/pdf');
    [blankPage] = (await renderPages(blank.rawPayload)) as [Buffer];
    const batch = await call(cookies.admin, 'GET', `/api/tests/${ids.test}/omr-sheet.pdf?pattern=neet&questions=180&batch=${ids.batch}`);
    expect(batch.statusCode).toBe(200);
    batchPages = await renderPages(batch.rawPayload);
    expect(batchPages).toHaveLength(3);
    expect((await call(cookies.teacher, 'GET', `/api/tests/${ids.test}/omr-sheet.pdf?pattern=neet&questions=180&batch=${ids.students[0]}`)).statusCode).toBe(400);
    expect((await call(cookies.otherTeacher, 'GET', `/api/tests/${ids.test}/omr-sheet.pdf?pattern=neet&questions=180`)).statusCode).toBe(404);
  }, 60_000);

  it('wants the answer key before a scan, and checks its letters against the options', async () => {
    const early = await upload(cookies.teacher, ids.test, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]));
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Type the answer key of this test before scanning sheets');
    const bad = await call(cookies.teacher, 'PUT', `/api/tests/${ids.test}/answer-key`, { answers: ['A', 'E', 'B'], options: 4 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Question 2: the answer must be one of A, B, C, D');
    expect((await call(cookies.teacher, 'PUT', `/api/tests/${ids.test}/answer-key`, { answers: ['A', 'B'], pattern: 'neet' })).json().message).toBe('A NEET sheet has 180 or 200 questions');
    expect((await call(cookies.teacher, 'PUT', `/api/tests/${ids.test}/answer-key`, { answers: ['A', 'Q'] })).statusCode).toBe(400);
    const saved = await call(cookies.teacher, 'PUT', `/api/tests/${ids.test}/answer-key`, { answers: NEET_KEY, pattern: 'neet' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ pattern: 'neet', options: 4, marking: { correct: 4, wrong: -1 } });
    expect((await call(cookies.otherTeacher, 'PUT', `/api/tests/${ids.test}/answer-key`, { answers: NEET_KEY, pattern: 'neet' })).statusCode).toBe(404);
  });

  let firstUncertain = 0;
  let firstTruth: (string | null)[] = [];

  it('reads photographed sheets into the marks: pre-printed (QR names the student) and blank (the ID grid)', async () => {
    for (const [index, page] of batchPages.entries()) {
      if (index === 2) continue;
      const photo = await fillAndPhotograph(page, { pattern: 'neet', questions: 180, options: 4 }, 500 + index, { blankId: false });
      const response = await upload(cookies.teacher, ids.test, photo.jpeg);
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(tally(photo.truth, data.answers, data.uncertain).wrongUnflagged).toEqual([]);
      expect(data.score).toBe(scoreOf('neet', NEET_KEY, data.answers));
      expect(data.marks).toBe(Math.max(0, data.score));
      if (index === 0) {
        firstUncertain = data.uncertain[0];
        firstTruth = photo.truth.answers;
      }
    }
    // The third student fills a blank sheet's ID grid (the student ID's year and number).
    const code = ids.codes[2]!;
    const [, year, number] = code.match(/-(\d{4})-(\d{4,5})$/)!;
    const photo = await fillAndPhotograph(blankPage, { pattern: 'neet', questions: 180, options: 4 }, 777, { blankId: true, idDigits: `${year}${number!.padStart(5, '0')}` });
    const response = await upload(cookies.teacher, ids.test, photo.jpeg);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.studentCode).toBe(code);
    // Each sheet's photo page of the batch: every student's marks are in the test's results, ranked.
    const rows = await marksOf(ids.test);
    const scans = (await call(cookies.teacher, 'GET', `/api/tests/${ids.test}/omr-scans`)).json().data;
    expect(scans.scans).toHaveLength(3);
    for (const scan of scans.scans) expect(rows.find((row) => row.student._id === scan.studentId)?.marks).toBe(scan.marks);
    expect(rows.every((row) => row.rank !== null)).toBe(true);
    expect(scans.analysis).toHaveLength(180);
    expect(Object.values(scans.analysis[0].counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(3);
    expect(firstUncertain).toBeGreaterThan(0);
  }, 120_000);

  it('replaces a sheet scanned twice, never doubles it; keeps the photo', async () => {
    const photo = await fillAndPhotograph(batchPages[0]!, { pattern: 'neet', questions: 180, options: 4 }, 500, { blankId: false });
    const again = await upload(cookies.teacher, ids.test, photo.jpeg);
    expect(again.statusCode).toBe(200);
    const { rows } = await t.database.db.execute<{ count: number }>(sql`select count(*)::int as count from omr_scans where exam_id = ${ids.test} and student_id = ${ids.students[0]}`);
    expect(rows[0]!.count).toBe(1);
    const picture = await call(cookies.teacher, 'GET', `/api/tests/${ids.test}/omr-scans/${ids.students[0]}/photo`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
  }, 60_000);

  it('lets the teacher settle an uncertain question; the score and the marks follow', async () => {
    const student = ids.students[0]!;
    const before = (await call(cookies.teacher, 'GET', `/api/tests/${ids.test}/omr-scans`)).json().data.scans.find((scan: { studentId: string }) => scan.studentId === student);
    expect(before.uncertain).toContain(firstUncertain);
    const settled = await call(cookies.teacher, 'PUT', `/api/tests/${ids.test}/omr-scans/${student}/answers/${firstUncertain}`, { answer: NEET_KEY[firstUncertain - 1] });
    expect(settled.statusCode).toBe(200);
    expect(settled.json().data.uncertain).not.toContain(firstUncertain);
    expect(settled.json().data.score).toBe(before.score + 4);
    expect((await marksOf(ids.test)).find((row) => row.student._id === student)?.marks).toBe(Math.max(0, before.score + 4));
    expect((await call(cookies.teacher, 'PUT', `/api/tests/${ids.test}/omr-scans/${student}/answers/1`, { answer: 'Z' })).statusCode).toBe(400);
    expect((await call(cookies.otherTeacher, 'PUT', `/api/tests/${ids.test}/omr-scans/${student}/answers/1`, { answer: 'A' })).statusCode).toBe(404);
    expect(firstTruth.length).toBe(180);
  });

  it('says why a sheet cannot be used (422): another test’s sheet, no corners; not a picture is 400', async () => {
    await call(cookies.teacher, 'PUT', `/api/tests/${ids.otherTest}/answer-key`, { answers: NEET_KEY, pattern: 'neet' });
    const photo = await fillAndPhotograph(batchPages[1]!, { pattern: 'neet', questions: 180, options: 4 }, 900, { blankId: false, specials: false });
    const other = await upload(cookies.teacher, ids.otherTest, photo.jpeg);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This sheet is of another test: scan it on that test’s page');
    const sharp = (await import('sharp')).default;
    const desk = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 140, g: 100, b: 60 } } }).png().toBuffer();
    const none = await upload(cookies.teacher, ids.test, desk, 'desk.png', 'image/png');
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toMatch(/four black corner squares were not found/);
    const text = await upload(cookies.teacher, ids.test, Buffer.from('hello'), 'notes.txt', 'text/plain');
    expect(text.statusCode).toBe(400);
    expect((await upload(cookies.otherTeacher, ids.test, desk, 'desk.png', 'image/png')).statusCode).toBe(404);
    expect((await upload(cookies.student, ids.test, desk, 'desk.png', 'image/png')).statusCode).toBe(403);
  }, 60_000);

  it('reads a scanner’s PDF page by page (pdftoppm): the batch’s sheets unfilled score 0 each', async () => {
    const pdf = await call(cookies.teacher, 'GET', `/api/tests/${ids.otherTest}/omr-sheet.pdf?pattern=neet&questions=180&batch=${ids.batch}`);
    const response = await upload(cookies.teacher, ids.otherTest, pdf.rawPayload, 'scan.pdf', 'application/pdf');
    expect(response.statusCode, response.body).toBe(200);
    const pages = response.json().data.pages as { page: number; scan: { studentId: string; answers: (string | null)[]; uncertain: number[]; score: number } | null; error: string | null }[];
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page.error).toBeNull();
      expect(page.scan!.answers.every((answer) => answer === null)).toBe(true);
      expect(page.scan!.uncertain).toEqual([]);
      expect(page.scan!.score).toBe(0);
    }
    expect(new Set(pages.map((page) => page.scan!.studentId))).toEqual(new Set(ids.students));
  }, 60_000);

  it('stays academy A’s: academy B’s admin finds neither the scans, nor the key, nor the sheets; the audit log has the entries', async () => {
    for (const url of [`/api/tests/${ids.test}/omr-scans`, `/api/tests/${ids.test}/answer-key`, `/api/tests/${ids.test}/omr-sheet.pdf?pattern=neet&questions=180`, `/api/tests/${ids.test}/omr-scans/${ids.students[0]}/photo`]) {
      const response = await many.app.inject({ method: 'GET', url, headers: { host: B_HOST, cookie: bAdmin } });
      expect(response.statusCode, url).toBe(404);
    }
    const rows = await withAcademy(B_ACADEMY_ID, () => t.database.db.execute<{ count: number }>(sql`select (select count(*) from omr_scans)::int + (select count(*) from omr_answer_keys)::int as count`));
    expect(rows.rows[0]!.count).toBe(0);
    const { rows: audit } = await t.database.db.execute<{ action: string }>(sql`select action from audit_log where entity_id = ${ids.test} order by at`);
    const actions = audit.map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['test.answer_key', 'test.omr_scan', 'test.omr_settle', 'test.marks']));
  });

  it('puts the scanned marks on the report card once the test is published, with the rank', async () => {
    expect((await call(cookies.teacher, 'POST', `/api/tests/${ids.test}/publish`)).statusCode).toBe(200);
    const rows = await marksOf(ids.test);
    const scan = (await call(cookies.teacher, 'GET', `/api/tests/${ids.test}/omr-scans`)).json().data.scans[0] as { studentId: string; marks: number };
    const tests = (await call(cookies.admin, 'GET', `/api/students/${scan.studentId}/tests`)).json().data.tests as { test: { _id: string }; marks: number | null; rank: number | null }[];
    const mock = tests.find((one) => one.test._id === ids.test);
    expect(mock?.marks).toBe(scan.marks);
    expect(mock?.rank).toBe(rows.find((row) => row.student._id === scan.studentId)?.rank);
    const card = await call(cookies.admin, 'GET', `/api/students/${scan.studentId}/report-card.pdf?from=2026-11-01&to=2026-11-30`);
    expect(card.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: card.rawPayload }).toString();
    expect(text).toContain('NEET mock 1');
    expect(text).toMatch(new RegExp(`NEET mock 1.*\\b${scan.marks}\\b`));
  });
});
