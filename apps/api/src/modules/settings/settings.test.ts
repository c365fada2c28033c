import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABSENCE_ALERT_TEMPLATES } from '@academy/shared/schemas/settings';
import { sql } from 'drizzle-orm';
import { academySettings } from '../../db/schema';
import { openSecret } from '../../lib/secret-box';
import { buildTestApp, TEST_SERVER_KEYS, type TestApp } from '../../../test/build-test-app';
import { buildAcademies, buildUser, loginAs } from '../../../test/factories';
import { withAcademy, withoutAcademy } from '../../lib/tenancy';
import { DEFAULT_ACADEMY_SETTINGS, getAcademySettings } from '../../academy-settings';

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
  it('starts with the defaults (the row migration 0098 gave the first academy), the one and only row', async () => {
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
        samplePages: true,
        // No WhatsApp or SMS yet: the admission form proves only emails.
        phoneCodes: false,
        // No map position until the office gives it.
        location: null,
        translations: {},
        // No standard or subject has a name in Marathi or Hindi yet (issue 42).
        localNames: { standards: {}, subjects: {} },
        // The academy's own language (issue 73): the default of a new account in the office's forms.
        language: 'en',
        // No brand chosen yet (issue 78): today's blue, no logo, the name's first word under the icon.
        brand: { colour: '#4263eb', logoUrl: null, shortName: 'Shree' },
      },
    });
    await Promise.all([getAcademySettings(t.database.db), getAcademySettings(t.database.db), getPublic()]);
    const [rows] = (await t.database.db.execute<{ count: number }>(sql`select count(*)::int as count from academy_settings`)).rows;
    expect(rows!.count).toBe(1);
  });

  it('is made with an academy and never by a read (issue 79)', async () => {
    const [made] = await buildAcademies(t.database.db, { slug: 'with-settings', name: 'With Settings' });
    expect((await withAcademy(made!.id, () => getAcademySettings(t.database.db))).name).toBe(DEFAULT_ACADEMY_SETTINGS.name);
    // An academy row written around the academies' commands: the read says so and writes nothing.
    const bare = '00000000-0000-4000-8000-00000000ba2e';
    await withoutAcademy(() => t.database.db.execute(sql`insert into academies (id, slug, name) values (${bare}, 'bare', 'Bare')`));
    await expect(withAcademy(bare, () => getAcademySettings(t.database.db))).rejects.toThrow('no settings row');
    const [rows] = (await withAcademy(bare, () => t.database.db.execute<{ count: number }>(sql`select count(*)::int as count from academy_settings`))).rows;
    expect(rows!.count).toBe(0);
  });

  it('cannot hold a second row for the academy', async () => {
    await expect(t.database.db.insert(academySettings).values(DEFAULT_ACADEMY_SETTINGS)).rejects.toThrow();
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
        // Absence alerts (issue 21): on by default, absent only, ten minutes to correct; no webhook yet.
        absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 10, templates: DEFAULT_ABSENCE_ALERT_TEMPLATES },
        parentWebhook: { url: null, secretSet: false },
        // No payments lock date: payments go back to the previous financial year's start.
        paymentsLockedBefore: null,
        // No fee collection target until the owner sets one (issue 42).
        monthlyFeeTarget: null,
        // Nothing per language yet: English everywhere (issue 42).
        translations: {},
        // Late joiners' past instalments fall due a week after joining unless the office says otherwise (decision 039).
        lateJoinerGraceDays: 7,
        testimonials: [],
        samplePages: true,
        location: null,
        // The short name follows the academy's name until one is chosen (issue 78).
        brand: { colour: '#4263eb', logoUrl: null, shortName: 'Saraswati' },
        updatedAt: expect.any(String),
      },
    });
    expect(new Date(saved.json().data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(before.json().data.updatedAt).getTime());

    const publicView = (await getPublic()).json().data;
    expect(publicView.name).toBe('Saraswati Classes');
    expect(Object.keys(publicView).sort()).toEqual(['address', 'brand', 'email', 'language', 'localNames', 'location', 'name', 'officeHours', 'phoneCodes', 'phones', 'samplePages', 'socialLinks', 'tagline', 'testimonials', 'timeZone', 'translations']);
    expect((await getAcademySettings(t.database.db)).timeZone).toBe('Asia/Kolkata');
  });

  it('answers 400 naming the field for invalid settings, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '  ' }, 'name', /Name is required/],
      [{ name: 'Line one\nLine two' }, 'name', /one line/],
      [{ phones: ['', ''] }, 'phones.0', /the academy's phone number/],
      [{ phones: ['9822012345', '9890023456', '9890023457', '9890023458'] }, 'phones', /at most three/],
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

  it('keeps the map position as Google Maps copies it, public too; refuses one that is not (issue 41)', async () => {
    const saved = await put({ ...validSettings, location: ' 18.4088, 76.5604 ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.location).toEqual({ latitude: 18.4088, longitude: 76.5604 });
    expect((await getPublic()).json().data.location).toEqual({ latitude: 18.4088, longitude: 76.5604 });
    // Not sent: unchanged; as an object: taken as it is.
    expect((await put(validSettings)).json().data.location).toEqual({ latitude: 18.4088, longitude: 76.5604 });
    expect((await put({ ...validSettings, location: { latitude: -33.86, longitude: 151.2 } })).json().data.location).toEqual({ latitude: -33.86, longitude: 151.2 });
    for (const [location, message] of [
      ['near the bus stand', 'Enter the map position as latitude, longitude (like 18.4088, 76.5604)'],
      ['95, 76.5', 'Latitude must be between -90 and 90'],
      [{ latitude: 18.4, longitude: 200 }, 'Longitude must be between -180 and 180'],
    ] as const) {
      const bad = await put({ ...validSettings, location });
      expect(bad.statusCode, JSON.stringify(location)).toBe(400);
      expect(JSON.stringify(bad.json().errors), JSON.stringify(location)).toContain(message);
    }
    // Empty: no map position.
    expect((await put({ ...validSettings, location: '' })).json().data.location).toBeNull();
  });

  it("keeps the month's fee collection target in rupees, admin only; refuses one that is not an amount (issue 42)", async () => {
    const saved = await put({ ...validSettings, monthlyFeeTarget: '2,50,000' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.monthlyFeeTarget).toBe(250000);
    expect((await getPublic()).json().data).not.toHaveProperty('monthlyFeeTarget');
    // Not sent: unchanged; a number: taken as it is.
    expect((await put(validSettings)).json().data.monthlyFeeTarget).toBe(250000);
    expect((await put({ ...validSettings, monthlyFeeTarget: 175000.5 })).json().data.monthlyFeeTarget).toBe(175000.5);
    for (const [monthlyFeeTarget, message] of [
      ['a lot', 'Enter an amount in rupees, for example 1500 or 1500.50'],
      [-5000, 'The amount cannot be negative'],
      [0, 'The amount must be more than zero'],
      [1000.123, 'The amount can have at most two decimals (paise)'],
      [1e12, 'The amount is too large'],
      [{ rupees: 5 }, 'Enter an amount in rupees, for example 1500 or 1500.50'],
    ] as const) {
      const bad = await put({ ...validSettings, monthlyFeeTarget });
      expect(bad.statusCode, JSON.stringify(monthlyFeeTarget)).toBe(400);
      expect(bad.json().errors.monthlyFeeTarget, JSON.stringify(monthlyFeeTarget)).toBe(message);
    }
    expect((await getAdmin(cookies.admin)).json().data.monthlyFeeTarget).toBe(175000.5);
    // Empty or null: no target.
    expect((await put({ ...validSettings, monthlyFeeTarget: '' })).json().data.monthlyFeeTarget).toBeNull();
    await put({ ...validSettings, monthlyFeeTarget: 1000 });
    expect((await put({ ...validSettings, monthlyFeeTarget: null })).json().data.monthlyFeeTarget).toBeNull();
  });

  it('keeps the tagline, address and office hours per language (issue 42): public too, English where none, empties dropped, bad ones refused', async () => {
    const translations = {
      mr: { tagline: '  बोर्ड, JEE आणि NEET ची तयारी  ', address: 'औसा रोड, लातूर,\nमहाराष्ट्र 413531', officeHours: 'सोमवार ते शनिवार सकाळी 9 ते संध्याकाळी 7' },
      hi: { tagline: 'बोर्ड, JEE और NEET की तैयारी', address: '', officeHours: null },
    };
    const saved = await put({ ...validSettings, translations });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      mr: { tagline: 'बोर्ड, JEE आणि NEET ची तयारी', address: 'औसा रोड, लातूर,\nमहाराष्ट्र 413531', officeHours: 'सोमवार ते शनिवार सकाळी 9 ते संध्याकाळी 7' },
      hi: { tagline: 'बोर्ड, JEE और NEET की तैयारी' },
    };
    expect(saved.json().data.translations).toEqual(expected);
    expect((await getAdmin(cookies.admin)).json().data.translations).toEqual(expected);
    expect((await getPublic()).json().data.translations).toEqual(expected);
    // The English fields stay as they were.
    expect((await getPublic()).json().data.tagline).toBe(validSettings.tagline);
    // Not sent: unchanged.
    expect((await put(validSettings)).json().data.translations).toEqual(expected);
    for (const [bad, field, message] of [
      [{ mr: { tagline: 'एक\nदोन' } }, 'translations.mr.tagline', 'Tagline must be on one line'],
      [{ hi: { address: 'x'.repeat(301) } }, 'translations.hi.address', 'Address must be at most 300 characters'],
      [{ mr: { officeHours: 9 } }, 'translations.mr.officeHours', 'Office hours must be text'],
      [{ mr: 'नमस्कार' }, 'translations.mr', 'Send each language as an object with tagline, address and office hours'],
      [[], 'translations', 'Send the translations as an object with mr and hi'],
    ] as const) {
      const response = await put({ ...validSettings, translations: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(response.json().errors)).toBe(message);
    }
    // A language the app does not have, or a field it does not translate: refused, nothing saved.
    expect((await put({ ...validSettings, translations: { gu: { tagline: 'x' } } })).statusCode).toBe(400);
    expect((await put({ ...validSettings, translations: { mr: { name: 'x' } } })).statusCode).toBe(400);
    expect((await getAdmin(cookies.admin)).json().data.translations).toEqual(expected);
    // {} removes them all: English everywhere.
    expect((await put({ ...validSettings, translations: {} })).json().data.translations).toEqual({});
  });

  it('accepts other real time zones, including the old and the canonical names', async () => {
    for (const timeZone of ['Asia/Calcutta', 'Asia/Dubai', 'UTC', 'Asia/Kolkata']) {
      const response = await put({ ...validSettings, timeZone });
      expect(response.statusCode, timeZone).toBe(200);
      expect(response.json().data.timeZone).toBe(timeZone);
    }
  });
  it('parent alerts: keeps the webhook secret when left out, replaces it, clears it alone with null (audited, never with the secret), and saves nothing on bad input', async () => {
    const putAlerts = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/admin/settings/parent-alerts', headers: { cookie: cookies.admin }, payload });
    const secret = 'first-secret-0123456789';
    const set = await putAlerts({ parentWebhook: { url: 'https://sms.example.in/hook', secret } });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.parentWebhook).toEqual({ url: 'https://sms.example.in/hook', secretSet: true });

    // Only the delay: the webhook and its secret stay.
    const delayOnly = await putAlerts({ absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 0 } });
    expect(delayOnly.json().data).toMatchObject({ absenceAlerts: { delayMinutes: 0 }, parentWebhook: { url: 'https://sms.example.in/hook', secretSet: true } });
    // Stored sealed (issue 35): never the clear secret, and it opens with the server's key.
    const [kept] = await t.database.db.select({ secret: academySettings.parentWebhookSecret }).from(academySettings);
    expect(kept!.secret).not.toContain(secret);
    expect(openSecret(TEST_SERVER_KEYS, 'parent-webhook-secret', kept!.secret!)).toBe(secret);

    // A bad delay with a new secret: refused as a whole, the old secret and the delay stay.
    const bad = await putAlerts({ absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 121 }, parentWebhook: { url: 'https://sms.example.in/hook', secret: 'second-secret-0123456789' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['absenceAlerts.delayMinutes']);
    const [unchanged] = await t.database.db.select({ secret: academySettings.parentWebhookSecret, alerts: academySettings.absenceAlerts }).from(academySettings);
    expect(unchanged).toEqual({ secret: kept!.secret, alerts: { enabled: true, statuses: ['absent'], delayMinutes: 0 } });

    // Cleared alone: the address stays, the secret goes; the audit log says so without any secret.
    const cleared = await putAlerts({ parentWebhook: { url: 'https://sms.example.in/hook', secret: null } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.parentWebhook).toEqual({ url: 'https://sms.example.in/hook', secretSet: false });
    // History says when the secret changed (never its value): set with the address, then cleared alone.
    const { rows } = await t.database.db.execute<{ summary: string; changes: Record<string, unknown> }>(
      sql`select summary, changes from audit_log where entity_type = 'settings' and summary ilike '%webhook%' order by at, id`,
    );
    expect(rows.map((row) => row.summary).slice(-3)).toEqual(['Updated the absence alerts and parent webhook; webhook secret changed', 'Updated the absence alerts and parent webhook', 'Webhook secret changed']);
    expect(rows.at(-1)!.changes).toEqual({ webhookSigningKey: { old: 'set', new: 'cleared' } });
    const { rows: all } = await t.database.db.execute<{ changes: unknown }>(sql`select changes from audit_log`);
    expect(JSON.stringify(all)).not.toContain(secret);

    // Message templates per language: checked (unknown placeholder, empty, too long), saved, audited,
    // and kept when a client leaves them out.
    const defaults = cleared.json().data.absenceAlerts.templates;
    expect(defaults.en).toContain('{child} was marked {status} today');
    const base = { enabled: true, statuses: ['absent'], delayMinutes: 0 };
    const wrong = await putAlerts({ absenceAlerts: { ...base, templates: { en: 'Hello {mother}, {child} missed class', mr: '', hi: 'x'.repeat(501) + '{child}' } } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toMatchObject({
      'absenceAlerts.templates.en': 'The message has an unknown placeholder: use only child, parent, batch, date, status and academy in braces',
      'absenceAlerts.templates.mr': 'Write the message for each language',
      'absenceAlerts.templates.hi': 'The message must be at most 500 characters',
    });
    const templates = { en: '{academy}: {child} is {status} on {date} ({batch}).', mr: '{academy}: {child} आज {status} आहे ({date}, {batch}).', hi: defaults.hi };
    const saved = await putAlerts({ absenceAlerts: { ...base, templates } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.absenceAlerts.templates).toEqual(templates);
    const keptTemplates = await putAlerts({ absenceAlerts: base });
    expect(keptTemplates.json().data.absenceAlerts.templates).toEqual(templates);
    const { rows: templateAudit } = await t.database.db.execute<{ changes: string }>(sql`select changes::text from audit_log where changes::text like '%{academy}: {child} is%'`);
    expect(templateAudit.length).toBe(1);
    expect((await putAlerts({ absenceAlerts: { ...base, templates: defaults } })).statusCode).toBe(200);

    // Restore the defaults for the other tests.
    const restored = await putAlerts({ absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 10 }, parentWebhook: { url: null } });
    expect(restored.json().data.parentWebhook).toEqual({ url: null, secretSet: false });
  });
});
