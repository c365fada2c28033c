import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { batchStudents, sessions, students, users } from '../../db/schema';
import { apiCaller, expectCreatedReply, shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStandard, buildStudent, buildSubject, buildTeacher, buildUser, loginAs, TEST_PASSWORD } from '../../../test/factories';
import { shiftDate } from '@academy/shared/calendar';
import { academyToday } from '../../academy-settings';
import { nextStudentCode } from './student-code';
import { insertStudents, removeImportedStudents } from './students.service';

const t = shareSignedInTestApp();

const call = apiCaller(t);
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const UNKNOWN = '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c';

describe('creating students', () => {
  it('stores no made-up gender, address or phone: left out, they stay empty (issue 42, decision 040)', async () => {
    const standard = await buildStandard(t.database.db, { name: '10th Standard', level: 10 });
    const response = await call('POST', '/students', { name: 'Aarav Patil', email: 'Aarav.Patil@Example.com', standard: standard.id, password: 'aarav-latur-2026' });
    expectCreatedReply(response, 'Student created successfully', {
      _id: expect.any(String),
      studentCode: expect.stringMatching(/^LAT-\d{4}-\d{4}$/),
      name: 'Aarav Patil',
      email: 'aarav.patil@example.com',
      avatarUrl: null,
      gender: null,
      address: null,
      phone: null,
      parentName: null,
      parentPhone: null,
      parentEmail: null,
      dateOfBirth: null,
      standard: { _id: standard.id, name: '10th Standard', level: 10 },
      school: null,
      board: null,
      medium: null,
      admissionDate: await academyToday(t.database.db),
      state: null,
      status: 'active',
      batches: [],
      passwordSet: true,
      lastLoginAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await login('aarav.patil@example.com', 'aarav-latur-2026')).statusCode).toBe(200);
  });

  it('keeps a gender and address nobody gave as NULL in the database, and reads them back as null (issue 42)', async () => {
    const response = await call('POST', '/students', { name: 'Gauri Unknown', email: 'gauri.unknown@example.com', password: 'gauri-latur-2026', gender: null, address: '' });
    expect(response.statusCode).toBe(201);
    const id = response.json().data._id as string;
    const { rows } = await t.database.pool.query('select gender, address from students where id = $1', [id]);
    expect(rows).toEqual([{ gender: null, address: null }]);
    expect((await call('GET', `/students/${id}`)).json().data).toMatchObject({ gender: null, address: null });
    // Chosen, then cleared on an edit: empty again, not a default.
    expect((await call('PUT', `/students/${id}`, { gender: 'female', address: 'Ausa Road, Latur' })).json().data).toMatchObject({ gender: 'female', address: 'Ausa Road, Latur' });
    expect((await call('PUT', `/students/${id}`, { gender: null, address: '' })).json().data).toMatchObject({ gender: null, address: null });
    expect((await call('PUT', `/students/${id}`, { gender: 'unknown' })).statusCode).toBe(400);
  });

  it('takes every field, normalising phones and emails, and mails a set-password link when no password is given', async () => {
    const response = await call('POST', '/students', {
      name: 'Sakshi Shinde',
      email: 'sakshi@example.com',
      password: '',
      gender: 'female',
      address: 'Ausa Road, Latur',
      phone: '+91-9822012345',
      parentName: 'Ramesh Shinde',
      parentPhone: '9422012345',
      parentEmail: ' Ramesh@Example.com ',
      dateOfBirth: '2010-08-15',
      standard: null,
      school: 'Keshavraj Vidyalaya',
      admissionDate: '2026-06-01',
      status: 'active',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Student created successfully. We have mailed them a link to set their password.');
    expect(response.json().data).toMatchObject({
      gender: 'female',
      address: 'Ausa Road, Latur',
      phone: '+919822012345',
      parentPhone: '+919422012345',
      parentEmail: 'ramesh@example.com',
      dateOfBirth: '2010-08-15',
      standard: null,
      school: 'Keshavraj Vidyalaya',
      admissionDate: '2026-06-01',
      passwordSet: false,
    });
    const mail = (await t.latestMailTo('sakshi@example.com'))!;
    expect(mail.text).toContain('as a student');
    expect(mail.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}/);
  });

  it('starts the account in the language the office chose: the welcome mail is in it', async () => {
    const created = await call('POST', '/students', { name: 'Om Jadhav', email: 'om.jadhav@example.com', language: 'mr' });
    expect(created.statusCode).toBe(201);
    const [account] = await t.database.db.select({ language: users.language }).from(users).where(eq(users.email, 'om.jadhav@example.com'));
    expect(account?.language).toBe('mr');
    expect((await t.latestMailTo('om.jadhav@example.com'))?.subject).toContain('आपले स्वागत');
    expect((await call('POST', '/students', { name: 'Bad Language', email: 'bad.language@example.com', language: 'fr' })).statusCode).toBe(400);
    // Editing the student keeps it: afterwards the language is the student's own choice (their menu), not the form's.
    const studentId = (created.json() as { data: { _id: string } }).data._id;
    expect((await call('PUT', `/students/${studentId}`, { name: 'Om S. Jadhav' })).statusCode).toBe(200);
    const [edited] = await t.database.db.select({ name: users.name, language: users.language }).from(users).where(eq(users.email, 'om.jadhav@example.com'));
    expect(edited).toEqual({ name: 'Om S. Jadhav', language: 'mr' });
  });

  it('answers 400 naming the field for bad input, and 400 for an unknown standard leaving no account behind', async () => {
    const cases: [object, string, RegExp][] = [
      [{ email: 's1@example.com' }, 'name', /Name is required/],
      // Issue 21: the email is optional, but a student without one needs a first password.
      [{ name: 'S' }, 'password', /without an email needs a first password/],
      [{ name: 'S', email: 's1@example.com', phone: '0000000000' }, 'phone', /10-digit Indian mobile/],
      [{ name: 'S', email: 's1@example.com', parentPhone: '98220' }, 'parentPhone', /10-digit Indian mobile/],
      [{ name: 'S', email: 's1@example.com', parentEmail: 'nope' }, 'parentEmail', /valid email/],
      [{ name: 'S', email: 's1@example.com', dateOfBirth: '2999-01-01' }, 'dateOfBirth', /in the past/],
      [{ name: 'S', email: 's1@example.com', dateOfBirth: '15-08-2010' }, 'dateOfBirth', /YYYY-MM-DD/],
      [{ name: 'S', email: 's1@example.com', gender: 'x' }, 'gender', /male, female or other/],
      [{ name: 'S', email: 's1@example.com', standard: 'tenth' }, 'standard', /Invalid id/],
      [{ name: 'S', email: 's1@example.com', status: 'deleted' }, 'status', /active, archived or alumni/],
      [{ name: 'S', email: 's1@example.com', password: '1234567' }, 'password', /at least 8/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/students', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(response.json())).toMatch(message);
    }
    const unknownStandard = await call('POST', '/students', { name: 'S', email: 's1@example.com', standard: UNKNOWN });
    expect(unknownStandard.statusCode).toBe(400);
    expect(unknownStandard.json().errors).toEqual({ standard: 'Choose a standard from the list' });
    expect(await t.database.db.select().from(users).where(eq(users.email, 's1@example.com'))).toHaveLength(0);
    // The bound is the academy's own day (issue 79), checked by the API: its tomorrow is refused, nothing saved.
    const tomorrow = shiftDate(await academyToday(t.database.db), 1);
    const born = await call('POST', '/students', { name: 'S', email: 's1@example.com', dateOfBirth: tomorrow });
    expect(born.statusCode).toBe(400);
    expect(born.json().errors).toEqual({ dateOfBirth: 'Date of birth must be in the past' });
    expect(await t.database.db.select().from(users).where(eq(users.email, 's1@example.com'))).toHaveLength(0);
  });

  it('keeps emails unique across every account (409 naming email)', async () => {
    const teacher = await buildTeacher(t.database.db, { email: 'teacher.mail@example.com' });
    const response = await call('POST', '/students', { name: 'Copy', email: 'Teacher.Mail@example.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ email: 'This email is already in use' });
    expect(teacher.id).toBeDefined();
  });
});

describe('reading a student', () => {
  it('answers the student with their batches: subject, teacher and schedule', async () => {
    const db = t.database.db;
    const student = await buildStudent(db, { name: 'Omkar Pawar' });
    const teacher = await buildTeacher(db, { name: 'Priya Kulkarni' });
    const subject = await buildSubject(db, { name: 'Algebra', code: 'ALGX' });
    const batch = await buildBatch(db, { name: '10th Maths', teacherId: teacher.id, subjectId: subject.id, standardId: student.standardId!, studentIds: [student.id] });
    const response = await call('GET', `/students/${student.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.batches).toEqual([
      expect.objectContaining({
        _id: batch.id,
        name: '10th Maths',
        subject: { _id: subject.id, name: 'Algebra', code: 'ALGX' },
        teacher: { _id: teacher.id, name: 'Priya Kulkarni' },
        schedule: { days: ['mon', 'wed', 'fri'], startTime: '07:00', endTime: '08:30' },
        scheduleText: 'Mon, Wed, Fri · 7:00 AM – 8:30 AM',
        enrolledCount: 1,
      }),
    ]);
    expect((await call('GET', `/students/${UNKNOWN}`)).json()).toEqual({ success: false, message: 'Student not found' });
    expect((await call('GET', '/students/123')).statusCode).toBe(400);
  });
});

describe('updating students', () => {
  it('changes only the fields sent; clearing the address or a phone empties it (decision 040)', async () => {
    const db = t.database.db;
    const student = await buildStudent(db, { phone: '+919822000333' });
    const standard = await buildStandard(db);
    const response = await call('PUT', `/students/${student.id}`, { name: 'Renamed Student', standard: standard.id, address: 'Gandhi Chowk' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Student updated successfully', data: { name: 'Renamed Student', address: 'Gandhi Chowk', phone: '+919822000333', standard: { _id: standard.id } } });
    const cleared = await call('PUT', `/students/${student.id}`, { address: '', phone: null, standard: null, admissionDate: null });
    expect(cleared.json().data).toMatchObject({ address: null, phone: null, standard: null, name: 'Renamed Student' });
    expect(cleared.json().data.admissionDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect((await call('PUT', `/students/${student.id}`, { standard: UNKNOWN })).json().errors).toEqual({ standard: 'Choose a standard from the list' });
    expect((await call('PUT', `/students/${UNKNOWN}`, { name: 'X' })).statusCode).toBe(404);
    const taken = await buildUser(db, { email: 'taken.student@example.com' });
    expect((await call('PUT', `/students/${student.id}`, { email: taken.email.toUpperCase() })).statusCode).toBe(409);
  });

  it('a password from the admin works at once; status archived/active disables and restores sign-in', async () => {
    const student = await buildStudent(t.database.db);
    expect((await call('PUT', `/students/${student.id}`, { password: 'fresh-start-2026' })).statusCode).toBe(200);
    expect((await login(student.user.email, 'fresh-start-2026')).statusCode).toBe(200);
    await call('PUT', `/students/${student.id}`, { status: 'archived' });
    expect((await login(student.user.email, 'fresh-start-2026')).statusCode).toBe(403);
    await call('PUT', `/students/${student.id}`, { status: 'active' });
    expect((await login(student.user.email, 'fresh-start-2026')).statusCode).toBe(200);
  });
});

describe('deleting (archiving) students', () => {
  it('archives: history kept, account disabled and signed out, twice is the same', async () => {
    const db = t.database.db;
    const student = await buildStudent(db);
    const batch = await buildBatch(db, { studentIds: [student.id] });
    const cookie = await loginAs(t.app, student.user.email);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await call('DELETE', `/students/${student.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Student archived successfully. Their records are kept and they can no longer sign in.' });
    }
    const [row] = await db.select().from(students).where(eq(students.id, student.id));
    expect(row!.status).toBe('archived');
    expect(await db.select().from(batchStudents).where(eq(batchStudents.batchId, batch.id))).toHaveLength(1);
    expect(await db.select().from(sessions).where(eq(sessions.userId, student.user.id))).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await login(student.user.email, TEST_PASSWORD)).statusCode).toBe(403);
    expect((await call('GET', `/students/${student.id}`)).json().data.status).toBe('archived');
    expect((await call('DELETE', `/students/${UNKNOWN}`)).statusCode).toBe(404);
  });
});

describe('the student list', () => {
  let standardA = '';
  let standardB = '';
  let batchId = '';
  beforeAll(async () => {
    const db = t.database.db;
    // A clean slate for counting: earlier tests' students are archived out of the default view.
    await db.update(students).set({ status: 'archived' });
    standardA = (await buildStandard(db, { name: 'List 9th', level: 309 })).id;
    standardB = (await buildStandard(db, { name: 'List 12th', level: 312 })).id;
    const rows = [
      { name: 'Yash More', standardId: standardA, phone: '+919000000001' },
      { name: 'aditi Kale', standardId: standardB, phone: null },
      { name: 'Bhavesh Joshi', standardId: standardA, phone: '+919000000003' },
      { name: 'Chitra "CJ" Jadhav, Jr', standardId: null, phone: null },
      { name: '=HYPERLINK("http://evil")', standardId: standardB, phone: null },
    ];
    const created = [];
    for (const row of rows) created.push(await buildStudent(db, row));
    await buildStudent(db, { name: 'Archived Arjun', standardId: standardA, status: 'archived' });
    batchId = (await buildBatch(db, { name: 'List Batch', studentIds: [created[0]!.id, created[2]!.id] })).id;
  });

  const list = async (query = '') => {
    const response = await call('GET', `/students${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { students: { name: string; batches: { name: string }[]; standard: { level: number } | null }[]; pagination: { page: number; limit: number; total: number } };
  };
  const names = async (query = '') => (await list(query)).students.map((student) => student.name);

  it('pages active students by name by default (case-insensitive), with the total', async () => {
    const first = await list('limit=2');
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5 });
    expect(first.students.map((student) => student.name)).toEqual(['=HYPERLINK("http://evil")', 'aditi Kale']);
    expect(await names('limit=2&page=2')).toEqual(['Bhavesh Joshi', 'Chitra "CJ" Jadhav, Jr']);
    const beyond = await list('limit=2&page=9');
    expect(beyond).toEqual({ students: [], pagination: { page: 9, limit: 2, total: 5 } });
    expect((await list()).pagination).toEqual({ page: 1, limit: 20, total: 5 });
    expect((await list('page=&limit=')).pagination).toEqual({ page: 1, limit: 20, total: 5 });
  });

  it('searches name, email and phone; filters by standard, batch and status', async () => {
    expect(await names('search=bhav')).toEqual(['Bhavesh Joshi']);
    expect(await names('search=9000000001')).toEqual(['Yash More']);
    expect(await names('search=%22CJ%22')).toEqual(['Chitra "CJ" Jadhav, Jr']);
    expect(await names('search=%25')).toEqual([]);
    expect(await names(`standardId=${standardA}`)).toEqual(['Bhavesh Joshi', 'Yash More']);
    expect(await names(`batchId=${batchId}`)).toEqual(['Bhavesh Joshi', 'Yash More']);
    expect((await list(`batchId=${batchId}`)).students[0]!.batches).toEqual([{ _id: batchId, name: 'List Batch' }]);
    expect(await names(`status=archived&standardId=${standardA}`)).toEqual(['Archived Arjun']);
    expect(await names(`status=all&standardId=${standardA}`)).toEqual(['Archived Arjun', 'Bhavesh Joshi', 'Yash More']);
  });

  it('sorts by name, creation time or standard level, either way', async () => {
    expect(await names('sort=name&order=desc')).toEqual(['Yash More', 'Chitra "CJ" Jadhav, Jr', 'Bhavesh Joshi', 'aditi Kale', '=HYPERLINK("http://evil")']);
    expect(await names('sort=createdAt&order=asc')).toEqual(['Yash More', 'aditi Kale', 'Bhavesh Joshi', 'Chitra "CJ" Jadhav, Jr', '=HYPERLINK("http://evil")']);
    expect((await names('sort=createdAt&order=desc'))[0]).toBe('=HYPERLINK("http://evil")');
    const byLevel = await list('sort=standardLevel');
    expect(byLevel.students.map((student) => student.standard?.level ?? null)).toEqual([309, 309, 312, 312, null]);
    expect((await list('sort=standardLevel&order=desc')).students.map((student) => student.standard?.level ?? null)).toEqual([312, 312, 309, 309, null]);
  });

  it('answers 400 naming the parameter for bad queries', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=101', 'limit'],
      ['sort=age', 'sort'],
      ['order=up', 'order'],
      ['status=deleted', 'status'],
      ['standardId=x', 'standardId'],
      ['batchId=1', 'batchId'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ];
    for (const [query, field] of cases) {
      const response = await call('GET', `/students?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors), query).toEqual([field]);
    }
  });

  it('exports the filtered list as an escaped CSV download', async () => {
    const response = await call('GET', `/students/export.csv?sort=name`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="students-\d{4}-\d\d-\d\d\.csv"$/);
    const body = response.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Name,Email,Phone (+91),Gender,Date of birth,Standard,School,Batches,Parent name,Parent phone (+91),Parent email,Address,Admission date,Status');
    expect(lines).toHaveLength(7); // header, five students, final empty line
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)",/);
    expect(lines[4]).toMatch(/^"Chitra ""CJ"" Jadhav, Jr",/);
    // Gender and address nobody gave say so (decision 040).
    expect(lines[5]).toMatch(/^Yash More,[^,]+,9000000001,Not given,,List 9th,,List Batch,/);
    expect(lines[5]).toMatch(/,Not given,\d{4}-\d\d-\d\d,active$/);

    const filtered = await call('GET', `/students/export.csv?standardId=${standardA}&status=all`);
    expect(filtered.body.slice(1).split('\r\n').filter(Boolean)).toHaveLength(4);
    expect((await call('GET', '/students/export.csv?status=nope')).statusCode).toBe(400);
  });

  it("words the headers of every CSV file in the requester's language; the values stay as stored", async () => {
    const db = t.database.db;
    const inLanguage = async (language: 'mr' | 'hi') => {
      const user = await buildUser(db, { role: 'admin' });
      await db.update(users).set({ language }).where(eq(users.id, user.id));
      return loginAs(t.app, user.email);
    };
    const marathi = await inLanguage('mr');
    const firstLine = async (url: string, cookie: string) => {
      const response = await call('GET', url, undefined, cookie);
      expect(response.statusCode, url).toBe(200);
      return response.body.replace(/^\uFEFF/, '').split('\r\n');
    };
    const students = await firstLine('/students/export.csv?sort=name', marathi);
    expect(students[0]).toBe('नाव,ईमेल,मोबाईल नंबर (+91),लिंग,जन्मतारीख,इयत्ता,शाळा,बॅच,पालकांचे नाव,पालकांचा मोबाईल नंबर (+91),पालकांचा ईमेल,पत्ता,प्रवेशाची तारीख,स्थिती');
    // A gender or address nobody gave is worded (decision 040); every other value stays as stored.
    expect(students.slice(1)).toEqual((await firstLine('/students/export.csv?sort=name', t.adminCookie)).slice(1).map((line) => line.replaceAll('Not given', 'दिलेले नाही')));
    expect((await firstLine('/fees/dues.csv', marathi))[0]).toBe('विद्यार्थी,बॅच,हप्ता,देय तारीख,रक्कम (₹),सवलत (₹),भरलेली रक्कम (₹),बाकी (₹),थकीत दिवस,शेवटची आठवण');
    const hindi = await inLanguage('hi');
    expect((await firstLine('/admin/audit-log.csv', hindi))[0]).toBe('कब (UTC),किसने,भूमिका,कार्य,रिकॉर्ड का प्रकार,रिकॉर्ड आईडी,सारांश,बदलाव');
  });
});

describe('a list of 3,000 students', () => {
  it('stays fast: searching, filtering, sorting and paging in well under a second', { timeout: 60_000 }, async () => {
    const db = t.database.db;
    const standard = await buildStandard(db, { name: 'Bulk', level: 400 });
    // Bulk insert in SQL: 3,000 accounts and students in two statements (RETURNING: on Citus an insert of
    // computed rows is a COPY into the shards otherwise, which row-level security refuses; decision 053).
    await db.execute(sql`
      insert into users (name, email, role, password_hash)
      select 'Bulk Student ' || n, 'bulk' || n || '@example.com', 'student', null from generate_series(1, 3000) as n
      returning id
    `);
    await db.execute(sql`
      insert into students (user_id, student_code, standard_id, phone, created_at)
      select u.id, 'BLK-2026-' || lpad(substr(u.email, 5, position('@' in u.email) - 5), 5, '0'), ${standard.id}, '+919' || lpad(substr(u.email, 5, position('@' in u.email) - 5), 9, '0'), now() - (random() * interval '300 days')
      from users u where u.email like 'bulk%@example.com'
      returning id
    `);
    await db.execute(sql`analyze`);
    const timings: Record<string, number> = {};
    for (const query of ['limit=20', 'search=student%2029&limit=20', 'search=900000123', 'sort=standardLevel&order=desc&page=50', 'sort=createdAt&order=desc&limit=100', `standardId=${standard.id}&page=150`]) {
      const started = performance.now();
      const response = await call('GET', `/students?${query}`);
      timings[query] = Math.round(performance.now() - started);
      expect(response.statusCode).toBe(200);
    }
    const total = (await call('GET', `/students?standardId=${standard.id}`)).json().data.pagination.total;
    expect(total).toBe(3000);
    const started = performance.now();
    const csv = await call('GET', `/students/export.csv?standardId=${standard.id}`);
    timings.csv = Math.round(performance.now() - started);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(3001);
    console.log('3,000 students, ms per request:', timings);
    // The goal is well under a second on a quiet machine (the figures above); on a busy 2-core CI host a
    // request can take longer without anything being wrong, so the test fails only on what a lost index
    // or a query per row would cost (several seconds), not on the machine's load.
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(5000);
  });
});

describe('student IDs (issue 21)', () => {
  const numberOf = (code: string) => Number(code.split('-')[2]);

  it('gives every new student the next number of their admission year, without gaps or repeats under concurrency', async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, index) => call('POST', '/students', { name: `Concurrent ${index}`, email: `concurrent-${index}@example.com`, admissionDate: '2031-06-01', password: 'latur-concurrent-2031' })),
    );
    expect(created.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const codes = created.map((response) => response.json().data.studentCode as string);
    expect(codes.every((code) => code.startsWith('LAT-2031-'))).toBe(true);
    expect(codes.map(numberOf).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('gives a refused creation’s number back (the counter lives in the creating transaction)', async () => {
    const first = await call('POST', '/students', { name: 'Gapless One', email: 'gapless-1@example.com', admissionDate: '2032-06-01' });
    const refused = await call('POST', '/students', { name: 'Gapless Dup', email: 'gapless-1@example.com', admissionDate: '2032-06-01' });
    expect(refused.statusCode).toBe(409);
    const second = await call('POST', '/students', { name: 'Gapless Two', email: 'gapless-2@example.com', admissionDate: '2032-06-01' });
    expect([first.json().data.studentCode, second.json().data.studentCode]).toEqual(['LAT-2032-0001', 'LAT-2032-0002']);
  });

  it('finds a student by their ID in the list search', async () => {
    const created = await call('POST', '/students', { name: 'Searchable Code', email: 'searchable-code@example.com', admissionDate: '2033-06-01' });
    const code = created.json().data.studentCode as string;
    const found = await call('GET', `/students?search=${code.toLowerCase()}`);
    expect(found.json().data.students.map((student: { studentCode: string }) => student.studentCode)).toEqual([code]);
  });

  it('lets the student sign in with the ID in any case, and counts those tries with the email’s', async () => {
    const created = await call('POST', '/students', { name: 'Code Login', email: 'code-login@example.com', password: 'latur-code-login-26' });
    const code = created.json().data.studentCode as string;
    const triesOfAccount = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from login_failures where email = 'code-login@example.com'`)).rows[0]!.n;
    expect((await login(code, 'wrong-password-1')).json().message).toBe('Invalid email or password');
    expect(await triesOfAccount()).toBe(1);
    expect((await login('LAT-1999-9999', 'latur-code-login-26')).json().message).toBe('Invalid email or password');
    expect((await login('not an id', 'latur-code-login-26')).statusCode).toBe(400);
    const byCode = await login(code.toLowerCase(), 'latur-code-login-26');
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().data.email).toBe('code-login@example.com');
    expect(await triesOfAccount()).toBe(0);
  });
});

describe("student IDs after an import's undo", () => {
  it('never gives again the number a creation took while the undo waited for it (issue 61, a CI run)', async () => {
    const db = t.database.db;
    const standard = await buildStandard(db);
    const [imported] = await db.transaction((tx) => insertStudents(tx, [{ name: 'Imported Isha', standard: standard.id, admissionDate: '2026-06-01', language: 'en' }]));
    // A creation takes the next number and holds it (its transaction still open) while the undo starts.
    let commitCreation!: () => void;
    let numberTaken!: () => void;
    const taken = new Promise<void>((resolve) => (numberTaken = resolve));
    const account = await buildUser(db, { role: 'student' });
    const creation = db.transaction(async (tx) => {
      await tx.insert(students).values({ userId: account.id, studentCode: await nextStudentCode(tx, '2026-06-01'), standardId: standard.id });
      numberTaken();
      await new Promise<void>((resolve) => (commitCreation = resolve));
    });
    await taken;
    const undo = db.transaction((tx) => removeImportedStudents(tx, [imported!]));
    // Commits once the undo waits for the counter's row (or after 5 s, whatever the undo does).
    for (let waited = 0; waited < 5000; waited += 50) {
      const waiting = await db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      if (waiting.rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    commitCreation();
    await Promise.all([creation, undo]);
    // The next students get numbers of their own (the undo gave back the imported student's number only).
    for (const name of ['First After', 'Second After']) {
      const response = await call('POST', '/students', { name, email: `${name.replace(' ', '.').toLowerCase()}@example.com`, standard: standard.id, admissionDate: '2026-06-01' });
      expect(response.statusCode).toBe(201);
    }
    const twice = await db.execute(sql`select student_code from students group by student_code having count(*) > 1`);
    expect(twice.rows).toEqual([]);
  });
});
