import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { academyInLanguage } from '@academy/shared/schemas/settings';
import { isLanguage, type Language } from '@academy/shared/languages';
import type { OmrScan, answerKeyInputSchema, answerKeySchema, omrScansSchema, omrSheetQuerySchema } from '@academy/shared/schemas/omr';
import type { Db, DbExecutor } from '../../db/client';
import type { Actor } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import { academyHeaderLogo, getAcademySettings } from '../../academy-settings';
import { recordAudit } from '../audit';
import { examForOmr, saveScannedMarks } from './exams.service';
import { OMR_LETTERS, OMR_MARKING, OMR_NUMERIC_MARKING, defaultNumeric, isNumericKey, numericAnswer, numericCountOf, numericQuestions, scoreOf, sectionsOfKey, shapeProblem, type OmrPattern, type OmrShape } from '@academy/shared/omr/layout';
import { omrSheetPdf, type SheetStudent } from './omr-sheet';
import { OmrUnreadable, readSheetImage, type OmrReading } from './omr-reader';
import { OTHER_TEST } from '@academy/shared/omr/messages';
import { appNowSql } from '../../db/app-time';
import { academySql } from '../../db/same-academy';

const execFileAsync = promisify(execFile);

type SheetQuery = z.output<typeof omrSheetQuerySchema>;
type KeyInput = z.output<typeof answerKeyInputSchema>;
type AnswerKey = z.infer<typeof answerKeySchema>;

const unreadable = (message: string) => new AppError('UNPROCESSABLE', message, { file: message });

/** GET /api/tests/{id}/omr-sheet.pdf: blank, or one page per active student of the test's batch. */
export async function omrSheetFor(db: DbExecutor, actor: Actor, examId: string, query: SheetQuery): Promise<{ pdf: Buffer; fileName: string }> {
  const test = await examForOmr(db, actor, examId);
  const { sections } = query;
  const shape: OmrShape = sections
    ? { pattern: query.pattern, questions: query.questions, options: query.options as 4 | 5, numeric: sections.reduce((sum, one) => sum + one.numeric, 0), sections }
    : { pattern: query.pattern, questions: query.questions, options: query.options as 4 | 5, numeric: query.numeric ?? defaultNumeric(query.pattern, query.questions) };
  const problem = shapeProblem(shape);
  if (problem) throw new AppError('BAD_REQUEST', problem, { [sections ? 'sections' : 'questions']: problem });
  let students: SheetStudent[] | null = null;
  if (query.batch) {
    if (query.batch !== test.batchId) throw new AppError('BAD_REQUEST', 'This test is of another batch: choose the test’s own batch', { batch: 'This test is of another batch' });
    const { rows } = await db.execute<SheetStudent>(sql`
      select s.id, u.name, s.student_code as code from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active' join users u on u.id = s.user_id and u.academy_id = s.academy_id
      where bs.batch_id = ${test.batchId} order by lower(u.name), s.id`);
    if (rows.length === 0) throw new AppError('BAD_REQUEST', 'The batch has no active students to print sheets for', { batch: 'The batch has no active students' });
    students = rows;
  }
  const [settings, { rows: academy }, logo] = await Promise.all([getAcademySettings(db), db.execute<{ language: string }>(sql`select language from academies where id = current_academy_id()`), academyHeaderLogo(db)]);
  const language: Language = isLanguage(academy[0]?.language) ? academy[0]!.language : 'en';
  const pdf = await omrSheetPdf({ academyName: academyInLanguage(settings, language).name, academyLogo: logo, academyColour: settings.brand.colour, testId: test.id, testName: test.name, date: test.date, language, shape, students, subjects: query.subjects });
  const slug = test.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'test';
  return { pdf, fileName: `omr-${slug}${students ? '-batch' : ''}.pdf` };
}

export async function keyOf(db: DbExecutor, examId: string): Promise<AnswerKey | null> {
  const { rows } = await db.execute<{ pattern: OmrPattern; options: number; answers: string[] }>(sql`select pattern, options, answers from omr_answer_keys where exam_id = ${examId}`);
  const row = rows[0];
  if (!row) return null;
  const numeric = numericCountOf(row.answers);
  const numericAt = row.answers.flatMap((answer, index) => (isNumericKey(answer) ? [index + 1] : []));
  return { ...row, numeric, numericQuestions: numericAt, marking: OMR_MARKING[row.pattern], numericMarking: numeric > 0 ? OMR_NUMERIC_MARKING : null };
}

/**
 * A key as typed, checked: letters of the sheet's options and (JEE, decision 092) the numeric-answer
 * questions' numbers, written without leading zeros — last on the sheet, or (decision 098) last in each
 * section, as JEE Main numbers them (20 letters, 5 numbers, 20 letters, 5 numbers…): the numbers' places
 * must make a sheet that prints. Anything else answers 400 naming the question.
 */
export function checkedKey(input: KeyInput): { answers: string[]; options: 4 | 5; numeric: number } {
  const numeric = numericCountOf(input.answers);
  const options = (input.options ?? (input.answers.includes('E') ? 5 : 4)) as 4 | 5;
  const fail = (index: number, message: string) => new AppError('BAD_REQUEST', message, { [`answers.${index}`]: message });
  const firstNumber = input.answers.findIndex((answer) => isNumericKey(answer));
  if (numeric > 0 && input.pattern !== 'jee') throw fail(firstNumber, `Question ${firstNumber + 1}: only a JEE sheet has numeric-answer questions`);
  const sections = sectionsOfKey(input.answers);
  const problem = shapeProblem({ pattern: input.pattern, questions: input.answers.length, options, numeric, ...(sections ? { sections } : {}) });
  if (problem) throw new AppError('BAD_REQUEST', problem, { answers: problem });
  const allowed = OMR_LETTERS.slice(0, options) as readonly string[];
  const bad = input.answers.findIndex((letter) => !isNumericKey(letter) && !allowed.includes(letter));
  if (bad >= 0) throw fail(bad, `Question ${bad + 1}: the answer must be one of ${allowed.join(', ')}`);
  return { answers: input.answers.map((answer) => (isNumericKey(answer) ? numericAnswer(answer)! : answer)), options, numeric };
}

/** GET /api/tests/{id}/answer-key */
export async function getAnswerKey(db: DbExecutor, actor: Actor, examId: string): Promise<AnswerKey | null> {
  await examForOmr(db, actor, examId);
  return keyOf(db, examId);
}

/** PUT /api/tests/{id}/answer-key: the letters are checked against the options; scans already read are scored again. */
export async function saveAnswerKey(db: Db, actor: Actor, examId: string, input: KeyInput): Promise<AnswerKey> {
  const test = await examForOmr(db, actor, examId);
  const { answers, options } = checkedKey(input);
  input = { ...input, answers };
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into omr_answer_keys (exam_id, pattern, options, answers, updated_by) values (${examId}, ${input.pattern}, ${options}, ${sql.param(input.answers)}::text[], ${actor.userId})
      on conflict (academy_id, exam_id) do update set pattern = excluded.pattern, options = excluded.options, answers = excluded.answers, updated_by = excluded.updated_by, updated_at = ${appNowSql()}`);
    await recordAudit(tx, actor, {
      action: 'test.answer_key', entityType: 'test', entityId: examId, relatedId: test.batchId,
      text: { key: 'test.answer_key_saved', values: { name: test.name, batch: test.batchName, questions: input.answers.length } },
    });
  });
  // Sheets read before the key (or under an older key) are scored again, into the marks.
  const { rows } = await db.execute<{ studentId: string; answers: (string | null)[] }>(sql`select student_id as "studentId", answers from omr_scans where exam_id = ${examId}`);
  for (const scan of rows) await scoreIntoMarks(db, actor, examId, scan.studentId, input.pattern, input.answers, scan.answers, test.maxMarks);
  return (await keyOf(db, examId))!;
}

/** Scores answers, saves the score as the student's marks (a negative score enters 0) and on the scan row. */
async function scoreIntoMarks(db: Db, actor: Actor, examId: string, studentId: string, pattern: OmrPattern, key: readonly string[], answers: readonly (string | null)[], maxMarks: number): Promise<number> {
  const score = scoreOf(pattern, key, answers);
  const marks = Math.max(0, score);
  if (marks > maxMarks) throw unreadable(`This sheet scores ${marks}, more than the test's maximum of ${maxMarks}: raise the test's maximum marks`);
  await saveScannedMarks(db, actor, examId, studentId, marks * 2);
  await db.execute(sql`update omr_scans set score = ${score}, updated_at = now() where exam_id = ${examId} and student_id = ${studentId}`);
  return score;
}

type ScanRow = { studentId: string; studentName: string; studentCode: string; answers: (string | null)[]; uncertain: number[]; score: number; halfMarks: number | null; scannedAt: string };

const SCAN_SELECT = sql`select o.student_id as "studentId", u.name as "studentName", s.student_code as "studentCode", o.answers, o.uncertain, o.score,
  m.half_marks as "halfMarks", o.updated_at as "scannedAt"
  from omr_scans o join students s on s.id = o.student_id and s.academy_id = o.academy_id join users u on u.id = s.user_id and u.academy_id = s.academy_id
  left join exam_marks m on m.exam_id = o.exam_id and m.academy_id = o.academy_id and m.student_id = o.student_id`;

function toScan(row: ScanRow): OmrScan {
  // Only the answer's fields: a nullable copy in a PDF's `pages` is checked whole by the serialiser.
  const { halfMarks, scannedAt, ...fields } = row;
  return { ...fields, marks: halfMarks === null ? 0 : halfMarks / 2, scannedAt: new Date(scannedAt).toISOString() };
}

async function scanOf(db: DbExecutor, examId: string, studentId: string): Promise<OmrScan> {
  const { rows } = await db.execute<ScanRow>(sql`${SCAN_SELECT} where o.exam_id = ${examId} and o.student_id = ${studentId}`);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'No sheet of this student has been read');
  return toScan(rows[0]);
}

/** GET /api/tests/{id}/omr-scans: the key, every read sheet and how many chose each option. */
export async function listScans(db: DbExecutor, actor: Actor, examId: string): Promise<z.infer<typeof omrScansSchema>> {
  await examForOmr(db, actor, examId);
  const key = await keyOf(db, examId);
  const { rows } = await db.execute<ScanRow>(sql`${SCAN_SELECT} where o.exam_id = ${examId} order by lower(u.name), o.student_id`);
  const scans = rows.map(toScan);
  const questions = key?.answers.length ?? Math.max(0, ...scans.map((scan) => scan.answers.length));
  const letters = OMR_LETTERS.slice(0, key?.options ?? 5);
  const analysis = Array.from({ length: questions }, (_, q) => {
    const counts: Record<string, number> = Object.fromEntries([...letters, 'blank'].map((letter) => [letter, 0]));
    for (const scan of scans) {
      const answer = scan.answers[q] ?? null;
      const bucket = answer ?? 'blank';
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    }
    return { question: q + 1, answer: key?.answers[q] ?? null, counts };
  });
  return { key, scans, analysis };
}

/** The pages of a PDF as PNG images (pdftoppm, 150 dpi), at most 100. */
export async function pdfPages(bytes: Buffer): Promise<Buffer[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'omr-scan-'));
  try {
    await fs.writeFile(path.join(dir, 'scan.pdf'), bytes);
    try {
      await execFileAsync('pdftoppm', ['-r', '150', '-l', '100', '-png', path.join(dir, 'scan.pdf'), path.join(dir, 'page')], { timeout: 120_000 });
    } catch {
      throw unreadable('The PDF could not be opened: send the scanner’s PDF as it was made, or photos of the sheets');
    }
    const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.png')).sort();
    return Promise.all(names.map((name) => fs.readFile(path.join(dir, name))));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** What the phone read of the sheet before sending it (decision 086): the server reads again; a question they read differently is flagged. */
export type PhoneReading = { answers: (string | null)[]; uncertain: number[] };
type Upload = { fileName: string; bytes: Buffer; phoneReading?: PhoneReading };

/** The `reading` field of a scan's form, when it is a phone's reading (anything else is ignored: the server's own reading decides). */
export function phoneReadingOf(text: string | undefined): PhoneReading | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as { answers?: unknown; uncertain?: unknown };
    const answers = Array.isArray(value.answers) && value.answers.length <= 200 && value.answers.every((one) => one === null || (typeof one === 'string' && ((OMR_LETTERS as readonly string[]).includes(one) || numericAnswer(one) === one))) ? (value.answers as (string | null)[]) : undefined;
    const uncertain = Array.isArray(value.uncertain) && value.uncertain.every((one) => Number.isInteger(one)) ? (value.uncertain as number[]) : [];
    return answers ? { answers, uncertain } : undefined;
  } catch {
    return undefined;
  }
}

/** The questions the phone and the server both read with certainty, but differently. */
export function disagreements(phone: PhoneReading | undefined, server: Pick<OmrReading, 'answers' | 'uncertain'>): number[] {
  if (!phone || phone.answers.length !== server.answers.length) return [];
  const unsure = new Set([...phone.uncertain, ...server.uncertain]);
  return server.answers.flatMap((answer, index) => (!unsure.has(index + 1) && (phone.answers[index] ?? null) !== answer ? [index + 1] : []));
}

export function kindOf(bytes: Buffer): 'pdf' | 'jpeg' | 'png' | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return undefined;
}

/**
 * POST /api/tests/{id}/omr-scans: reads a photo (JPEG, PNG) or each page of a PDF, finds the student
 * (the pre-printed sheet's QR code, or the ID grid of a blank one), scores the answers with the key
 * and saves the marks; the photo is kept with the scan. A sheet scanned again replaces the scan and
 * the marks. A sheet that cannot be read answers 422 with the reason.
 */
export async function scanSheets(db: Db, storage: FileStorage, actor: Actor, examId: string, upload: Upload): Promise<OmrScan & { pages?: { page: number; scan: OmrScan | null; error: string | null }[] }> {
  const test = await examForOmr(db, actor, examId);
  const kind = kindOf(upload.bytes);
  if (!kind) throw new AppError('BAD_REQUEST', 'Send a JPEG or PNG photo of the sheet, or a PDF', { file: 'Send a JPEG or PNG photo of the sheet, or a PDF' });
  const key = await keyOf(db, examId);
  if (!key) throw unreadable('Type the answer key of this test before scanning sheets');
  const images = kind === 'pdf' ? await pdfPages(upload.bytes) : [upload.bytes];
  if (images.length === 0) throw unreadable('The PDF has no pages');
  const pages: { page: number; scan: OmrScan | null; error: string | null }[] = [];
  for (const [index, image] of images.entries()) {
    try {
      pages.push({ page: index + 1, scan: await scanOne(db, storage, actor, test, key, image, kind === 'jpeg' ? 'jpeg' : 'png', images.length === 1 ? upload.phoneReading : undefined), error: null });
    } catch (error) {
      if (!(error instanceof AppError) || images.length === 1) throw error;
      pages.push({ page: index + 1, scan: null, error: error.message });
    }
  }
  const first = pages.find((page) => page.scan);
  if (!first) throw unreadable(`No page of the PDF could be read: ${pages[0]!.error}`);
  return images.length > 1 ? { ...first.scan!, pages } : first.scan!;
}

async function scanOne(db: Db, storage: FileStorage, actor: Actor, test: Awaited<ReturnType<typeof examForOmr>>, key: AnswerKey, image: Buffer, type: 'jpeg' | 'png', phone?: PhoneReading): Promise<OmrScan> {
  let reading: OmrReading;
  try {
    reading = await readSheetImage(image);
  } catch (error) {
    if (error instanceof OmrUnreadable) throw unreadable(error.message);
    throw error;
  }
  // A question the phone read otherwise is not the server's to decide: the teacher settles it.
  const differ = disagreements(phone, reading);
  if (differ.length > 0) {
    const flagged = new Set([...reading.uncertain, ...differ]);
    reading = { ...reading, answers: reading.answers.map((answer, index) => (flagged.has(index + 1) ? null : answer)), uncertain: [...flagged].sort((a, b) => a - b) };
  }
  if (reading.qr.testId !== test.id) throw unreadable(OTHER_TEST);
  if (reading.qr.questions !== key.answers.length) throw unreadable(`This sheet has ${reading.qr.questions} questions but the answer key has ${key.answers.length}: print the sheets with the key’s count`);
  const sheetNumeric = numericQuestions(reading.qr);
  if (sheetNumeric.join(',') !== key.numericQuestions.join(',')) {
    throw unreadable(
      sheetNumeric.length !== key.numeric
        ? `This sheet has ${sheetNumeric.length} numeric-answer questions but the answer key has ${key.numeric}: print the sheets with the key’s count`
        : `This sheet’s numeric-answer questions are not the answer key’s (${numberRanges(sheetNumeric)} on the sheet, ${numberRanges(key.numericQuestions)} in the key): print the sheets with the key’s sections`,
    );
  }
  const studentId = reading.qr.studentId ?? (await studentOfIdGrid(db, test.batchId, reading));
  const { rows: enrolled } = await db.execute<{ name: string }>(sql`
    select u.name from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active' join users u on u.id = s.user_id and u.academy_id = s.academy_id
    where bs.batch_id = ${test.batchId} and bs.student_id = ${studentId}`);
  if (!enrolled[0]) throw unreadable('The student of this sheet is not in this test’s batch');
  const score = Math.max(0, scoreOf(key.pattern, key.answers, reading.answers));
  if (score > test.maxMarks) throw unreadable(`This sheet scores ${score}, more than the test's maximum of ${test.maxMarks}: raise the test's maximum marks`);
  const stored = await storage.save(Readable.from(image), { maxBytes: 30 * 1024 * 1024, extension: type === 'jpeg' ? '.jpg' : '.png' });
  let oldKey: string | undefined;
  try {
    await db.transaction(async (tx) => {
      const { rows: old } = await tx.execute<{ fileKey: string }>(sql`select file_key as "fileKey" from omr_scans where academy_id = ${academySql()} and exam_id = ${test.id} and student_id = ${studentId} for update`);
      oldKey = old[0]?.fileKey;
      await tx.execute(sql`
        insert into omr_scans (exam_id, student_id, file_key, file_type, answers, uncertain, score, scanned_by)
        values (${test.id}, ${studentId}, ${stored.key}, ${type}, ${sql.param(reading.answers)}::text[], ${sql.param(reading.uncertain)}::int[], 0, ${actor.userId})
        on conflict (academy_id, exam_id, student_id) do update set file_key = excluded.file_key, file_type = excluded.file_type, answers = excluded.answers,
          uncertain = excluded.uncertain, scanned_by = excluded.scanned_by, updated_at = ${appNowSql()}`);
      await recordAudit(tx, actor, {
        action: 'test.omr_scan', entityType: 'test', entityId: test.id, relatedId: test.batchId,
        text: { key: 'test.omr_scanned', values: { student: enrolled[0]!.name, name: test.name, batch: test.batchName, score: scoreOf(key.pattern, key.answers, reading.answers), uncertain: reading.uncertain.length } },
      });
    });
  } catch (error) {
    await storage.remove(stored.key).catch(() => {});
    throw error;
  }
  if (oldKey && oldKey !== stored.key) await storage.remove(oldKey).catch(() => {});
  await scoreIntoMarks(db, actor, test.id, studentId, key.pattern, key.answers, reading.answers, test.maxMarks);
  return scanOf(db, test.id, studentId);
}

/**
 * The student of a blank sheet's ID grid: the year's 4 digits and the number's (5 on sheets printed since
 * decision 092, 4 before), matched to the code's number as a number (LAT-2026-0042 is 2026 00042; a code
 * past 9999, LAT-2026-10042, is 2026 10042).
 */
async function studentOfIdGrid(db: DbExecutor, batchId: string, reading: OmrReading): Promise<string> {
  if (!reading.idDigits) throw unreadable(reading.idProblem ?? 'The student ID could not be read: fill one bubble in each column of the ID, or use the batch’s pre-printed sheets');
  const year = reading.idDigits.slice(0, 4);
  const number = reading.idDigits.slice(4);
  const pattern = `-${year}-0*${String(Number(number))}$`;
  const { rows } = await db.execute<{ id: string }>(sql`
    select s.id from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active'
    where bs.batch_id = ${batchId} and s.student_code ~ ${pattern}`);
  if (rows.length !== 1) throw unreadable(`No student of this batch has the student ID ending ${year}-${number}`);
  return rows[0]!.id;
}

/** PUT /api/tests/{id}/omr-scans/{studentId}/answers/{question}: the teacher settles a question; the score and marks follow. */
export async function settleAnswer(db: Db, actor: Actor, examId: string, studentId: string, question: number, answer: string | null): Promise<OmrScan> {
  const test = await examForOmr(db, actor, examId);
  const key = await keyOf(db, examId);
  const scan = await scanOf(db, examId, studentId);
  if (!key) throw unreadable('Type the answer key of this test first');
  if (question > scan.answers.length) throw new AppError('BAD_REQUEST', `This sheet has ${scan.answers.length} questions`, { question: `This sheet has ${scan.answers.length} questions` });
  const numericQuestion = isNumericKey(key.answers[question - 1]);
  if (numericQuestion && answer !== null && numericAnswer(answer) === undefined) throw new AppError('BAD_REQUEST', 'The answer of a numeric-answer question must be a whole number from 0 to 9999, or blank', { answer: 'Not a number of this sheet' });
  if (!numericQuestion && answer !== null && !(OMR_LETTERS.slice(0, key.options) as readonly string[]).includes(answer)) throw new AppError('BAD_REQUEST', `The answer must be one of ${OMR_LETTERS.slice(0, key.options).join(', ')} or blank`, { answer: 'Not an option of this sheet' });
  const answers = [...scan.answers];
  answers[question - 1] = answer === null || !numericQuestion ? answer : numericAnswer(answer)!;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update omr_scans set answers = ${sql.param(answers)}::text[], uncertain = array_remove(uncertain, ${question}::int), updated_at = now()
      where exam_id = ${examId} and student_id = ${studentId}`);
    await recordAudit(tx, actor, {
      action: 'test.omr_settle', entityType: 'test', entityId: examId, relatedId: test.batchId,
      text: { key: 'test.omr_settled', values: { student: scan.studentName, name: test.name, batch: test.batchName, question, answer: answer ?? '—' } },
    });
  });
  await scoreIntoMarks(db, actor, examId, studentId, key.pattern, key.answers, answers, test.maxMarks);
  return scanOf(db, examId, studentId);
}

/** Question numbers as ranges: 21–25, 46–50, 71–75. */
export function numberRanges(numbers: readonly number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j += 1;
    ranges.push(i === j ? String(numbers[i]) : `${numbers[i]}–${numbers[j]}`);
    i = j + 1;
  }
  return ranges.join(', ');
}

/** GET /api/tests/{id}/omr-scans/{studentId}/photo: the photo kept with the scan. */
export async function scanPhoto(db: DbExecutor, storage: FileStorage, actor: Actor, examId: string, studentId: string): Promise<{ stream: Readable; type: string }> {
  await examForOmr(db, actor, examId);
  const { rows } = await db.execute<{ fileKey: string; fileType: string }>(sql`select file_key as "fileKey", file_type as "fileType" from omr_scans where exam_id = ${examId} and student_id = ${studentId}`);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'No sheet of this student has been read');
  return { stream: storage.read(rows[0].fileKey), type: rows[0].fileType === 'jpeg' ? 'image/jpeg' : 'image/png' };
}
