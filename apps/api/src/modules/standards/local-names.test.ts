import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildStandard, buildSubject, buildUser, loginAs } from '../../../test/factories';

/** Standards' and subjects' names in Marathi and Hindi (issue 42, point 13). */
const t = shareSignedInTestApp();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers: { cookie: t.adminCookie, ...headers }, ...(payload ? { payload } : {}) });
const localNames = async () => (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().data.localNames;

describe('names of standards and subjects in other languages', () => {
  it('are saved with a standard, trimmed, empty ones dropped, and kept when an edit leaves them out', async () => {
    const created = await call('POST', '/standards', { name: 'Local 61st', level: 61, names: { mr: ' इयत्ता ६१ वी ', hi: '' } });
    expect(created.statusCode).toBe(201);
    const standard = created.json().data;
    expect(standard.names).toEqual({ mr: 'इयत्ता ६१ वी' });
    expect((await localNames()).standards[standard._id]).toEqual({ mr: 'इयत्ता ६१ वी' });

    // An older form sends no names: they stay.
    const renamed = await call('PUT', `/standards/${standard._id}`, { name: 'Local 61st Std', level: 61 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.names).toEqual({ mr: 'इयत्ता ६१ वी' });

    const both = await call('PUT', `/standards/${standard._id}`, { name: 'Local 61st Std', level: 61, names: { mr: 'इयत्ता ६१ वी', hi: 'कक्षा 61' } });
    expect(both.json().data.names).toEqual({ mr: 'इयत्ता ६१ वी', hi: 'कक्षा 61' });
    expect((await localNames()).standards[standard._id]).toEqual({ mr: 'इयत्ता ६१ वी', hi: 'कक्षा 61' });

    // Emptied: English everywhere again, and the public settings no longer name it.
    const cleared = await call('PUT', `/standards/${standard._id}`, { name: 'Local 61st Std', level: 61, names: { mr: null, hi: ' ' } });
    expect(cleared.json().data.names).toEqual({});
    expect((await localNames()).standards[standard._id]).toBeUndefined();

    const history = await call('GET', `/admin/audit-log?entityType=standard&entityId=${standard._id}`);
    expect(JSON.stringify(history.json())).toContain('कक्षा 61');
  });

  it('are saved with a subject and sent by id with the public settings to anyone', async () => {
    const created = await call('POST', '/subjects', { name: 'Local Physics', code: 'LPHY', description: '', names: { mr: 'भौतिकशास्त्र', hi: 'भौतिकी' } });
    expect(created.statusCode).toBe(201);
    const subject = created.json().data;
    expect(subject.names).toEqual({ mr: 'भौतिकशास्त्र', hi: 'भौतिकी' });
    expect((await call('GET', `/subjects/${subject._id}`)).json().data.names).toEqual({ mr: 'भौतिकशास्त्र', hi: 'भौतिकी' });
    expect((await localNames()).subjects[subject._id]).toEqual({ mr: 'भौतिकशास्त्र', hi: 'भौतिकी' });

    const kept = await call('PUT', `/subjects/${subject._id}`, { name: 'Local Physics', code: 'LPHY', description: 'Mechanics' });
    expect(kept.json().data.names).toEqual({ mr: 'भौतिकशास्त्र', hi: 'भौतिकी' });

    // A standard or subject without names is not sent at all.
    const plain = await buildSubject(t.database.db);
    const plainStandard = await buildStandard(t.database.db);
    const names = await localNames();
    expect(names.subjects[plain.id]).toBeUndefined();
    expect(names.standards[plainStandard.id]).toBeUndefined();
  });

  it('refuses names that are not one line of text within the limits, in the reader’s language, saving nothing', async () => {
    const cases: [object, string, RegExp][] = [
      [{ name: 'Local 62nd', level: 62, names: 'इयत्ता' }, 'names', /object with mr and hi/],
      [{ name: 'Local 62nd', level: 62, names: { en: '62nd' } }, 'names', /./],
      [{ name: 'Local 62nd', level: 62, names: { mr: 'क'.repeat(81) } }, 'names.mr', /at most 80/],
      [{ name: 'Local 62nd', level: 62, names: { hi: 'दो\nपंक्ति' } }, 'names.hi', /one line/],
      [{ name: 'Local 62nd', level: 62, names: { mr: 62 } }, 'names.mr', /must be text/],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('POST', '/standards', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const errors = response.json().errors as Record<string, string>;
      expect(Object.keys(errors).some((key) => key.startsWith(field)), JSON.stringify(errors)).toBe(true);
      expect(Object.values(errors).join(' ')).toMatch(message);
    }
    const tooLong = await call('POST', '/subjects', { name: 'Local Chem', code: 'LCHEM', names: { hi: 'र'.repeat(121) } });
    expect(tooLong.statusCode).toBe(400);
    // A signed-in person's messages come in their own language.
    const marathiUser = await buildUser(t.database.db, { role: 'admin' });
    await t.database.db.update(users).set({ language: 'mr' }).where(eq(users.id, marathiUser.id));
    const marathiAdmin = await loginAs(t.app, marathiUser.email);
    const marathi = await t.app.inject({ method: 'POST', url: '/api/standards', headers: { cookie: marathiAdmin }, payload: { name: 'Local 62nd', level: 62, names: 'x' } });
    expect(marathi.statusCode).toBe(400);
    expect(JSON.stringify(marathi.json().errors)).toMatch(/[\u0900-\u097f]/);
    const list = (await call('GET', '/standards')).json().data as { level: number }[];
    expect(list.some((standard) => standard.level === 62)).toBe(false);
  });
});
