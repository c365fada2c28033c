import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { shareTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStudent, buildTeacher, loginAs } from '../../../test/factories';
import { vtimezoneLines } from '../batches/schedule.service';

const t = shareTestApp();

const feedPath = (url: string) => new URL(url).pathname;

describe('calendar feed addresses', () => {
  it('gives a student a secret address that a calendar fetches without a session, and a new one stops the old', async () => {
    const db = t.database.db;
    const student = await buildStudent(db);
    const batch = await buildBatch(db, { studentIds: [student.id] });
    const cookie = await loginAs(t.app, student.user.email);

    const before = await t.app.inject({ method: 'GET', url: '/api/calendar-feed', headers: { cookie } });
    expect(before.json().data).toEqual({ active: false, createdAt: null });

    const created = await t.app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie } });
    expect(created.statusCode).toBe(200);
    const first = created.json().data.url as string;
    expect(first).toMatch(/^http:\/\/localhost(:\d+)?\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await t.app.inject({ method: 'GET', url: feedPath(first) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain(`UID:batch-${batch.id}@academy`);
    expect(feed.body).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Kolkata\r\n');

    const status = await t.app.inject({ method: 'GET', url: '/api/calendar-feed', headers: { cookie } });
    expect(status.json().data.active).toBe(true);

    const second = (await t.app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie } })).json().data.url as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: feedPath(first) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: feedPath(second) })).statusCode).toBe(200);

    await t.app.inject({ method: 'DELETE', url: '/api/calendar-feed', headers: { cookie } });
    expect((await t.app.inject({ method: 'GET', url: feedPath(second) })).statusCode).toBe(404);
  });

  it('is in its owner’s language: the calendar’s name, the teacher and the days from the server catalog (issue 53)', async () => {
    const db = t.database.db;
    const student = await buildStudent(db);
    await db.update(users).set({ language: 'mr' }).where(eq(users.id, student.user.id));
    const teacher = await buildTeacher(db, { name: 'Sunita Deshmukh' });
    await buildBatch(db, { studentIds: [student.id], teacherId: teacher.id });
    const cookie = await loginAs(t.app, student.user.email);
    const url = (await t.app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie } })).json().data.url as string;
    // Fetched by a phone's calendar app: no session, no language of its own (an English Accept-Language).
    const feed = (await t.app.inject({ method: 'GET', url: feedPath(url), headers: { 'accept-language': 'en-US' } })).body.replace(/\r\n /g, '');
    expect(feed).toMatch(/X-WR-CALNAME:.+: तासिका\r\n/);
    expect(feed).toMatch(/SUMMARY;LANGUAGE=mr:/);
    expect(feed).toMatch(/DESCRIPTION;LANGUAGE=mr:.*\\nशिक्षक: Sunita Deshmukh\\n(सोम|मंगळ|बुध|गुरु|शुक्र|शनि|रवि)/);
    expect(feed).not.toContain('Teacher:');
    // Its owner switching to Hindi: the same address reads in Hindi.
    await db.update(users).set({ language: 'hi' }).where(eq(users.id, student.user.id));
    const hindi = (await t.app.inject({ method: 'GET', url: feedPath(url) })).body.replace(/\r\n /g, '');
    expect(hindi).toMatch(/X-WR-CALNAME:.+: कक्षाएँ\r\n/);
    expect(hindi).toContain('LANGUAGE=hi');
  });

  it("stops answering when the owner's account is deactivated, and refuses malformed addresses with 400", async () => {
    const db = t.database.db;
    const teacher = await buildTeacher(db);
    const cookie = await loginAs(t.app, teacher.user.email);
    const url = (await t.app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie } })).json().data.url as string;
    expect((await t.app.inject({ method: 'GET', url: feedPath(url) })).statusCode).toBe(200);
    await db.update(users).set({ isActive: false }).where(eq(users.id, teacher.user.id));
    const gone = await t.app.inject({ method: 'GET', url: feedPath(url) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This calendar address is no longer valid');
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });
});

describe('VTIMEZONE', () => {
  it('describes a zone without daylight saving in one STANDARD block, and leaves zones with it to the client', () => {
    expect(vtimezoneLines('Asia/Kolkata')).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Kolkata',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0530',
      'TZOFFSETTO:+0530',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    expect(vtimezoneLines('Europe/London')).toEqual([]);
  });
});
