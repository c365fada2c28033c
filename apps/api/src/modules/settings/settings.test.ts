import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { academySettings } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildUser, loginAs } from '../../../test/factories';
import { DEFAULT_ACADEMY_SETTINGS, getAcademySettings } from './settings.service';

let t: TestApp;
const cookies = { admin: '', teacher: '', student: '' };
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const [admin, teacher, student] = await Promise.all([buildUser(db, { role: 'admin' }), buildUser(db, { role: 'teacher' }), buildUser(db, { role: 'student' })]);
  cookies.admin = await loginAs(t.app, admin.email);
  cookies.teacher = await loginAs(t.app, teacher.email);
  cookies.student = await loginAs(t.app, student.email);
});
afterAll(() => t.close());

const validSettings = {
  name: 'Saraswati Classes',
  tagline: 'Board, JEE and NEET coaching since 2009',
  address: 'Ausa Road, Latur, Maharashtra 413531',
  phones: ['9822012345', '+91 9890023456', '+91-7020034567'],
  email: 'Office@Saraswati.example.in',
  officeHours: 'Monday to Saturday 9:00 AM to 7:00 PM, Sunday closed',
  socialLinks: { facebook: 'https://facebook.com/saraswati.latur', instagram: '', youtube: null, whatsapp: 'https://wa.me/919822012345' },
  timeZone: 'Asia/Kolkata',
};

const getPublic = () => t.app.inject({ method: 'GET', url: '/api/settings/public' });
const getAdmin = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: cookie ? { cookie } : {} });
const put = (payload: unknown, cookie = cookies.admin) => t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: payload as object });

describe('academy settings', () => {
  it('starts with the defaults, created on first read as the one and only row', async () => {
    const response = await getPublic();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        name: 'Shree Academy, Latur',
        tagline: DEFAULT_ACADEMY_SETTINGS.tagline,
        address: expect.stringContaining('Latur, Maharashtra'),
        phones: DEFAULT_ACADEMY_SETTINGS.phones,
        email: DEFAULT_ACADEMY_SETTINGS.email,
        officeHours: 'Monday to Saturday 10:00 AM to 6:00 PM, Sunday closed',
        socialLinks: { facebook: null, instagram: null, youtube: null, whatsapp: null },
        timeZone: 'Asia/Kolkata',
        // None by default: the landing page hides the section.
        testimonials: [],
      },
    });
    await Promise.all([getAcademySettings(t.database.db), getAcademySettings(t.database.db), getPublic()]);
    const [rows] = (await t.database.db.execute<{ count: number }>(sql`select count(*)::int as count from academy_settings`)).rows;
    expect(rows!.count).toBe(1);
  });

  it('cannot hold a second row', async () => {
    await expect(t.database.db.insert(academySettings).values({ id: 2, ...DEFAULT_ACADEMY_SETTINGS })).rejects.toThrow();
  });

  it('answers 401 to a visitor and 403 to a teacher or a student, for reading and for saving', async () => {
    const anonymous = await getAdmin();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: 'Please sign in to continue' });
    // A visitor learns nothing about the fields, even with a bad body.
    const anonymousPut = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: { name: '' } });
    expect(anonymousPut.statusCode).toBe(401);
    for (const cookie of [cookies.teacher, cookies.student]) {
      expect((await getAdmin(cookie)).statusCode).toBe(403);
      const response = await put(validSettings, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'You do not have permission to do this' });
    }
    expect((await getPublic()).json().data.name).toBe('Shree Academy, Latur');
  });

  it('lets the admin read and save them; the public endpoint shows the change without internal fields', async () => {
    const before = await getAdmin(cookies.admin);
    expect(before.statusCode).toBe(200);
    expect(before.json().data.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const saved = await put(validSettings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      message: 'Academy settings saved',
      data: {
        ...validSettings,
        email: 'office@saraswati.example.in',
        phones: ['+919822012345', '+919890023456', '+917020034567'],
        socialLinks: { facebook: 'https://facebook.com/saraswati.latur', instagram: null, youtube: null, whatsapp: 'https://wa.me/919822012345' },
        // Not sent, so unchanged: the default daily backup time.
        backupTime: '02:00',
        testimonials: [],
        updatedAt: expect.any(String),
      },
    });
    expect(new Date(saved.json().data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(before.json().data.updatedAt).getTime());

    const publicView = (await getPublic()).json().data;
    expect(publicView.name).toBe('Saraswati Classes');
    expect(Object.keys(publicView).sort()).toEqual(['address', 'email', 'name', 'officeHours', 'phones', 'socialLinks', 'tagline', 'testimonials', 'timeZone']);
    expect((await getAcademySettings(t.database.db)).timeZone).toBe('Asia/Kolkata');
  });

  it('answers 400 naming the field for invalid settings, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '  ' }, 'name', /Name is required/],
      [{ name: 'Line one\nLine two' }, 'name', /one line/],
      [{ phones: ['9822012345', '9890023456'] }, 'phones', /exactly three/],
      [{ phones: ['9822012345', '12345', '9890023456'] }, 'phones.1', /10-digit Indian mobile/],
      [{ phones: ['9822012345', '9890023456', '+1 2025550123'] }, 'phones.2', /10-digit Indian mobile/],
      [{ email: 'office-at-example' }, 'email', /valid email/],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', /time zone/],
      [{ timeZone: '+05:30' }, 'timeZone', /time zone/],
      [{ socialLinks: { ...validSettings.socialLinks, facebook: 'javascript:alert(1)' } }, 'socialLinks.facebook', /https:\/\//],
      [{ socialLinks: { ...validSettings.socialLinks, youtube: 'youtube.com/latur' } }, 'socialLinks.youtube', /https:\/\//],
      [{ officeHours: 'x'.repeat(201) }, 'officeHours', /at most 200/],
      [{ address: undefined }, 'address', /Address is required/],
    ];
    for (const [change, field, message] of cases) {
      const response = await put({ ...validSettings, ...change });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().success).toBe(false);
      expect(response.json().errors[field]).toMatch(message);
      expect(response.json().message).toMatch(message);
    }
    for (const payload of ['[]', 'null', '"text"']) {
      const response = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', payload, headers: { cookie: cookies.admin, 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(400);
    }
    expect((await getPublic()).json().data.name).toBe('Saraswati Classes');
  });

  it('keeps the testimonials the admin enters (public too), leaves them alone when not sent, and refuses bad ones', async () => {
    const testimonials = [{ quote: '  The weekly tests helped.  ', name: 'Sunita Shinde', detail: 'Parent of a 10th student' }, { quote: 'Good teachers.', name: 'Omkar' }];
    const saved = await put({ ...validSettings, testimonials });
    expect(saved.statusCode).toBe(200);
    const expected = [
      { quote: 'The weekly tests helped.', name: 'Sunita Shinde', detail: 'Parent of a 10th student' },
      { quote: 'Good teachers.', name: 'Omkar', detail: '' },
    ];
    expect((await getPublic()).json().data.testimonials).toEqual(expected);
    // Not sent: unchanged.
    expect((await put(validSettings)).json().data.testimonials).toEqual(expected);
    const bad = await put({ ...validSettings, testimonials: [{ quote: '', name: 'X' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['testimonials.0.quote']).toBe('Quote is required');
    const tooMany = await put({ ...validSettings, testimonials: Array.from({ length: 7 }, () => ({ quote: 'q', name: 'n' })) });
    expect(tooMany.json().errors.testimonials).toBe('At most 6 testimonials');
    // [] removes them all.
    expect((await put({ ...validSettings, testimonials: [] })).json().data.testimonials).toEqual([]);
  });

  it('accepts other real time zones, including the old and the canonical names', async () => {
    for (const timeZone of ['Asia/Calcutta', 'Asia/Dubai', 'UTC', 'Asia/Kolkata']) {
      const response = await put({ ...validSettings, timeZone });
      expect(response.statusCode, timeZone).toBe(200);
      expect(response.json().data.timeZone).toBe(timeZone);
    }
  });
});
