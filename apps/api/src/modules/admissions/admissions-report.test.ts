import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admissionDemos, admissionEnquiries, admissionEnquiryContacts, admissionEnquiryStatusChanges } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildEnquiry, buildStandard, buildUser, loginAs } from '../../../test/factories';

/*
 * GET /api/admissions/report (issue 41): a season of enquiries with fixed dates in the academy's time
 * zone (Asia/Kolkata, the default), counted per source and per standard through the funnel.
 */
let t: TestApp;
let adminCookie: string;
let tenth: { id: string; name: string; level: number };
let ninth: { id: string; name: string; level: number };
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const admin = await buildUser(db, { role: 'admin' });
  adminCookie = await loginAs(t.app, admin.email);
  tenth = await buildStandard(db, { name: '10th Standard', level: 10 });
  ninth = await buildStandard(db, { name: '9th Standard', level: 9 });
  const batch = await buildBatch(db, { standardId: tenth.id });

  const at = (instant: string) => new Date(instant);
  const enquiry = (fields: Parameters<typeof buildEnquiry>[1]) => buildEnquiry(db, fields);
  const admittedOn = (enquiryId: string, instant: string) =>
    db.insert(admissionEnquiryStatusChanges).values([
      { enquiryId, fromStatus: 'new', toStatus: 'contacted', changedAt: at(instant) },
      { enquiryId, fromStatus: 'contacted', toStatus: 'admitted', changedAt: at(instant) },
    ]);

  // 1 April, 01:00 in Latur is still 31 March in UTC: it belongs to the season.
  const a = await enquiry({ source: 'walk_in', standardId: tenth.id, status: 'admitted', createdAt: at('2025-04-01T01:00:00+05:30') });
  await admittedOn(a.id, '2025-04-05T12:00:00+05:30');
  await db.insert(admissionEnquiryContacts).values({ enquiryId: a.id, kind: 'call', outcome: 'interested' });
  await db.insert(admissionDemos).values({ enquiryId: a.id, batchId: batch.id, date: '2025-04-03' });
  const b = await enquiry({ source: 'walk_in', standardId: tenth.id, status: 'admitted', createdAt: at('2025-04-20T10:00:00+05:30') });
  await admittedOn(b.id, '2025-04-30T09:00:00+05:30');
  const c = await enquiry({ source: 'walk_in', standardId: ninth.id, status: 'lost', createdAt: at('2025-05-02T10:00:00+05:30') });
  await enquiry({ source: 'website', standardId: ninth.id, createdAt: at('2025-05-03T10:00:00+05:30') });
  // Still new, but called and booked into a demo: contacted all the same.
  const e = await enquiry({ source: 'website', standardId: tenth.id, createdAt: at('2025-05-04T10:00:00+05:30') });
  await db.insert(admissionEnquiryContacts).values({ enquiryId: e.id, kind: 'whatsapp', outcome: 'undecided' });
  await db.insert(admissionDemos).values({ enquiryId: e.id, batchId: batch.id, date: '2025-05-06' });
  const f = await enquiry({ source: 'referral', standardId: null, status: 'rejected', createdAt: at('2025-06-10T10:00:00+05:30') });
  const g = await enquiry({ source: 'newspaper', standardId: tenth.id, status: 'rejected', createdAt: at('2025-06-30T23:30:00+05:30') });
  // Outside the season: the evening before it, and 1 July just after midnight in Latur (30 June in UTC).
  await enquiry({ source: 'walk_in', standardId: tenth.id, createdAt: at('2025-03-31T23:00:00+05:30') });
  await enquiry({ source: 'walk_in', standardId: tenth.id, status: 'admitted', createdAt: at('2025-07-01T00:30:00+05:30') });

  await db.update(admissionEnquiries).set({ lostReason: 'fees' }).where(eq(admissionEnquiries.id, c.id));
  await db.update(admissionEnquiries).set({ lostReason: 'fees' }).where(eq(admissionEnquiries.id, f.id));
  await db.update(admissionEnquiries).set({ lostReason: 'batch_full' }).where(eq(admissionEnquiries.id, g.id));
});
afterAll(() => t.close());

const report = (query: string, cookie = adminCookie) => t.app.inject({ method: 'GET', url: `/api/admissions/report${query}`, headers: { cookie } });

describe('GET /api/admissions/report', () => {
  it('counts the funnel per source and per standard, with conversion, median days and reasons', async () => {
    const response = await report('?from=2025-04-01&to=2025-06-30');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.total).toEqual({ enquiries: 7, contacted: 6, demo: 2, admitted: 2, conversion: 28.6, medianDaysToAdmit: 7 });
    expect(data.bySource).toEqual([
      { source: 'walk_in', enquiries: 3, contacted: 3, demo: 1, admitted: 2, conversion: 66.7, medianDaysToAdmit: 7 },
      { source: 'website', enquiries: 2, contacted: 1, demo: 1, admitted: 0, conversion: 0, medianDaysToAdmit: null },
      { source: 'newspaper', enquiries: 1, contacted: 1, demo: 0, admitted: 0, conversion: 0, medianDaysToAdmit: null },
      { source: 'referral', enquiries: 1, contacted: 1, demo: 0, admitted: 0, conversion: 0, medianDaysToAdmit: null },
    ]);
    expect(data.byStandard).toEqual([
      { standard: { _id: ninth.id, name: '9th Standard', level: 9 }, enquiries: 2, contacted: 1, demo: 0, admitted: 0, conversion: 0, medianDaysToAdmit: null },
      { standard: { _id: tenth.id, name: '10th Standard', level: 10 }, enquiries: 4, contacted: 4, demo: 2, admitted: 2, conversion: 50, medianDaysToAdmit: 7 },
      { standard: null, enquiries: 1, contacted: 1, demo: 0, admitted: 0, conversion: 0, medianDaysToAdmit: null },
    ]);
    expect(data.lostReasons).toEqual([
      { reason: 'fees', rejected: 1, lost: 1, total: 2 },
      { reason: 'batch_full', rejected: 1, lost: 0, total: 1 },
    ]);
  });

  it('answers an empty range with zeros and no conversion', async () => {
    const data = (await report('?from=2024-01-01&to=2024-01-31')).json().data;
    expect(data).toEqual({
      from: '2024-01-01',
      to: '2024-01-31',
      total: { enquiries: 0, contacted: 0, demo: 0, admitted: 0, conversion: null, medianDaysToAdmit: null },
      bySource: [],
      byStandard: [],
      lostReasons: [],
    });
  });

  it('refuses a missing, malformed, reversed or too long range with 400', async () => {
    const cases: [string, string, string][] = [
      ['', 'from', 'Enter the "from" date as YYYY-MM-DD'],
      ['?from=2025-04-01', 'to', 'Enter the "to" date as YYYY-MM-DD'],
      ['?from=01-04-2025&to=2025-06-30', 'from', 'Enter the "from" date as YYYY-MM-DD'],
      ['?from=2025-02-30&to=2025-06-30', 'from', 'Enter the "from" date as YYYY-MM-DD'],
      ['?from=2025-07-01&to=2025-06-30', 'from', 'The "from" date must be on or before the "to" date'],
      ['?from=2022-04-01&to=2025-06-30', 'to', 'Choose at most two years'],
    ];
    for (const [query, field, message] of cases) {
      const response = await report(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[field], query).toBe(message);
    }
  });

  it('answers 403 to a teacher, a student and a parent', async () => {
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const user = await buildUser(t.database.db, { role });
      expect((await report('?from=2025-04-01&to=2025-06-30', await loginAs(t.app, user.email))).statusCode, role).toBe(403);
    }
  });
});
