import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONLINE_TEST_MESSAGES } from '@academy/shared/schemas/online-tests';
import { QUESTION_BANK_MESSAGES } from '@academy/shared/schemas/question-bank';
import { auditLog, onlineTestQuestions, onlineTests, questions, users } from '../../db/schema';
import { buildSimplePdf } from '../../lib/simple-pdf';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildParent, buildStudent, buildSubject, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { multipart } from '../../../test/multipart';
import { parseCorrectLetters, parseNumber } from './question-sheet';

/**
 * The question bank (issue 40): a teacher writes questions of their subjects (Markdown with $…$ math,
 * four options or a number), sees only their subjects' questions, edits without breaking option ids,
 * gets the same question twice flagged, deletes (or hides one a test uses), imports a sheet all or
 * nothing after a dry run, and puts pictures in.
 */
let t: TestApp;
const cookies = { physics: '', chemistry: '', both: '', admin: '', student: '', parent: '', marathiTeacher: '' };
const subject = { physics: '', chemistry: '', physicsName: '', physicsCode: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const physics = await buildSubject(db, { name: 'Physics QB', code: 'PHYQB' });
  const chemistry = await buildSubject(db, { name: 'Chemistry QB', code: 'CHEQB' });
  Object.assign(subject, { physics: physics.id, chemistry: chemistry.id, physicsName: physics.name, physicsCode: physics.code });
  const physicsTeacher = await buildTeacher(db, { subjectIds: [physics.id] });
  const chemistryTeacher = await buildTeacher(db, { subjectIds: [chemistry.id] });
  const bothTeacher = await buildTeacher(db, { subjectIds: [physics.id, chemistry.id] });
  const marathiTeacher = await buildTeacher(db, { subjectIds: [physics.id] });
  await db.update(users).set({ language: 'mr' }).where(eq(users.id, marathiTeacher.user.id));
  const student = await buildStudent(db);
  cookies.physics = await loginAs(t.app, physicsTeacher.user.email);
  cookies.chemistry = await loginAs(t.app, chemistryTeacher.user.email);
  cookies.both = await loginAs(t.app, bothTeacher.user.email);
  cookies.marathiTeacher = await loginAs(t.app, marathiTeacher.user.email);
  cookies.admin = await loginAs(t.app, (await buildUser(db, { role: 'admin' })).email);
  cookies.student = await loginAs(t.app, student.user.email);
  cookies.parent = await loginAs(t.app, (await buildParent(db, { studentIds: [student.id] })).user.email);
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

let counter = 0;
/** A single-answer question of Physics with a formula; the words are unique to the call. */
function single(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    subject: subject.physics,
    chapter: 'Kinematics',
    topic: 'Projectiles',
    difficulty: 'medium',
    type: 'single',
    text: `Question ${counter}: a body moves as $x = t^2$. What is its speed at $t = 2$ s?`,
    options: [{ text: '$2$ m/s' }, { text: '$4$ m/s' }, { text: '$8$ m/s' }, { text: '$1$ m/s' }],
    correct: [1],
    solution: 'Differentiate: $v = 2t = 4$.',
    language: 'en',
    ...overrides,
  };
}

async function create(cookie: string, body: object) {
  const response = await send('POST', '/api/questions', cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; options: { _id: string; text: string }[]; correct: number[]; duplicateOf: string | null; text: string };
}

describe('writing questions', () => {
  it('saves a single-answer question with a formula and a numeric one, and reads them back', async () => {
    const created = await send('POST', '/api/questions', cookies.physics, single());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(ONLINE_TEST_MESSAGES.questionCreated);
    const question = created.json().data;
    expect(question).toMatchObject({
      subject: { _id: subject.physics, name: subject.physicsName },
      chapter: 'Kinematics',
      topic: 'Projectiles',
      type: 'single',
      difficulty: 'medium',
      correct: [1],
      answer: null,
      solution: 'Differentiate: $v = 2t = 4$.',
      language: 'en',
      duplicateOf: null,
      createdBy: { name: expect.any(String) },
    });
    expect(question.options).toHaveLength(4);
    expect(new Set(question.options.map((option: { _id: string }) => option._id)).size).toBe(4);
    expect(question.options[0]._id).toMatch(/^[0-9a-f]{8}$/);

    const numeric = await create(cookies.physics, { subject: subject.physics, chapter: 'Kinematics', difficulty: 'easy', type: 'numeric', text: 'Take $g = 9.8$. Fall time from $19.6$ m?', answer: { value: 2, tolerance: 0.05 }, language: 'mr' });
    expect(numeric).toMatchObject({ type: 'numeric', options: [], correct: [], answer: { value: 2, tolerance: 0.05 }, language: 'mr' });

    const read = await send('GET', `/api/questions/${question._id}`, cookies.physics);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(question);
    // Stored: the right option by its id, the fingerprint, the author.
    const [row] = await t.database.db.select().from(questions).where(eq(questions.id, question._id));
    expect(row!.correct).toEqual([question.options[1]._id]);
    expect(row!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'question'), eq(auditLog.entityId, question._id)));
    expect(audit).toMatchObject({ action: 'create', summary: `Added a question to the bank (${subject.physicsName}, Kinematics)` });
  });

  it('refuses bad questions with 400 and the field named', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'essay' }, 'type', 'Type must be single, multiple or numeric'],
      [{ options: [{ text: 'a' }, { text: 'b' }, { text: 'c' }] }, 'options', ONLINE_TEST_MESSAGES.fourOptions],
      [{ correct: [] }, 'correct', ONLINE_TEST_MESSAGES.correctRequired],
      [{ correct: [0, 2] }, 'correct', ONLINE_TEST_MESSAGES.oneCorrect],
      [{ correct: [4] }, 'correct.0', ONLINE_TEST_MESSAGES.correctIndex],
      [{ type: 'numeric', options: undefined, correct: undefined }, 'answer', ONLINE_TEST_MESSAGES.answerRequired],
      [{ type: 'numeric', answer: { value: 1 } }, 'options', ONLINE_TEST_MESSAGES.noOptionsForNumeric],
      [{ language: 'fr' }, 'language', 'Language must be en, mr or hi'],
      [{ difficulty: 'tough' }, 'difficulty', 'Difficulty must be easy, medium or hard'],
      [{ text: '   ' }, 'text', 'Question is required'],
      [{ chapter: '' }, 'chapter', expect.any(String) as unknown as string],
    ];
    for (const [change, field, message] of cases) {
      const response = await send('POST', '/api/questions', cookies.physics, single(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(change)).toEqual(message);
    }
    // An unknown subject: 400 on the subject.
    const unknown = await send('POST', '/api/questions', cookies.admin, single({ subject: '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ subject: 'Choose a subject from the list' });
  });

  it('a multiple-answer question keeps every right option', async () => {
    const question = await create(cookies.physics, single({ type: 'multiple', correct: [2, 0, 2] }));
    expect(question.correct).toEqual([0, 2]);
  });
});

describe('who sees and writes which questions', () => {
  it('a teacher of another subject gets 404 for the question and 403 writing for a subject not theirs; students and parents 403', async () => {
    const question = await create(cookies.physics, single());
    expect((await send('GET', `/api/questions/${question._id}`, cookies.chemistry)).statusCode).toBe(404);
    expect((await send('PUT', `/api/questions/${question._id}`, cookies.chemistry, single({ subject: subject.chemistry }))).statusCode).toBe(404);
    expect((await send('DELETE', `/api/questions/${question._id}`, cookies.chemistry)).statusCode).toBe(404);
    expect((await send('GET', `/api/questions/${question._id}`, cookies.both)).statusCode).toBe(200);
    expect((await send('GET', `/api/questions/${question._id}`, cookies.admin)).statusCode).toBe(200);

    const notTheirs = await send('POST', '/api/questions', cookies.physics, single({ subject: subject.chemistry }));
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ message: ONLINE_TEST_MESSAGES.notYourSubject, errors: { subject: ONLINE_TEST_MESSAGES.notYourSubject } });
    // Moving their own question to a subject they do not teach: 403 too, nothing changed.
    const moved = await send('PUT', `/api/questions/${question._id}`, cookies.physics, single({ subject: subject.chemistry, text: question.text }));
    expect(moved.statusCode).toBe(403);

    const list = await send('GET', '/api/questions?limit=100', cookies.chemistry);
    expect(list.json().data.questions.map((q: { _id: string }) => q._id)).not.toContain(question._id);

    for (const cookie of [cookies.student, cookies.parent]) {
      expect((await send('GET', '/api/questions', cookie)).statusCode).toBe(403);
      expect((await send('GET', `/api/questions/${question._id}`, cookie)).statusCode).toBe(403);
      expect((await send('POST', '/api/questions', cookie, single())).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/questions' })).statusCode).toBe(401);
  });

  it('lists the subjects each may write for', async () => {
    const ofTeacher = await send('GET', '/api/questions/subjects', cookies.physics);
    expect(ofTeacher.json().data.subjects).toEqual([{ _id: subject.physics, name: subject.physicsName, code: subject.physicsCode }]);
    const ofAdmin = await send('GET', '/api/questions/subjects', cookies.admin);
    expect(ofAdmin.json().data.subjects.map((s: { _id: string }) => s._id)).toEqual(expect.arrayContaining([subject.physics, subject.chemistry]));
  });
});

describe('the bank as a list', () => {
  it('filters by subject, chapter, difficulty, type and words, newest first, with the chapters and their counts', async () => {
    const tag = `zeta${Date.now() % 100000}`;
    const a = await create(cookies.both, single({ chapter: `Optics ${tag}`, difficulty: 'easy', text: `Lens ${tag} focal length of $f$?` }));
    const b = await create(cookies.both, single({ chapter: `Optics ${tag}`, difficulty: 'hard', text: `Mirror ${tag} image of an object?` }));
    const c = await create(cookies.both, single({ subject: subject.chemistry, chapter: `Moles ${tag}`, type: 'numeric', options: undefined, correct: undefined, answer: { value: 6.02, tolerance: 0.01 }, text: `Avogadro ${tag} number, in units of $10^{23}$?` }));
    const ids = async (query: string, cookie = cookies.both) => {
      const response = await send('GET', `/api/questions?${query}`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.questions.map((q: { _id: string }) => q._id);
    };
    expect(await ids(`search=${tag}`)).toEqual([c._id, b._id, a._id]);
    expect(await ids(`search=${tag}&subject=${subject.physics}`)).toEqual([b._id, a._id]);
    expect(await ids(`search=${tag}&difficulty=hard`)).toEqual([b._id]);
    expect(await ids(`search=${tag}&type=numeric`)).toEqual([c._id]);
    expect(await ids(`chapter=${encodeURIComponent(`Optics ${tag}`)}`)).toEqual([b._id, a._id]);
    // Every word must be in the text, in any case; % and _ are plain characters.
    expect(await ids(`search=${encodeURIComponent(`LENS ${tag}`)}`)).toEqual([a._id]);
    expect(await ids(`search=${encodeURIComponent(`lens mirror ${tag}`)}`)).toEqual([]);
    expect(await ids(`search=${encodeURIComponent('%_')}`)).toEqual([]);
    // The chemistry teacher sees only the chemistry one.
    expect(await ids(`search=${tag}`, cookies.chemistry)).toEqual([c._id]);
    // Paged, with the total.
    const page = await send('GET', `/api/questions?search=${tag}&limit=2&page=2`, cookies.both);
    expect(page.json().data.questions.map((q: { _id: string }) => q._id)).toEqual([a._id]);
    expect(page.json().data.pagination).toEqual({ page: 2, limit: 2, total: 3 });
    // The chapters of the subject filtered, with their counts.
    const chapters = (await send('GET', `/api/questions?subject=${subject.physics}`, cookies.both)).json().data.chapters;
    expect(chapters).toContainEqual({ subject: subject.physics, chapter: `Optics ${tag}`, count: 2 });
    expect(chapters.every((entry: { subject: string }) => entry.subject === subject.physics)).toBe(true);
    // Bad filters: 400.
    expect((await send('GET', '/api/questions?difficulty=tough', cookies.both)).statusCode).toBe(400);
    expect((await send('GET', '/api/questions?subject=nope', cookies.both)).statusCode).toBe(400);
  });

  it('flags the same question typed again (spaces and case aside), never refusing it', async () => {
    const first = await create(cookies.physics, single({ text: 'What is the SI unit of force?', options: [{ text: 'Newton' }, { text: 'Joule' }, { text: 'Watt' }, { text: 'Pascal' }], correct: [0] }));
    const again = await create(cookies.physics, single({ text: '  what is the SI  unit of\nforce? ', options: [{ text: 'newton' }, { text: 'Joule' }, { text: 'Watt' }, { text: 'Pascal' }], correct: [0], difficulty: 'easy' }));
    expect(first.duplicateOf).toBeNull();
    expect(again.duplicateOf).toBe(first._id);
    // Another subject's same text is another question.
    const chemistry = await create(cookies.both, single({ subject: subject.chemistry, text: 'What is the SI unit of force?', options: [{ text: 'Newton' }, { text: 'Joule' }, { text: 'Watt' }, { text: 'Pascal' }], correct: [0] }));
    expect(chemistry.duplicateOf).toBeNull();
    // Other options: not the same question.
    const other = await create(cookies.physics, single({ text: 'What is the SI unit of force?', options: [{ text: 'Newton' }, { text: 'Joule' }, { text: 'Watt' }, { text: 'Dyne' }], correct: [0] }));
    expect(other.duplicateOf).toBeNull();
  });
});

describe('editing and deleting', () => {
  it('keeps the option ids by position when an option is corrected, and audits the change', async () => {
    const question = await create(cookies.physics, single());
    const ids = question.options.map((option) => option._id);
    const changed = await send('PUT', `/api/questions/${question._id}`, cookies.physics, single({ text: question.text, options: [{ text: '$2$ m/s' }, { text: '$4.0$ m/s' }, { text: '$8$ m/s' }, { text: '$16$ m/s' }], correct: [1], difficulty: 'hard' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(ONLINE_TEST_MESSAGES.questionUpdated);
    const data = changed.json().data;
    expect(data.options.map((option: { _id: string }) => option._id)).toEqual(ids);
    expect(data.options[1].text).toBe('$4.0$ m/s');
    expect(data).toMatchObject({ difficulty: 'hard', correct: [1] });
    const [row] = await t.database.db.select({ correct: questions.correct }).from(questions).where(eq(questions.id, question._id));
    expect(row!.correct).toEqual([ids[1]]);
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, question._id), eq(auditLog.action, 'update')));
    expect(entries).toHaveLength(1);
    expect(Object.keys(entries[0]!.changes ?? {}).sort()).toEqual(['difficulty', 'options']);

    // Turned numeric: no options; back to single: new ids.
    const numeric = await send('PUT', `/api/questions/${question._id}`, cookies.physics, { ...single({ text: question.text }), type: 'numeric', options: undefined, correct: undefined, answer: { value: 4 } });
    expect(numeric.json().data).toMatchObject({ type: 'numeric', options: [], correct: [], answer: { value: 4, tolerance: 0 } });
    expect((await send('PUT', `/api/questions/${question._id}`, cookies.admin, single({ text: question.text }))).statusCode).toBe(200);
    expect((await send('PUT', '/api/questions/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c', cookies.admin, single())).statusCode).toBe(404);
  });

  it('deletes an unused question, and only hides one a test uses', async () => {
    const db = t.database.db;
    const unused = await create(cookies.physics, single());
    const used = await create(cookies.physics, single());
    const [test] = await db
      .insert(onlineTests)
      .values({ title: 'Mock CET', opensAt: new Date(Date.now() + 86_400_000), closesAt: new Date(Date.now() + 2 * 86_400_000), durationMinutes: 60, correctHalfMarks: 2, wrongHalfMarks: 0, unansweredHalfMarks: 0 })
      .returning();
    await db.insert(onlineTestQuestions).values({ onlineTestId: test!.id, questionId: used._id, position: 1 });

    const deleted = await send('DELETE', `/api/questions/${unused._id}`, cookies.physics);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(ONLINE_TEST_MESSAGES.questionDeleted);
    expect(await db.select().from(questions).where(eq(questions.id, unused._id))).toEqual([]);

    expect((await send('DELETE', `/api/questions/${used._id}`, cookies.physics)).statusCode).toBe(200);
    const [hidden] = await db.select().from(questions).where(eq(questions.id, used._id));
    expect(hidden!.deletedAt).toBeInstanceOf(Date);
    expect((await send('GET', `/api/questions/${used._id}`, cookies.physics)).statusCode).toBe(404);
    expect((await send('GET', '/api/questions?limit=100', cookies.physics)).json().data.questions.map((q: { _id: string }) => q._id)).not.toContain(used._id);
    expect((await send('DELETE', `/api/questions/${used._id}`, cookies.physics)).statusCode).toBe(404);
    const summaries = (await db.select({ summary: auditLog.summary, id: auditLog.entityId }).from(auditLog).where(eq(auditLog.action, 'delete'))).filter((entry) => entry.id === used._id || entry.id === unused._id);
    expect(summaries.map((entry) => entry.summary).sort()).toEqual([
      `Deleted a question from the bank (${subject.physicsName}, Kinematics)`,
      `Removed a question from the bank (${subject.physicsName}, Kinematics); the tests that use it keep it`,
    ]);
    // A hidden question is not a duplicate of anything any more.
    const same = await create(cookies.physics, single({ text: used.text }));
    expect(same.duplicateOf).toBeNull();
  });
});

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = ['Subject', 'Chapter', 'Topic', 'Difficulty', 'Type', 'Question', 'Option A', 'Option B', 'Option C', 'Option D', 'Correct', 'Answer', 'Tolerance', 'Solution', 'Language'];

async function workbook(header: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Questions');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const importSheet = (file: Buffer, options: { dryRun?: boolean; cookie?: string } = {}) => {
  const body = multipart({ file: { filename: 'questions.xlsx', content: file, contentType: XLSX_TYPE } });
  return t.app.inject({ method: 'POST', url: `/api/questions/import${options.dryRun ? '?dryRun=true' : ''}`, payload: body.payload, headers: { ...body.headers, cookie: options.cookie ?? cookies.physics } });
};

describe('importing a sheet', () => {
  it('reads the letters of the right options and numbers as typed', () => {
    expect(parseCorrectLetters('B')).toEqual([1]);
    expect(parseCorrectLetters('a, c')).toEqual([0, 2]);
    expect(parseCorrectLetters('AC')).toEqual([0, 2]);
    expect(parseCorrectLetters('A;D')).toEqual([0, 3]);
    expect(parseCorrectLetters('E')).toBeNull();
    expect(parseCorrectLetters('1')).toBeNull();
    expect(parseNumber('9.8')).toBe(9.8);
    expect(parseNumber('-2')).toBe(-2);
    expect(parseNumber('1,000')).toBe(1000);
    expect(parseNumber('6.02e23')).toBe(6.02e23);
    expect(parseNumber('two')).toBeNull();
  });

  it('gives a template with the headers and the teacher’s subjects', async () => {
    const response = await send('GET', '/api/questions/template.xlsx', cookies.physics);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(response.rawPayload).buffer);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(book.worksheets[1]!.getCell(3, 1).value).toBe(subject.physicsName);
    expect(book.worksheets[1]!.getCell(4, 1).value).toBeNull();
    // In Marathi on asking; students never.
    const marathi = await send('GET', '/api/questions/template.xlsx?lang=mr', cookies.physics);
    const marathiBook = new ExcelJS.Workbook();
    await marathiBook.xlsx.load(new Uint8Array(marathi.rawPayload).buffer);
    expect(marathiBook.worksheets[0]!.getRow(1).getCell(1).value).not.toBe('Subject');
    expect((await send('GET', '/api/questions/template.xlsx', cookies.student)).statusCode).toBe(403);
  });

  it('names each wrong cell by row and column in a dry run, imports nothing while one is wrong, then all; again adds nothing', async () => {
    const tag = `imp${Date.now() % 100000}`;
    const rows: (string | number | null)[][] = [
      [subject.physicsName, `Waves ${tag}`, '', 'easy', 'single', `Speed of sound ${tag} in air is about $v$ =`, '$330$ m/s', '$30$ m/s', '$3000$ m/s', '$3$ m/s', 'A', '', '', 'About $330$ m/s.', 'en'],
      [subject.physicsCode.toLowerCase(), `Waves ${tag}`, 'Sound', 'Medium', 'Multiple', `Which are waves ${tag}?`, 'Sound', 'Light', 'A stone', 'Water ripples', 'A, B, D', '', '', '', 'English'],
      [subject.physicsName, `Waves ${tag}`, '', 'hard', 'numeric', `Frequency ${tag} in Hz of $\\lambda = 2$ m at $v = 330$?`, '', '', '', '', '', 165, 0.5, '', 'mr'],
      // The same question as row 2 again (case and spaces aside).
      [subject.physicsName, `Waves ${tag}`, '', 'easy', 'single', `speed of sound ${tag}  in air is about $v$ =`, '$330$ m/s', '$30$ m/s', '$3000$ m/s', '$3$ m/s', 'A', '', '', '', 'en'],
    ];
    const bad = rows.map((row) => [...row]);
    bad[0]![10] = 'E'; // row 2: Correct
    bad[1]![0] = 'Astronomy'; // row 3: Subject
    bad[2]![11] = 'fast'; // row 4: Answer
    bad.push([subject.chemistry ? 'Chemistry QB' : '', 'Moles', '', 'easy', 'single', `Not theirs ${tag}`, 'a', 'b', 'c', 'd', 'A', '', '', '', 'en']); // row 6: not their subject
    bad.push([subject.physicsName, 'Waves', '', 'easy', 'single', `Three options ${tag}`, 'a', 'b', 'c', '', 'A', '', '', '', 'fr']); // row 7: Option D, Language

    const dry = await importSheet(await workbook(HEADER, bad), { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({
      rows: 6,
      valid: 1,
      errors: [
        { row: 2, column: 'Correct', message: QUESTION_BANK_MESSAGES.correctLetters },
        { row: 3, column: 'Subject', message: 'There is no subject "Astronomy": write its name or code as in Subjects' },
        { row: 4, column: 'Answer', message: QUESTION_BANK_MESSAGES.notANumber },
        { row: 6, column: 'Subject', message: ONLINE_TEST_MESSAGES.notYourSubject },
        { row: 7, column: 'Option D', message: 'Option is required' },
        { row: 7, column: 'Language', message: QUESTION_BANK_MESSAGES.language },
      ],
    });
    // In the teacher's language: the header as their template says it, the message in Marathi.
    const dryMarathi = await importSheet(await workbook(HEADER, bad), { dryRun: true, cookie: cookies.marathiTeacher });
    expect(dryMarathi.json().data.errors[0]).toEqual({ row: 2, column: 'बरोबर पर्याय', message: expect.not.stringContaining('letters') });

    const refused = await importSheet(await workbook(HEADER, bad));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Nothing was imported: the sheet has 5 rows to correct. Check it again to see them.');
    const count = async () => (await send('GET', `/api/questions?search=${tag}`, cookies.physics)).json().data.pagination.total;
    expect(await count()).toBe(0);

    const goodDry = await importSheet(await workbook(HEADER, rows), { dryRun: true });
    expect(goodDry.json().data).toEqual({ rows: 4, valid: 4, errors: [], create: 3, duplicates: [{ row: 5, questionId: null, sameAsRow: 2 }] });
    expect(await count()).toBe(0);

    const done = await importSheet(await workbook(HEADER, rows));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: QUESTION_BANK_MESSAGES.imported, data: { created: 3, duplicates: [{ row: 5, questionId: null, sameAsRow: 2 }] } });
    const imported = (await send('GET', `/api/questions?search=${tag}&limit=10`, cookies.physics)).json().data.questions;
    expect(imported).toHaveLength(3);
    const multiple = imported.find((q: { type: string }) => q.type === 'multiple');
    expect(multiple).toMatchObject({ subject: { _id: subject.physics }, difficulty: 'medium', topic: 'Sound', correct: [0, 1, 3], language: 'en' });
    expect(imported.find((q: { type: string }) => q.type === 'numeric')).toMatchObject({ answer: { value: 165, tolerance: 0.5 }, options: [], language: 'mr' });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'question'), eq(auditLog.action, 'import')));
    expect(audit!.summary).toBe('Imported 3 questions from questions.xlsx');

    // The same sheet again: nothing new, each row named with the question it repeats.
    const again = await importSheet(await workbook(HEADER, rows));
    expect(again.json().data.created).toBe(0);
    expect(again.json().data.duplicates).toHaveLength(4);
    expect(again.json().data.duplicates[0]).toEqual({ row: 2, questionId: imported.find((q: { type: string }) => q.type === 'single')._id, sameAsRow: null });
    expect(await count()).toBe(3);
  });

  it('refuses what is not a question sheet', async () => {
    const noHeader = await importSheet(await workbook(['Name', 'Marks'], [['Asha', 5]]), { dryRun: true });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toBe(QUESTION_BANK_MESSAGES.noHeader);
    const noRows = await importSheet(await workbook(HEADER, []), { dryRun: true });
    expect(noRows.json().message).toBe(QUESTION_BANK_MESSAGES.noRows);
    const pdf = multipart({ file: { filename: 'q.xlsx', content: buildSimplePdf([{ heading: 'x', lines: [] }]) } });
    const notSheet = await t.app.inject({ method: 'POST', url: '/api/questions/import?dryRun=true', payload: pdf.payload, headers: { ...pdf.headers, cookie: cookies.physics } });
    expect(notSheet.json().message).toBe(QUESTION_BANK_MESSAGES.notASheet);
    const none = await send('POST', '/api/questions/import?dryRun=true', cookies.physics, {});
    expect(none.json()).toMatchObject({ message: QUESTION_BANK_MESSAGES.fileRequired });
    expect((await importSheet(await workbook(HEADER, []), { cookie: cookies.student })).statusCode).toBe(403);
  });
});

// A 1×1 PNG, and the first bytes of a JPEG and a WebP.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40)]);

const uploadImage = (content: Buffer, cookie = cookies.physics, filename = 'graph.png', contentType = 'image/png') => {
  const body = multipart({ file: { filename, content, contentType } });
  return t.app.inject({ method: 'POST', url: '/api/questions/images', payload: body.payload, headers: { ...body.headers, cookie } });
};

describe('pictures in questions', () => {
  it('stores a picture and serves it to anyone signed in, by the type of its bytes', async () => {
    const uploaded = await uploadImage(PNG);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const url = uploaded.json().data.url as string;
    expect(url).toMatch(/^\/api\/questions\/images\/[0-9a-f-]{36}\.png$/);
    const seen = await send('GET', url, cookies.student);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'cache-control': 'private, max-age=31536000, immutable' });
    expect(seen.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // A JPEG named .png, a WebP: stored as what they are.
    expect((await uploadImage(JPEG, cookies.admin, 'photo.png')).json().data.url).toMatch(/\.jpg$/);
    expect((await uploadImage(WEBP, cookies.physics, 'x.webp', 'image/webp')).json().data.url).toMatch(/\.webp$/);
    // In a question's Markdown.
    const question = await create(cookies.physics, single({ text: `The graph: ![](${url}) What is the slope?` }));
    expect(question.text).toContain(url);
  });

  it('refuses what is not a picture, too large a one, and students; a missing one is 404', async () => {
    const svg = await uploadImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), cookies.physics, 'x.svg', 'image/svg+xml');
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject({ message: QUESTION_BANK_MESSAGES.notAnImage, errors: { file: QUESTION_BANK_MESSAGES.notAnImage } });
    const large = await uploadImage(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(QUESTION_BANK_MESSAGES.imageTooLarge);
    const empty = await uploadImage(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect((await send('POST', '/api/questions/images', cookies.physics, {})).json().message).toBe(QUESTION_BANK_MESSAGES.imageRequired);
    expect((await uploadImage(PNG, cookies.student)).statusCode).toBe(403);
    expect((await send('GET', '/api/questions/images/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c.png', cookies.student)).statusCode).toBe(404);
    expect((await send('GET', '/api/questions/images/..%2F..%2Fetc%2Fpasswd', cookies.student)).statusCode).toBe(404);
    // A note's PDF in the same storage is never served as a picture.
    const stored = await t.storage.save((await import('node:stream')).Readable.from([buildSimplePdf([{ heading: 'x', lines: [] }])]), { maxBytes: 1_000_000, extension: '.pdf' });
    expect((await send('GET', `/api/questions/images/${stored.key}`, cookies.student)).statusCode).toBe(404);
  });
});
