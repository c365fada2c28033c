import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { shareTestApp } from '../../../test/shared-test-app';
import { academies, academySettings, academySignupCodes, auditLog, batches, signInHandOffs, standards, students, subjects, users } from '../../db/schema';
import { withAcademy, withoutAcademy } from '../../lib/tenancy';
import { DEFAULT_ACADEMY_SETTINGS } from '../../academy-settings';

const MANY = { mode: 'many', baseDomain: 'localhost' } as const;
const PASSWORD = 'Latur-Classes-2026';

describe('Start your academy (ACADEMY_HOSTING=many)', () => {
  let t: TestApp;
  let n = 0;
  // Each owner from its own client address, so per-address limits never mix the cases.
  const platform = (method: 'GET' | 'POST', url: string, payload?: object, remote = '10.1.0.1') =>
    t.app.inject({ method, url, headers: { host: 'localhost:5321' }, remoteAddress: remote, ...(payload ? { payload } : {}) });
  const at = (slug: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie?: string) =>
    t.app.inject({ method, url, headers: { host: `${slug}.localhost:5321`, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

  async function mailedCode(email: string): Promise<string> {
    const mail = await t.latestMailTo(email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  async function codeFor(email: string, remote = '10.1.0.1'): Promise<string> {
    const sent = await platform('POST', '/api/academies/verification', { email }, remote);
    expect(sent.statusCode, sent.body).toBe(200);
    return mailedCode(email);
  }

  async function signUp(slug: string, email: string, more: Record<string, unknown> = {}) {
    const remote = `10.2.${Math.floor(n / 200)}.${(n++ % 200) + 1}`;
    const code = await codeFor(email, remote);
    return platform('POST', '/api/academies', { name: `${slug} Classes`, slug, city: 'Latur', address: 'Shivaji Chowk', phone: '98220 12345', language: 'en', owner: { name: 'Owner of ' + slug, email, password: PASSWORD }, code, ...more }, remote);
  }

  const cookieOf = (response: { cookies: { name: string; value: string }[] }) => response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  beforeAll(async () => {
    // PUBLIC_URL is the platform's address; an academy's is its sub-domain on the same scheme and port.
    t = await buildTestApp({ config: { hosting: MANY, publicUrl: 'http://localhost:5321' } });
  });
  afterAll(() => t.close());

  it('mails a 6-digit code, keeps only its hash, and limits sends per email', async () => {
    const sent = await platform('POST', '/api/academies/verification', { email: 'Owner@Example.com' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ resendAfterSeconds: 60, validMinutes: 10 });
    const mail = await t.latestMailTo('owner@example.com');
    expect(mail?.subject).toMatch(/^\d{6} is your code to start your academy$/);
    const code = await mailedCode('owner@example.com');
    const [row] = await withoutAcademy(async () => await t.database.db.select().from(academySignupCodes).where(eq(academySignupCodes.email, 'owner@example.com')));
    expect(row?.codeHash).not.toContain(code);
    const again = await platform('POST', '/api/academies/verification', { email: 'owner@example.com' });
    expect(again.statusCode).toBe(429);
    expect((await platform('POST', '/api/academies/verification', { email: 'not an email' })).statusCode).toBe(400);
  });

  it('checks addresses: rules, reserved words, taken', async () => {
    const check = async (slug: string) => (await platform('GET', `/api/academies/slug-available?slug=${encodeURIComponent(slug)}`)).json().data;
    expect(await check('shree')).toEqual({ available: true });
    expect(await check('ab')).toMatchObject({ available: false, reason: 'too-short' });
    expect(await check('a'.repeat(41))).toMatchObject({ available: false, reason: 'too-long' });
    expect(await check('Shree Academy')).toMatchObject({ available: false, reason: 'characters' });
    expect(await check('-shree')).toMatchObject({ available: false, reason: 'characters' });
    for (const reserved of ['www', 'api', 'admin', 'operator', 'demo', 'main', 'signup', 'mta-sts', 'autodiscover', 'webmail', 'cpanel', 'localhost', 'internal']) expect(await check(reserved)).toMatchObject({ available: false, reason: 'reserved' });
    await withoutAcademy(async () => await t.database.db.insert(academies).values({ slug: 'taken-one', name: 'Taken' }));
    expect(await check('taken-one')).toMatchObject({ available: false, reason: 'taken', message: 'This web address is already taken. Please choose another' });
  });

  it('creates the academy (201 with its address), from code defaults, without demo data, audited; the owner lands signed in and can sign in', async () => {
    const started = Date.now();
    const response = await signUp('shree', 'owner.shree@example.com', { name: 'Shree Classes', city: 'Latur', address: 'Near Ganj Golai, Main Road', phone: '+91 98220-55555', language: 'mr' });
    expect(response.statusCode, response.body).toBe(201);
    // Seconds on a quiet machine; the ceiling catches a sign-up that does far too much, not a busy CI host.
    expect(Date.now() - started).toBeLessThan(15_000);
    const { data } = response.json();
    expect(data.slug).toBe('shree');
    expect(data.url).toBe('http://shree.localhost:5321');
    expect(data.welcomeUrl).toMatch(/^http:\/\/shree\.localhost:5321\/welcome\?token=.{20,}$/);
    const [academy] = await withoutAcademy(async () => await t.database.db.select().from(academies).where(eq(academies.slug, 'shree')));
    // Its students' IDs are its own (SHR-2026-0001), not the first academy's LAT- (issue 73).
    expect(academy).toMatchObject({ name: 'Shree Classes', city: 'Latur', language: 'mr', status: 'active', studentIdPrefix: 'SHR' });

    await withAcademy(academy!.id, async () => {
      const db = t.database.db;
      const [settings] = await db.select().from(academySettings);
      // Its own contact details from the sign-up, no sample phones, no sample tagline or words on its pages (issue 73).
      expect(settings).toMatchObject({
        name: 'Shree Classes',
        address: 'Near Ganj Golai, Main Road, Latur',
        email: 'owner.shree@example.com',
        phones: ['+919822055555'],
        tagline: '',
        samplePages: false,
        officeHours: DEFAULT_ACADEMY_SETTINGS.officeHours,
        timeZone: DEFAULT_ACADEMY_SETTINGS.timeZone,
      });
      expect((await db.select({ name: standards.name }).from(standards).orderBy(standards.level)).map((s) => s.name)).toEqual(['8th', '9th', '10th', '11th', '12th']);
      expect((await db.select({ n: count() }).from(subjects))[0]!.n).toBe(6);
      // No demo data: no students, no batches, one account (the owner).
      expect((await db.select({ n: count() }).from(students))[0]!.n).toBe(0);
      expect((await db.select({ n: count() }).from(batches))[0]!.n).toBe(0);
      expect(await db.select({ email: users.email, role: users.role, language: users.language }).from(users)).toEqual([{ email: 'owner.shree@example.com', role: 'admin', language: 'mr' }]);
      const audit = await db.select({ action: auditLog.action, summary: auditLog.summary }).from(auditLog);
      expect(audit).toEqual([{ action: 'academy.create', summary: 'Started the academy Shree Classes at the address shree' }]);
    });

    // The hand-off: once, at the academy's own address only.
    const token = decodeURIComponent(data.welcomeUrl.split('?token=')[1]);
    expect((await at('taken-one', 'POST', '/api/auth/hand-off', { token })).statusCode).toBe(400);
    const handOff = await at('shree', 'POST', '/api/auth/hand-off', { token });
    expect(handOff.statusCode, handOff.body).toBe(200);
    expect(handOff.json().data).toMatchObject({ email: 'owner.shree@example.com', role: 'admin' });
    const me = await at('shree', 'GET', '/api/auth/me', undefined, cookieOf(handOff));
    expect(me.json().data.email).toBe('owner.shree@example.com');
    const twice = await at('shree', 'POST', '/api/auth/hand-off', { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/expired or was already used/);

    // The contract's path: POST /api/auth/login at <slug>.localhost.
    const login = await at('shree', 'POST', '/api/auth/login', { email: 'owner.shree@example.com', password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    // …and the checklist: nothing done yet.
    const checklist = await at('shree', 'GET', '/api/dashboard/first-run', undefined, cookieOf(login));
    expect(checklist.statusCode).toBe(200);
    expect(checklist.json().data.items.map((item: { key: string; done: boolean }) => `${item.key}:${item.done}`)).toEqual([
      'details:false', 'standards:false', 'subjects:false', 'teachers:false', 'batch:false', 'register:false', 'messaging:false', 'upi:false',
    ]);
  });

  it('a taken address is 409, a reserved or invalid one 400 with the field, a wrong code 400 and counts', async () => {
    const taken = await signUp('shree', 'someone.else@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toMatchObject({ slug: 'This web address is already taken. Please choose another' });
    const reserved = await signUp('admin', 'reserved@example.com');
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().errors).toMatchObject({ slug: 'This web address is reserved. Please choose another' });
    const invalid = await signUp('Bad Slug', 'invalid@example.com');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.slug).toMatch(/small letters/);
    const weak = await signUp('weak-pass', 'weak@example.com', { owner: { name: 'Weak', email: 'weak@example.com', password: 'short' } });
    expect(weak.statusCode).toBe(400);

    const email = 'wrong.code@example.com';
    const code = await codeFor(email, '10.3.0.1');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const body = { name: 'Wrong Code Classes', slug: 'wrong-code', city: 'Latur', address: 'Shivaji Chowk', phone: '9822012345', language: 'en', owner: { name: 'W', email, password: PASSWORD } };
    const refused = await platform('POST', '/api/academies', { ...body, code: wrong }, '10.3.0.1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ code: 'This code is not correct or has expired. Please ask for a new code.' });
    const [row] = await withoutAcademy(async () => await t.database.db.select({ wrongTries: academySignupCodes.wrongTries }).from(academySignupCodes).where(eq(academySignupCodes.email, email)));
    expect(row?.wrongTries).toBe(1);
    // The right code still works once, and not twice.
    expect((await platform('POST', '/api/academies', { ...body, code }, '10.3.0.1')).statusCode).toBe(201);
    expect((await platform('POST', '/api/academies', { ...body, slug: 'wrong-code-two', code }, '10.3.0.1')).statusCode).toBe(400);
    // An expired code is refused.
    const late = 'late@example.com';
    const lateCode = await codeFor(late, '10.3.0.2');
    await withoutAcademy(async () => await t.database.db.update(academySignupCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(academySignupCodes.email, late)));
    expect((await platform('POST', '/api/academies', { ...body, slug: 'late-one', owner: { ...body.owner, email: late }, code: lateCode }, '10.3.0.2')).statusCode).toBe(400);
  });

  it("two academies: the same owner email in both, neither sees the other's rows or users", async () => {
    expect((await signUp('alpha', 'same.owner@example.com')).statusCode).toBe(201);
    // The 60-second wait before another code to the same email passes.
    await withoutAcademy(async () => await t.database.db.update(academySignupCodes).set({ createdAt: sql`now() - interval '2 minutes'` }).where(eq(academySignupCodes.email, 'same.owner@example.com')));
    const second = await signUp('beta', 'same.owner@example.com');
    expect(second.statusCode, second.body).toBe(201);
    const [alpha] = await withoutAcademy(async () => await t.database.db.select({ id: academies.id }).from(academies).where(eq(academies.slug, 'alpha')));
    const [beta] = await withoutAcademy(async () => await t.database.db.select({ id: academies.id }).from(academies).where(eq(academies.slug, 'beta')));
    for (const [id, name] of [[alpha!.id, 'alpha Classes'], [beta!.id, 'beta Classes']] as const) {
      await withAcademy(id, async () => {
        expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(1);
        expect((await t.database.db.select({ n: count() }).from(standards))[0]!.n).toBe(5);
        expect((await t.database.db.select({ n: count() }).from(signInHandOffs))[0]!.n).toBe(1);
        expect((await t.database.db.select({ name: academySettings.name }).from(academySettings))).toEqual([{ name }]);
      });
    }
    // Signed in at alpha, the cookie is nothing at beta.
    const login = await at('alpha', 'POST', '/api/auth/login', { email: 'same.owner@example.com', password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await at('beta', 'GET', '/api/auth/me', undefined, cookieOf(login))).statusCode).toBe(401);
    // The checklist follows alpha's own records: UPI and its own phone numbers at alpha tick alpha's only.
    await withAcademy(alpha!.id, async () =>
      await t.database.db.update(academySettings).set({ payments: { upi: { vpa: 'alpha@upi', payeeName: 'Alpha' } }, phones: ['+919800000001'], updatedAt: new Date() }),
    );
    const ticked = async (slug: string, cookie: string) =>
      (await at(slug, 'GET', '/api/dashboard/first-run', undefined, cookie)).json().data.items.filter((item: { done: boolean }) => item.done).map((item: { key: string }) => item.key);
    expect(await ticked('alpha', cookieOf(login))).toEqual(['details', 'upi']);
    const betaLogin = await at('beta', 'POST', '/api/auth/login', { email: 'same.owner@example.com', password: PASSWORD });
    expect(await ticked('beta', cookieOf(betaLogin))).toEqual([]);
  });

  it('names each field: a street address typed as the web address, a missing street address, a bad phone (issue 73)', async () => {
    const asAddress = await signUp('Shivaji Chowk, Latur', 'street.as.slug@example.com');
    expect(asAddress.statusCode).toBe(400);
    expect(asAddress.json().errors.slug).toBe('The web address takes only small letters a–z, digits and hyphens (no spaces or commas), starting and ending with a letter or digit');
    const noStreet = await signUp('no-street', 'no.street@example.com', { address: '  ' });
    expect(noStreet.statusCode).toBe(400);
    expect(noStreet.json().errors).toMatchObject({ address: 'Street address is required' });
    const badPhone = await signUp('bad-phone', 'bad.phone@example.com', { phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors).toMatchObject({ phone: 'Enter a 10-digit Indian mobile number, optionally starting with +91' });
    // In the owner's language too.
    const code = await codeFor('marathi.owner@example.com', '10.4.0.1');
    const marathi = await t.app.inject({
      method: 'POST',
      url: '/api/academies',
      headers: { host: 'localhost:5321', 'x-academy-language': 'mr' },
      remoteAddress: '10.4.0.1',
      payload: { name: 'Marathi Classes', slug: 'a,b', city: 'Latur', address: '', phone: '1', language: 'mr', owner: { name: 'M', email: 'marathi.owner@example.com', password: PASSWORD }, code },
    });
    expect(marathi.statusCode).toBe(400);
    expect(marathi.json().errors.address).toBe('पत्ता (गल्ली, चौक) आवश्यक आहे');
    expect(marathi.json().errors.slug).toMatch(/^वेब पत्त्यात/);
  });

  it("a new academy's own defaults: its language, its ID prefix, its phone once, no sample words; one phone is enough in Settings (issue 73)", async () => {
    expect((await signUp('dnyanjyoti', 'owner.dnyan@example.com', { name: 'Dnyanjyoti Academy', language: 'mr', phone: '9822066666' })).statusCode).toBe(201);
    expect((await signUp('vidya-two', 'owner.vidya@example.com', { name: 'Vidya Classes', language: 'en' })).statusCode).toBe(201);
    const [dnyan] = await withoutAcademy(async () => await t.database.db.select().from(academies).where(eq(academies.slug, 'dnyanjyoti')));
    const [vidya] = await withoutAcademy(async () => await t.database.db.select().from(academies).where(eq(academies.slug, 'vidya-two')));
    expect(dnyan).toMatchObject({ language: 'mr', studentIdPrefix: 'DNY' });
    expect(vidya).toMatchObject({ language: 'en', studentIdPrefix: 'VID' });

    // The public settings show its own phone once and no sample words; B's are B's.
    const publicOf = async (slug: string) => (await at(slug, 'GET', '/api/settings/public')).json().data;
    // Its language too: the office's forms start a new teacher in Marathi there.
    expect(await publicOf('dnyanjyoti')).toMatchObject({ name: 'Dnyanjyoti Academy', phones: ['+919822066666'], tagline: '', samplePages: false, language: 'mr' });
    expect(await publicOf('vidya-two')).toMatchObject({ name: 'Vidya Classes', phones: ['+919822012345'], language: 'en' });
    for (const slug of ['dnyanjyoti', 'vidya-two']) expect(JSON.stringify(await publicOf(slug))).not.toContain('98765');

    // The welcome address: a session and a redirect to the dashboard (drawn by the server); once only.
    const login = await at('dnyanjyoti', 'POST', '/api/auth/login', { email: 'owner.dnyan@example.com', password: PASSWORD });
    // A student admitted there gets Dnyanjyoti's prefix; Vidya's register starts its own.
    const created = await at('dnyanjyoti', 'POST', '/api/students', { name: 'Asha Kale', gender: 'female', admissionDate: '2026-06-15', password: 'Asha-Kale-2026' }, cookieOf(login));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.studentCode).toMatch(/^DNY-2026-0001$/);
    const vidyaLogin = await at('vidya-two', 'POST', '/api/auth/login', { email: 'owner.vidya@example.com', password: PASSWORD });
    const vidyaStudents = (await at('vidya-two', 'GET', '/api/students', undefined, cookieOf(vidyaLogin))).json().data.students;
    expect(vidyaStudents).toEqual([]);

    // Settings: one phone is enough, and a number typed twice is stored once.
    const settings = (await at('dnyanjyoti', 'GET', '/api/admin/settings', undefined, cookieOf(login))).json().data;
    const { name, tagline, address, email, officeHours, socialLinks, timeZone } = settings;
    const saved = await at('dnyanjyoti', 'PUT', '/api/admin/settings', { name, tagline, address, email, officeHours, socialLinks, timeZone, phones: ['98220 66666', '', '+91 98220 66666'] }, cookieOf(login));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.phones).toEqual(['+919822066666']);
    const empty = await at('dnyanjyoti', 'PUT', '/api/admin/settings', { name, tagline, address, email, officeHours, socialLinks, timeZone, phones: ['', '', ''] }, cookieOf(login));
    expect(empty.statusCode).toBe(400);
    // The owner reads Marathi: the message is in Marathi.
    expect(empty.json().errors).toMatchObject({ 'phones.0': 'अकॅडमीचा फोन नंबर लिहा' });
  });

  it('the welcome address turns the one-time token into a session and redirects to the dashboard; a used one goes to the welcome page', async () => {
    const made = await signUp('welcome-one', 'owner.welcome@example.com', { language: 'mr' });
    expect(made.statusCode).toBe(201);
    const path = made.json().data.welcomeUrl.replace('http://welcome-one.localhost:5321', '');
    const first = await at('welcome-one', 'GET', path);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/app/dashboard');
    expect(first.headers['cache-control']).toBe('no-store');
    const me = await at('welcome-one', 'GET', '/api/auth/me', undefined, cookieOf(first));
    expect(me.json().data).toMatchObject({ email: 'owner.welcome@example.com', language: 'mr' });
    const again = await at('welcome-one', 'GET', path);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/welcome#expired');
    expect(again.cookies).toEqual([]);
    // At another academy's address the token is nothing.
    const other = await signUp('welcome-two', 'owner.welcome2@example.com');
    const otherPath = other.json().data.welcomeUrl.replace('http://welcome-two.localhost:5321', '');
    expect((await at('welcome-one', 'GET', otherPath)).headers.location).toBe('/welcome#expired');
  });

  it('counts the platform address’s requests per client address on the platform’s own counters', async () => {
    const remote = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await platform('POST', '/api/academies/verification', { email: `flood-${i}@example.com` }, remote)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    const refused = await platform('POST', '/api/academies/verification', { email: 'one-more@example.com' }, remote);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many requests/i);
    // Another address is not held up; the counters are the platform's, no academy's.
    expect((await platform('POST', '/api/academies/verification', { email: 'other@example.com' }, '10.9.9.10')).statusCode).toBe(200);
    const rows = await withoutAcademy(async () => await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from platform_rate_limit_hits where key like ${'platform|POST /api/academies/verification|%'}`));
    expect(rows.rows[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('signs up 10 academies, none slow (under 2 s each on a quiet machine; the ceiling allows a busy CI host)', async () => {
    for (let i = 0; i < 10; i++) {
      const email = `owner${i}@speed.example.com`;
      const remote = `10.4.0.${i + 1}`;
      const code = await codeFor(email, remote);
      const started = performance.now();
      const response = await platform('POST', '/api/academies', { name: `Speed ${i} Classes`, slug: `speed-${i}`, city: 'Latur', address: 'Main Road', phone: '9822012345', language: 'en', owner: { name: 'O', email, password: PASSWORD }, code }, remote);
      const took = performance.now() - started;
      expect(response.statusCode, response.body).toBe(201);
      expect(took).toBeLessThan(10_000);
    }
  });
});

describe('with one academy', () => {
  const t = shareTestApp();

  it('there is no sign-up: 404', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/academies/verification', payload: { email: 'a@example.com' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/academies/slug-available?slug=shree' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/academies', payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/hand-off', payload: { token: 'x'.repeat(43) } })).statusCode).toBe(404);
  });
});
