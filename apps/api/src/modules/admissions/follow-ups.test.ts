import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shiftDate } from '@academy/shared/calendar';
import { admissionEnquiries, auditLog } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildEnquiry, buildStudent, buildUser, loginAs } from '../../../test/factories';
import { academyToday } from '../../academy-settings';

/*
 * Follow-ups (issue 41): PATCH of the follow-up fields, the contacts log, the followUp filter and the
 * reasons of rejected and lost enquiries. "Today" is the academy's, read once: every date below is
 * relative to it, so the file holds on any day and in any server time zone.
 */
let t: TestApp;
let admin: { id: string; name: string };
let adminCookie: string;
let today: string;
beforeAll(async () => {
  t = await buildTestApp();
  const user = await buildUser(t.database.db, { role: 'admin', name: 'Office Desk' });
  admin = { id: user.id, name: user.name };
  adminCookie = await loginAs(t.app, user.email);
  today = await academyToday(t.database.db);
});
afterAll(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: adminCookie }, ...(payload ? { payload } : {}) });
const names = (response: { json: () => { data: { enquiries: { studentName: string }[] } } }) => response.json().data.enquiries.map((enquiry) => enquiry.studentName);

describe('PATCH /api/admission-enquiries/{id}', () => {
  it('sets the follow-up day, the source and the assignee, audits the change, and clears with null', async () => {
    const enquiry = await buildEnquiry(t.database.db);
    const nextWeek = shiftDate(today, 7);
    const response = await asAdmin('PATCH', `/api/admission-enquiries/${enquiry.id}`, { followUpOn: nextWeek, source: 'newspaper', assignedTo: admin.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Follow-up saved');
    expect(response.json().data).toMatchObject({ followUpOn: nextWeek, source: 'newspaper', form: 'admission', assignedTo: { _id: admin.id, name: admin.name }, referredBy: null });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, enquiry.id));
    expect(entry).toMatchObject({ action: 'update', summaryKey: 'enquiry.follow_up', changes: { followUpOn: { old: null, new: nextWeek }, source: { old: 'website', new: 'newspaper' } } });

    const cleared = await asAdmin('PATCH', `/api/admission-enquiries/${enquiry.id}`, { followUpOn: null, assignedTo: '' });
    expect(cleared.json().data).toMatchObject({ followUpOn: null, assignedTo: null, source: 'newspaper' });
  });

  it('keeps a referring student only with the source referral', async () => {
    const referrer = await buildStudent(t.database.db, { name: 'Kiran Referrer' });
    const enquiry = await buildEnquiry(t.database.db);
    const referral = await asAdmin('PATCH', `/api/admission-enquiries/${enquiry.id}`, { source: 'referral', referredBy: referrer.id });
    expect(referral.statusCode).toBe(200);
    expect(referral.json().data).toMatchObject({ source: 'referral', referredBy: { _id: referrer.id, name: 'Kiran Referrer' } });

    const mixed = await asAdmin('PATCH', `/api/admission-enquiries/${enquiry.id}`, { source: 'phone', referredBy: referrer.id });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors.referredBy).toBe('A referring student can only be given when the source is referral');
    // Another source on its own drops the referring student.
    const moved = await asAdmin('PATCH', `/api/admission-enquiries/${enquiry.id}`, { source: 'phone' });
    expect(moved.json().data).toMatchObject({ source: 'phone', referredBy: null });
  });

  it('refuses bad input with 400 and an unknown enquiry with 404', async () => {
    const enquiry = await buildEnquiry(t.database.db);
    const teacher = await buildUser(t.database.db, { role: 'teacher' });
    const formerAdmin = await buildUser(t.database.db, { role: 'admin', isActive: false });
    const cases: [object, string, string][] = [
      [{}, 'message', 'Send at least one of followUpOn, source, referredBy, assignedTo'],
      [{ followUpOn: '12-06-2026' }, 'followUpOn', 'Enter the follow-up date as YYYY-MM-DD'],
      [{ followUpOn: shiftDate(today, -1) }, 'followUpOn', 'The follow-up date cannot be in the past'],
      [{ followUpOn: shiftDate(today, 400) }, 'followUpOn', 'Choose a follow-up date within a year'],
      [{ source: 'billboard' }, 'source', 'Source must be one of: walk_in, phone, website, referral, newspaper, social_media, school_visit, other'],
      [{ assignedTo: teacher.id }, 'assignedTo', 'Enquiries can only be assigned to an active office account'],
      [{ assignedTo: formerAdmin.id }, 'assignedTo', 'Enquiries can only be assigned to an active office account'],
      [{ assignedTo: 'someone' }, 'assignedTo', 'Choose who handles this enquiry from the list'],
      [{ source: 'referral', referredBy: UNKNOWN }, 'referredBy', 'Choose the referring student from the list'],
    ];
    for (const [body, field, message] of cases) {
      const response = await asAdmin('PATCH', `/api/admission-enquiries/${enquiry.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(field === 'message' ? response.json().message : response.json().errors[field], JSON.stringify(body)).toBe(message);
    }
    const [unchanged] = await t.database.db.select().from(admissionEnquiries).where(eq(admissionEnquiries.id, enquiry.id));
    expect(unchanged).toMatchObject({ followUpOn: null, source: 'website', assignedTo: null });

    expect((await asAdmin('PATCH', `/api/admission-enquiries/${UNKNOWN}`, { source: 'phone' })).statusCode).toBe(404);
    expect((await asAdmin('PATCH', '/api/admission-enquiries/not-an-id', { source: 'phone' })).statusCode).toBe(400);
  });

  it('lists the accounts an enquiry can be assigned to: active admins only', async () => {
    const inactive = await buildUser(t.database.db, { role: 'admin', isActive: false, name: 'Gone Admin' });
    const response = await asAdmin('GET', '/api/admission-enquiries/assignees');
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((person: { _id: string }) => person._id);
    expect(ids).toContain(admin.id);
    expect(ids).not.toContain(inactive.id);
  });
});

describe('POST /api/admission-enquiries/{id}/contacts', () => {
  it('logs a call, moves the follow-up, and a new enquiry becomes contacted in the history', async () => {
    const enquiry = await buildEnquiry(t.database.db, { studentName: 'Call Me Today', followUpOn: today });
    const nextWeek = shiftDate(today, 7);
    const response = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/contacts`, { kind: 'call', outcome: 'call_back', note: ' Father asks to call after the exam ', followUpOn: nextWeek });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Contact logged');
    const detail = response.json().data;
    expect(detail).toMatchObject({ status: 'contacted', followUpOn: nextWeek });
    expect(detail.contacts).toEqual([
      { _id: expect.any(String), kind: 'call', outcome: 'call_back', note: 'Father asks to call after the exam', followUpOn: nextWeek, createdBy: { _id: admin.id, name: admin.name }, createdAt: expect.any(String) },
    ]);
    expect(detail.history.at(-1)).toMatchObject({ fromStatus: 'new', toStatus: 'contacted', changedBy: { name: admin.name } });
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, enquiry.id))).map((entry) => entry.action).sort();
    expect(actions).toEqual(['contact', 'status']);

    // The logged call took it off today's list.
    expect(names(await asAdmin('GET', '/api/admission-enquiries?followUp=today&limit=100'))).not.toContain('Call Me Today');

    // A second contact keeps the status, lists newest first, and leaves a later follow-up alone.
    const second = (await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/contacts`, { kind: 'whatsapp', outcome: 'interested' })).json().data;
    expect(second).toMatchObject({ status: 'contacted', followUpOn: nextWeek });
    expect(second.contacts.map((contact: { kind: string }) => contact.kind)).toEqual(['whatsapp', 'call']);
    expect(second.history.filter((change: { toStatus: string }) => change.toStatus === 'contacted')).toHaveLength(1);
  });

  it('settles a due follow-up when no next day is given', async () => {
    const overdue = await buildEnquiry(t.database.db, { status: 'contacted' });
    await t.database.db.update(admissionEnquiries).set({ followUpOn: shiftDate(today, -3) }).where(eq(admissionEnquiries.id, overdue.id));
    const detail = (await asAdmin('POST', `/api/admission-enquiries/${overdue.id}/contacts`, { kind: 'visit', outcome: 'undecided' })).json().data;
    expect(detail.followUpOn).toBeNull();
  });

  it('refuses a bad contact with 400 and an unknown enquiry with 404', async () => {
    const enquiry = await buildEnquiry(t.database.db);
    const bad = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/contacts`, { kind: 'letter', outcome: 'maybe', note: 'x'.repeat(1001), followUpOn: shiftDate(today, -1) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      kind: 'Contact kind must be one of: call, whatsapp, visit',
      outcome: 'Outcome must be one of: interested, undecided, call_back, no_answer, not_interested, wrong_number',
      note: 'Note must be at most 1000 characters',
    });
    const past = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/contacts`, { kind: 'call', outcome: 'no_answer', followUpOn: shiftDate(today, -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.followUpOn).toBe('The follow-up date cannot be in the past');
    const [untouched] = await t.database.db.select().from(admissionEnquiries).where(eq(admissionEnquiries.id, enquiry.id));
    expect(untouched!.status).toBe('new');
    expect((await asAdmin('POST', `/api/admission-enquiries/${UNKNOWN}/contacts`, { kind: 'call', outcome: 'no_answer' })).statusCode).toBe(404);
  });
});

describe('GET /api/admission-enquiries?followUp=', () => {
  it('lists open enquiries due today, overdue, or in the seven days from today, earliest first', async () => {
    const db = t.database.db;
    const tag = 'Followtest';
    const at = async (name: string, offset: number, status: 'new' | 'contacted' | 'admitted' | 'lost' = 'new') => {
      const enquiry = await buildEnquiry(db, { studentName: `${tag} ${name}`, status });
      await db.update(admissionEnquiries).set({ followUpOn: shiftDate(today, offset) }).where(eq(admissionEnquiries.id, enquiry.id));
    };
    await at('today', 0);
    await at('today contacted', 0, 'contacted');
    await at('today admitted', 0, 'admitted');
    await at('yesterday', -1, 'contacted');
    await at('last week', -7);
    await at('lost last week', -7, 'lost');
    await at('in three days', 3);
    await at('in six days', 6);
    await at('in seven days', 7);
    await buildEnquiry(db, { studentName: `${tag} no date` });
    const list = (followUp: string) => asAdmin('GET', `/api/admission-enquiries?followUp=${followUp}&search=${tag}&limit=100`);

    expect(names(await list('today')).sort()).toEqual([`${tag} today`, `${tag} today contacted`]);
    expect(names(await list('overdue'))).toEqual([`${tag} last week`, `${tag} yesterday`]);
    expect(names(await list('week')).slice(2)).toEqual([`${tag} in three days`, `${tag} in six days`]);
    expect(names(await list('week')).slice(0, 2).sort()).toEqual([`${tag} today`, `${tag} today contacted`]);
    expect((await list('week')).json().data.pagination.total).toBe(4);

    const bad = await asAdmin('GET', '/api/admission-enquiries?followUp=tomorrow');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Follow-up must be one of: today, overdue, week');
  });
});

describe('rejected and lost need a reason', () => {
  const patchStatus = (id: string, body: object) => asAdmin('PATCH', `/api/admission-enquiries/${id}/status`, body);

  it('refuses a rejection or a loss without a reason, and "other" without a note', async () => {
    const enquiry = await buildEnquiry(t.database.db, { status: 'contacted' });
    for (const status of ['rejected', 'lost']) {
      const refused = await patchStatus(enquiry.id, { status });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.reason).toBe('Choose why the enquiry is rejected or lost');
    }
    const unknown = await patchStatus(enquiry.id, { status: 'lost', reason: 'weather' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.reason).toMatch(/^Reason must be one of: joined_elsewhere, fees/);
    const other = await patchStatus(enquiry.id, { status: 'lost', reason: 'other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.note).toBe('Say in a note what the other reason is');
    const [row] = await t.database.db.select().from(admissionEnquiries).where(eq(admissionEnquiries.id, enquiry.id));
    expect(row!.status).toBe('contacted');
  });

  it('stores the reason on the enquiry and in the history, clears the follow-up, and a reopen clears the reason', async () => {
    const enquiry = await buildEnquiry(t.database.db, { status: 'contacted', followUpOn: shiftDate(today, 2) });
    const lost = await patchStatus(enquiry.id, { status: 'lost', reason: 'joined_elsewhere', note: 'Went to the academy near their home' });
    expect(lost.statusCode).toBe(200);
    expect(lost.json().data).toMatchObject({ status: 'lost', lostReason: 'joined_elsewhere', lostNote: 'Went to the academy near their home', followUpOn: null, allowedStatuses: ['contacted'] });
    expect(lost.json().data.history.at(-1)).toMatchObject({ fromStatus: 'contacted', toStatus: 'lost', reason: 'joined_elsewhere', note: 'Went to the academy near their home' });

    const reopened = (await patchStatus(enquiry.id, { status: 'contacted', reason: 'fees' })).json().data;
    expect(reopened).toMatchObject({ status: 'contacted', lostReason: null, lostNote: null });
    // The reason stays in the history of the earlier move; the reopen carries none.
    expect(reopened.history.at(-1)).toMatchObject({ toStatus: 'contacted', reason: null });

    const rejected = (await patchStatus(enquiry.id, { status: 'rejected', reason: 'batch_full' })).json().data;
    expect(rejected).toMatchObject({ status: 'rejected', lostReason: 'batch_full', lostNote: null });
  });
});

describe('the office records source, referral and follow-up; the public forms record website and the campaign', () => {
  it('an office enquiry with a follow-up today shows in the today list', async () => {
    const referrer = await buildStudent(t.database.db, { name: 'Priya Referrer' });
    const response = await asAdmin('POST', '/api/admission-enquiries/office', {
      studentName: 'Office Followup Kale',
      phone: '9822077777',
      source: 'referral',
      referredBy: referrer.id,
      followUpOn: today,
      assignedTo: admin.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ form: 'office', source: 'referral', referredBy: { name: 'Priya Referrer' }, followUpOn: today, assignedTo: { _id: admin.id } });
    expect(names(await asAdmin('GET', '/api/admission-enquiries?followUp=today&search=Office%20Followup'))).toEqual(['Office Followup Kale']);

    const walkIn = (await asAdmin('POST', '/api/admission-enquiries/office', { studentName: 'Plain Walkin', phone: '9822077778' })).json().data;
    expect(walkIn).toMatchObject({ form: 'office', source: 'walk_in', followUpOn: null, assignedTo: null });
    const mixed = await asAdmin('POST', '/api/admission-enquiries/office', { studentName: 'Mixed Up', phone: '9822077779', source: 'phone', referredBy: referrer.id });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors.referredBy).toBe('A referring student can only be given when the source is referral');
  });

  it("keeps the family's language the office picks, for their WhatsApp messages; English when not given", async () => {
    const marathi = await asAdmin('POST', '/api/admission-enquiries/office', { studentName: 'Marathi Family', phone: '9822077781', language: 'mr' });
    expect(marathi.statusCode).toBe(201);
    expect(marathi.json().data.language).toBe('mr');
    expect((await asAdmin('POST', '/api/admission-enquiries/office', { studentName: 'Plain Family', phone: '9822077782' })).json().data.language).toBe('en');
    const id = marathi.json().data._id as string;
    expect((await asAdmin('PUT', `/api/admission-enquiries/${id}`, { language: 'hi' })).json().data.language).toBe('hi');
    const bad = await asAdmin('POST', '/api/admission-enquiries/office', { studentName: 'Bad Language', phone: '9822077783', language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.language).toBe('Choose English, Marathi or Hindi');
  });

  it('a contact message records website and the campaign tags, trimmed and cut to 100 characters', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admission-enquiries/contact',
      remoteAddress: '10.41.0.1',
      payload: { name: 'Campaign Visitor', phone: '9822088888', message: 'Fees?', utmSource: '  whatsapp  ', utmCampaign: 'c'.repeat(150) },
    });
    expect(response.statusCode).toBe(201);
    const [row] = (await asAdmin('GET', '/api/admission-enquiries?search=Campaign%20Visitor')).json().data.enquiries;
    expect(row).toMatchObject({ form: 'contact', source: 'website', utmSource: 'whatsapp', utmCampaign: 'c'.repeat(100) });
  });
});

describe('only the office', () => {
  it('answers 403 to a teacher, a student and a parent', async () => {
    const enquiry = await buildEnquiry(t.database.db);
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const user = await buildUser(t.database.db, { role });
      const cookie = await loginAs(t.app, user.email);
      const calls = [
        t.app.inject({ method: 'PATCH', url: `/api/admission-enquiries/${enquiry.id}`, headers: { cookie }, payload: { source: 'phone' } }),
        t.app.inject({ method: 'POST', url: `/api/admission-enquiries/${enquiry.id}/contacts`, headers: { cookie }, payload: { kind: 'call', outcome: 'no_answer' } }),
        t.app.inject({ method: 'GET', url: '/api/admission-enquiries?followUp=today', headers: { cookie } }),
        t.app.inject({ method: 'GET', url: '/api/admission-enquiries/assignees', headers: { cookie } }),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode, role).toBe(403);
    }
    const [row] = await t.database.db.select().from(admissionEnquiries).where(eq(admissionEnquiries.id, enquiry.id));
    expect(row).toMatchObject({ source: 'website', status: 'new' });
  });
});
