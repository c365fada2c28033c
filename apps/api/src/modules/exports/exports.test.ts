import { PassThrough } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate } from '@academy/shared/calendar';
import { attendanceRecords, auditLog, students, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildParent, buildStandard, buildStudent, buildSubject, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { createExam, publishExam, saveMarks } from '../exams/exams.service';
import { createPlan } from '../fees/plans.service';
import { recordPayment } from '../fees/payments.service';
import { academyToday } from '../../academy-settings';
import { writeAcademyWorkbook } from './exports.service';
import { INDIAN_RUPEES_FORMAT, WorkbookAborted } from './workbook-writer';

let t: TestApp;
let today: string;
const cookies = { admin: '', adminMr: '', teacher: '', student: '', parent: '' };
const ids = { asha: '', rohan: '', ashaCode: '', rohanCode: '', adminId: '' };

/**
 * A small academy: two siblings (Asha and Rohan Patil) in one batch, sharing their mother; Asha also
 * has her father linked. A ₹1,50,000 plan with one instalment due today, ₹25,000 paid by Asha; three
 * marks of Asha in one month; a published test with Asha's marks and Rohan absent.
 */
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  today = await academyToday(db);
  const admin = await buildUser(db, { role: 'admin', name: 'Office Admin' });
  ids.adminId = admin.id;
  const adminMr = await buildUser(db, { role: 'admin', name: 'मराठी Admin' });
  await db.update(users).set({ language: 'mr' }).where(eq(users.id, adminMr.id));
  const standard = await buildStandard(db, { name: '10th Standard', level: 10 });
  const subject = await buildSubject(db, { name: 'Mathematics', code: 'MATH' });
  const teacher = await buildTeacher(db, { name: 'Priya Kulkarni', phone: '+919822000111', subjectIds: [subject.id] });
  const asha = await buildStudent(db, { name: 'Asha Patil', standardId: standard.id, phone: '+919876543210' });
  // A school typed like a formula stays text.
  const rohan = await buildStudent(db, { name: 'Rohan Patil', standardId: standard.id, phone: null });
  await db.update(students).set({ school: '=1+2', dateOfBirth: '2011-03-04' }).where(eq(students.id, rohan.id));
  Object.assign(ids, { asha: asha.id, rohan: rohan.id, ashaCode: asha.studentCode, rohanCode: rohan.studentCode });
  const mother = await buildParent(db, { name: 'Sunita Patil', phone: '+919822012345', relation: 'mother', studentIds: [asha.id, rohan.id] });
  await buildParent(db, { name: 'Vijay Patil', phone: '+919822054321', relation: 'father', studentIds: [asha.id] });
  const batch = await buildBatch(db, { name: '10th Maths A', teacherId: teacher.id, standardId: standard.id, subjectId: subject.id, studentIds: [asha.id, rohan.id] });

  // The services take paise (the API's schemas turn rupees into paise).
  await createPlan(db, null, { name: 'Term fees', batch: batch.id, amount: 15_000_000, instalments: [{ dueDate: today, amount: 15_000_000 }] });
  await recordPayment(db, null, asha.id, { amount: 2_500_000, date: today, mode: 'upi', reference: 'UPI ref 1' });

  await db.insert(attendanceRecords).values(
    (['present', 'late', 'absent'] as const).map((status, index) => ({ batchId: batch.id, studentId: asha.id, date: `2026-07-0${6 + 2 * index}`, status, markedBy: teacher.userId })),
  );

  const asTeacher = { role: 'teacher' as const, userId: teacher.userId, teacherId: teacher.id };
  const test = await createExam(db, asTeacher, batch.id, { name: 'Algebra 1', date: shiftDate(today, -1), maxMarks: 50, topic: 'Linear equations' });
  await saveMarks(db, asTeacher, test._id, { marks: [{ studentId: asha.id, marks: 42.5 }, { studentId: rohan.id, absent: true }] });
  await publishExam(db, asTeacher, test._id);

  cookies.admin = await loginAs(t.app, admin.email);
  cookies.adminMr = await loginAs(t.app, adminMr.email);
  cookies.teacher = await loginAs(t.app, teacher.user.email);
  cookies.student = await loginAs(t.app, asha.user.email);
  cookies.parent = await loginAs(t.app, mother.user.email);
});
afterAll(() => t.close());

const download = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/exports/academy.xlsx', headers: cookie ? { cookie } : {} });

async function workbookOf(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(body).buffer);
  return workbook;
}

/** A sheet as header texts and rows keyed by header. */
function table(sheet: ExcelJS.Worksheet) {
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.CellValue>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Object.fromEntries(header.map((name, index) => [name, row.getCell(index + 1).value ?? null])));
  }
  return { header, rows };
}

const utcDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** One file of a zip (an xlsx), found through the central directory: exceljs reads number formats back without their escapes. */
function zipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n -= 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength).replace(/^\//, '') === name) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
      return (zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  throw new Error(`${name} is not in the file`);
}

describe('GET /api/exports/academy.xlsx', () => {
  let workbook: ExcelJS.Workbook;
  let headers: Record<string, unknown>;
  let bytes: Buffer;

  beforeAll(async () => {
    const response = await download(cookies.admin);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    headers = response.headers;
    bytes = response.rawPayload;
    workbook = await workbookOf(bytes);
  });

  it('is an xlsx file (a zip) named for the day, not kept by any cache', () => {
    expect(headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(headers['content-disposition']).toBe(`attachment; filename="academy-${today}.xlsx"`);
    expect(headers['cache-control']).toBe('no-store');
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('has one sheet per register, each with a bold frozen header row and a filter', () => {
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Students', 'Teachers', 'Batches', 'Enrolments', 'Attendance', 'Dues', 'Receipts', 'Test marks']);
    for (const sheet of workbook.worksheets) {
      expect(sheet.views[0], sheet.name).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getRow(1).getCell(1).font?.bold, sheet.name).toBe(true);
      expect(sheet.autoFilter, sheet.name).toBeTruthy();
    }
    // The filter is also the sheet's _xlnm._FilterDatabase name (LibreOffice shows a filter only with it).
    const names = zipEntry(bytes, 'xl/workbook.xml');
    expect(names).toContain(`<definedName name="_xlnm._FilterDatabase" localSheetId="0">&apos;Students&apos;!$A$1:$V$3</definedName>`);
    expect(names).toContain(`<definedName name="_xlnm._FilterDatabase" localSheetId="7">&apos;Test marks&apos;!$A$1:$J$3</definedName>`);
  });

  it('lists the students with their ID, batches and each parent in columns of their own; siblings share their mother', () => {
    const { header, rows } = table(workbook.getWorksheet('Students')!);
    expect(header).toEqual([
      'Student ID', 'Name', 'Email', 'Phone (+91)', 'Gender', 'Date of birth', 'Standard', 'School', 'Board', 'Medium', 'Address', 'Status', 'Admission date', 'Batches',
      'Parent 1 name', 'Parent 1 relation', 'Parent 1 phone (+91)', 'Parent 1 email',
      'Parent 2 name', 'Parent 2 relation', 'Parent 2 phone (+91)', 'Parent 2 email',
    ]);
    const asha = rows.find((row) => row['Student ID'] === ids.ashaCode)!;
    const rohan = rows.find((row) => row['Student ID'] === ids.rohanCode)!;
    expect(asha).toMatchObject({ Name: 'Asha Patil', Standard: '10th Standard', Status: 'Active', Gender: 'Not given', Address: 'Not given', Batches: '10th Maths A', 'Parent 1 name': 'Sunita Patil', 'Parent 1 relation': 'Mother', 'Parent 1 phone (+91)': '9822012345', 'Parent 2 name': 'Vijay Patil', 'Parent 2 relation': 'Father', 'Parent 2 phone (+91)': '9822054321' });
    expect(asha['Parent 1 email']).toMatch(/@example\.com$/);
    expect(rohan).toMatchObject({ Name: 'Rohan Patil', 'Parent 1 name': 'Sunita Patil', 'Parent 1 phone (+91)': '9822012345', 'Parent 2 name': null, 'Phone (+91)': null, School: "'=1+2" });
    expect(rohan['Date of birth']).toEqual(utcDate('2011-03-04'));
  });

  it("keeps a phone's digits as text, in a Text-formatted column (never a number or a formula)", () => {
    const sheet = workbook.getWorksheet('Students')!;
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === ids.ashaCode)!;
    const phone = row.getCell(4);
    expect(phone.value).toBe('9876543210');
    expect(phone.type).toBe(ExcelJS.ValueType.String);
    expect(phone.numFmt).toBe('@');
    // The school typed as "=1+2" is a string cell, not a formula, with the CSV's apostrophe (issue 53): editing the cell keeps it text.
    const rohan = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === ids.rohanCode)!;
    expect(rohan.getCell(8).type).toBe(ExcelJS.ValueType.String);
  });

  it('has dates as real dates shown DD-MM-YYYY', () => {
    const sheet = workbook.getWorksheet('Students')!;
    const admission = sheet.getRow(2).getCell(13);
    expect(admission.value).toBeInstanceOf(Date);
    expect(admission.numFmt).toBe('dd-mm-yyyy');
  });

  it('lists the teachers, the batches and the enrolments', () => {
    const teachers = table(workbook.getWorksheet('Teachers')!);
    expect(teachers.rows.find((row) => row.Name === 'Priya Kulkarni')).toMatchObject({ 'Phone (+91)': '9822000111', Subjects: 'Mathematics', Batches: '10th Maths A', Qualification: 'M.Sc.', Status: 'Active' });
    const batches = table(workbook.getWorksheet('Batches')!);
    expect(batches.header).toEqual(['Batch', 'Standard', 'Subject', 'Teacher', 'Days', 'Start time', 'End time', 'Start date', 'End date', 'Capacity', 'Students enrolled']);
    expect(batches.rows.find((row) => row.Batch === '10th Maths A')).toMatchObject({
      Standard: '10th Standard',
      Subject: 'Mathematics',
      Teacher: 'Priya Kulkarni',
      Days: 'Mon, Wed, Fri',
      'Start time': '7:00 AM',
      'End time': '8:30 AM',
      'Start date': utcDate('2026-06-01'),
      'End date': utcDate('2027-03-31'),
      Capacity: 40,
      'Students enrolled': 2,
    });
    const enrolments = table(workbook.getWorksheet('Enrolments')!);
    expect(enrolments.header).toEqual(['Batch', 'Student ID', 'Student', 'Status', 'Enrolled on']);
    expect(enrolments.rows.filter((row) => row.Batch === '10th Maths A').map((row) => row.Student)).toEqual(['Asha Patil', 'Rohan Patil']);
    expect(enrolments.rows[0]!['Enrolled on']).toEqual(utcDate(today));
  });

  it('counts attendance per student, batch and month, with (present + late) ÷ marked', () => {
    const sheet = workbook.getWorksheet('Attendance')!;
    const { header, rows } = table(sheet);
    expect(header).toEqual(['Student ID', 'Student', 'Batch', 'Month', 'Present', 'Late', 'Absent', 'Excused', 'Days marked', 'Attendance %']);
    expect(rows).toEqual([
      { 'Student ID': ids.ashaCode, Student: 'Asha Patil', Batch: '10th Maths A', Month: utcDate('2026-07-01'), Present: 1, Late: 1, Absent: 1, Excused: 0, 'Days marked': 3, 'Attendance %': 2 / 3 },
    ]);
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('mm-yyyy');
    expect(sheet.getRow(2).getCell(10).numFmt).toBe('0.0%');
  });

  it('has dues and receipts in rupees, as numbers with Indian digit grouping', () => {
    const dues = workbook.getWorksheet('Dues')!;
    const { header, rows } = table(dues);
    expect(header).toEqual(['Student ID', 'Student', 'Due', 'Batch', 'Due date', 'Amount (₹)', 'Concession (₹)', 'Paid (₹)', 'Balance (₹)', 'Status']);
    expect(rows.find((row) => row['Student ID'] === ids.ashaCode)).toMatchObject({ Student: 'Asha Patil', Batch: '10th Maths A', 'Due date': utcDate(today), 'Amount (₹)': 150_000, 'Concession (₹)': 0, 'Paid (₹)': 25_000, 'Balance (₹)': 125_000, Status: 'To pay' });
    expect(rows.find((row) => row['Student ID'] === ids.rohanCode)).toMatchObject({ 'Paid (₹)': 0, 'Balance (₹)': 150_000 });
    const ashaRow = dues.getRows(2, dues.rowCount - 1)!.find((r) => r.getCell(1).value === ids.ashaCode)!;
    expect(ashaRow.getCell(6).type).toBe(ExcelJS.ValueType.Number);
    // Lakhs and crores grouped by sections of the format, their commas escaped as literals in the file.
    const unescaped = INDIAN_RUPEES_FORMAT.replaceAll('\\', '');
    expect(ashaRow.getCell(6).numFmt).toBe(unescaped);
    expect(ashaRow.getCell(9).numFmt).toBe(unescaped);
    expect(zipEntry(bytes, 'xl/styles.xml')).toContain(`formatCode="${INDIAN_RUPEES_FORMAT.replaceAll('>', '&gt;')}"`);
    expect(INDIAN_RUPEES_FORMAT).toBe('[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00');

    const receipts = table(workbook.getWorksheet('Receipts')!);
    expect(receipts.header).toEqual(['Receipt number', 'Date', 'Student ID', 'Student', 'Amount (₹)', 'Mode', 'Reference', 'Cancelled', 'Reason for cancelling']);
    expect(receipts.rows).toEqual([
      { 'Receipt number': expect.stringMatching(/^\d{4}-\d{2}\/0001$/), Date: utcDate(today), 'Student ID': ids.ashaCode, Student: 'Asha Patil', 'Amount (₹)': 25_000, Mode: 'UPI', Reference: 'UPI ref 1', Cancelled: null, 'Reason for cancelling': null },
    ]);
  });

  it("has the tests' marks (half marks as decimals) and who was absent", () => {
    const { header, rows } = table(workbook.getWorksheet('Test marks')!);
    expect(header).toEqual(['Test', 'Topic', 'Batch', 'Date', 'Student ID', 'Student', 'Marks', 'Maximum marks', 'Absent', 'Published']);
    expect(rows).toEqual([
      { Test: 'Algebra 1', Topic: 'Linear equations', Batch: '10th Maths A', Date: utcDate(shiftDate(today, -1)), 'Student ID': ids.ashaCode, Student: 'Asha Patil', Marks: 42.5, 'Maximum marks': 50, Absent: null, Published: 'Yes' },
      { Test: 'Algebra 1', Topic: 'Linear equations', Batch: '10th Maths A', Date: utcDate(shiftDate(today, -1)), 'Student ID': ids.rohanCode, Student: 'Rohan Patil', Marks: null, 'Maximum marks': 50, Absent: 'Yes', Published: 'Yes' },
    ]);
  });

  it('records in Activity who downloaded the whole academy', async () => {
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export.academy_workbook'), eq(auditLog.actorUserId, ids.adminId)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityType: 'backup', entityId: `academy-${today}.xlsx`, summary: `Downloaded the whole academy as an Excel workbook (academy-${today}.xlsx)` });
  });
});

describe('the workbook in Marathi', () => {
  it("names the sheets, headers and the product's own words in the admin's language; names stay as stored", async () => {
    const response = await download(cookies.adminMr);
    expect(response.statusCode).toBe(200);
    const workbook = await workbookOf(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['विद्यार्थी', 'शिक्षक', 'बॅच', 'बॅचमधील विद्यार्थी', 'हजेरी', 'देय फी', 'पावत्या', 'टेस्टचे गुण']);
    const students = table(workbook.getWorksheet('विद्यार्थी')!);
    expect(students.header.slice(0, 4)).toEqual(['विद्यार्थी आयडी', 'नाव', 'ईमेल', 'मोबाईल नंबर (+91)']);
    expect(students.header).toContain('पालक 1: नाव');
    expect(students.header).toContain('पालक 2: मोबाईल नंबर (+91)');
    expect(students.rows.find((row) => row['विद्यार्थी आयडी'] === ids.ashaCode)).toMatchObject({ नाव: 'Asha Patil', 'पालक 1: नाव': 'Sunita Patil', 'पालक 1: नाते': 'आई', स्थिती: 'चालू' });
    const dues = table(workbook.getWorksheet('देय फी')!);
    expect(dues.header).toContain('बाकी (₹)');
    const batches = table(workbook.getWorksheet('बॅच')!);
    expect(batches.rows[0]).toMatchObject({ दिवस: 'सोम, बुध, शुक्र' });
  });
});

describe('a download cut short', () => {
  it('stops reading when the client goes away, and gives its database connection back', async () => {
    // Connections in use before (the app keeps one listening for other servers' changes).
    const inUse = () => t.database.pool.totalCount - t.database.pool.idleCount;
    const before = inUse();
    const output = new PassThrough();
    output.once('data', () => output.destroy());
    await expect(writeAcademyWorkbook(t.database.db, output, { language: 'en', today })).rejects.toBeInstanceOf(WorkbookAborted);
    await expect.poll(inUse).toBe(before);
    // The next download is whole.
    expect((await download(cookies.admin)).statusCode).toBe(200);
  });
});

describe('who may download it', () => {
  it('is the admin only: a teacher, a student and a parent get 403, a visitor 401, and nothing is recorded for them', async () => {
    for (const cookie of [cookies.teacher, cookies.student, cookies.parent]) expect((await download(cookie)).statusCode).toBe(403);
    expect((await download()).statusCode).toBe(401);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'export.academy_workbook'));
    expect(entries.every((entry) => entry.actorRole === 'admin')).toBe(true);
  });
});
