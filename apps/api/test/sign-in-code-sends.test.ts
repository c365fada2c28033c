import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OTP_SENDS_PER_HOUR, PHONE_CODE_COOL_DOWN_MINUTES, PHONE_CODES_SENT_PER_HOUR } from '@academy/shared/schemas/admissions';
import { parentMessages, signInCodes } from '../src/db/schema';
import { createBackup } from '../src/modules/backups/backups.service';
import { buildTestApp, TEST_SERVER_KEYS, type TestApp } from './build-test-app';
import { buildParent, buildUser, loginAs } from './factories';
import { startProviderStandIns, type ProviderStandIns } from './provider-stand-ins';

/**
 * Issue 53, the rest of points 7 and 9 (a): phone sign-in codes. Strangers asking for a parent's
 * number can neither lock the parent out nor learn that it is a parent's; the academy sends at most
 * PHONE_CODES_SENT_PER_HOUR codes an hour; a code is never in clear in the database or a backup.
 */
const ACCESS_TOKEN = 'EAAG-stand-in-access-token-0123456789';
const PHONE_NUMBER_ID = '106540352242922';
const AUTH_KEY = 'msg91-auth-key-0123456789abcdef';

let t: TestApp;
let providers: ProviderStandIns;

const ask = (phone: string, address = '198.51.100.7') => t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code', remoteAddress: address, payload: { phone } });
const verify = (phone: string, code: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code/verify', remoteAddress: '198.51.100.99', payload: { phone, code } });
const send = async () => {
  await t.app.backgroundIdle();
  while ((await t.app.jobs.runDue()) > 0);
};
/** The codes the WhatsApp stand-in was given for a number (digits only, as Meta gets it). */
const codesSentTo = (phone: string) =>
  providers.whatsapp.filter((request) => request.body.to === phone.replace('+', '')).map((request) => (request.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters[0]!.text);
/** Moves every send of a phone back in time, as if it had been made `minutes` earlier. */
/** A phone's codes made `minutes` earlier. The times are worked out here: Citus refuses a STABLE function (`make_interval`, `timestamptz - interval`) beside a column in an UPDATE. */
const age = async (phone: string, minutes: number) => {
  const { rows } = await t.database.db.execute<{ id: string; created_at: string; sent_at: string | null }>(sql`select id, created_at, sent_at from sign_in_codes where phone = ${phone}`);
  const earlier = (at: string | null) => (at === null ? null : new Date(new Date(at).getTime() - minutes * 60_000).toISOString());
  for (const row of rows) {
    await t.database.db.execute(sql`update sign_in_codes set created_at = ${earlier(row.created_at)}::timestamptz, sent_at = ${earlier(row.sent_at)}::timestamptz where id = ${row.id}`);
  }
};

beforeAll(async () => {
  providers = await startProviderStandIns({ accessToken: ACCESS_TOKEN, phoneNumberId: PHONE_NUMBER_ID, authKey: AUTH_KEY });
  t = await buildTestApp({ config: { providers: { whatsappBase: providers.base, msg91Base: providers.base } } });
  const admin = await loginAs(t.app, (await buildUser(t.database.db, { role: 'admin' })).email);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/messaging',
    headers: { cookie: admin },
    payload: {
      whatsapp: { enabled: true, phoneNumberId: PHONE_NUMBER_ID, accessToken: ACCESS_TOKEN, appSecret: 'meta-app-secret-0123456789abcdef', templates: { 'sign-in-code': 'sign_in_code' } },
      sms: { enabled: true, authKey: AUTH_KEY, senderId: 'SHRACD', templates: { 'sign-in-code': '1107161234567890127' } },
      quietHours: null,
    },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await providers.close();
});
beforeEach(() => providers.reset());

describe('a code is never stored in clear (point 9 a)', () => {
  it('keeps the code sealed while its message waits (a backup then does not hold it) and masked once sent', async () => {
    const parent = await buildParent(t.database.db, { phone: '+919822140001' });
    expect((await ask('9822140001')).statusCode).toBe(200);
    // The code's message is a job queued with the code (decision 083); its run queues the message.
    await t.app.jobs.runDue(['sign-in-code-message']);
    // Queued, not sent yet: a backup taken now.
    const [waiting] = await t.database.db.select().from(parentMessages).where(eq(parentMessages.parentId, parent.id));
    expect(waiting).toMatchObject({ kind: 'sign-in-code', status: 'queued' });
    const backup = await createBackup(t.database.db, { backupsDir: t.backupsDir, filesDir: t.filesDir }, TEST_SERVER_KEYS, { kind: 'manual' });

    await send();
    const [code] = codesSentTo(parent.phone!);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.database.db.select({ text: parentMessages.text, values: parentMessages.templateValues, status: parentMessages.status }).from(parentMessages).where(eq(parentMessages.parentId, parent.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('sent');
    // The office reads the words with the code masked; the template's value is sealed, not the code.
    expect(rows[0]!.text).toMatch(/^\*{6} is your sign-in code for /);
    expect(rows[0]!.values[0]).toMatch(/^v1\./);
    expect(JSON.stringify(rows)).not.toContain(code);
    const archive = gunzipSync(fs.readFileSync(backup.file)).toString('utf8');
    expect(archive).toContain('sign-in-code');
    for (const clear of [`${code} is your sign-in code`, `"${code}"`, `{${code},`, `[${code}`]) expect(archive).not.toContain(clear);
    // The code that arrived still works, and its hash is all that verifies it.
    const [stored] = await t.database.db.select({ codeHash: signInCodes.codeHash }).from(signInCodes).where(eq(signInCodes.phone, parent.phone!));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await verify('9822140001', code!)).statusCode).toBe(200);
  });
});

describe('strangers cannot lock a parent out or tell who is one (point 7)', () => {
  it('answers a parent’s number and an unknown one alike, and does the same work for both', async () => {
    await buildParent(t.database.db, { phone: '+919822140002' });
    const parentAnswer = await ask('9822140002', '198.51.100.21');
    const unknownAnswer = await ask('9822149999', '198.51.100.21');
    expect(parentAnswer.statusCode).toBe(200);
    expect(unknownAnswer.statusCode).toBe(200);
    expect(unknownAnswer.json()).toEqual(parentAnswer.json());
    expect(unknownAnswer.headers['content-length']).toBe(parentAnswer.headers['content-length']);
    // Both asks wrote their row (the per-address ceiling counts them); only the parent's was sent.
    const rows = await t.database.db.select({ phone: signInCodes.phone, sentAt: signInCodes.sentAt }).from(signInCodes).where(sql`${signInCodes.phone} in ('+919822140002', '+919822149999')`);
    expect(rows.map((row) => [row.phone, row.sentAt !== null]).sort()).toEqual([
      ['+919822140002', true],
      ['+919822149999', false],
    ]);
    // Asked again at once: the same answer for both (no "a code was sent a minute ago" for the parent only).
    const again = [await ask('9822140002', '198.51.100.22'), await ask('9822149999', '198.51.100.22')];
    expect(again.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(again[1]!.json()).toEqual(again[0]!.json());
    await send();
    expect(codesSentTo('+919822140002')).toHaveLength(1);
    expect(codesSentTo('+919822149999')).toHaveLength(0);
  });

  it('counts only codes sent: asks past the allowance send nothing, the parent’s code keeps working, and a new one comes after the cool-down', async () => {
    const phone = '+919822140003';
    await buildParent(t.database.db, { phone });
    expect((await ask('9822140003', '198.51.100.31')).statusCode).toBe(200);
    await send();
    const [first] = codesSentTo(phone);
    // A stranger asks over and over from other addresses: the same answer, nothing sent, nothing ended.
    for (let i = 0; i < 12; i += 1) expect((await ask('9822140003', `203.0.113.${100 + i}`)).statusCode).toBe(200);
    await send();
    expect(codesSentTo(phone)).toEqual([first]);
    expect((await verify('9822140003', first!)).statusCode).toBe(200);

    // The phone's allowance used up: OTP_SENDS_PER_HOUR codes sent in the last hour, the last one 2 minutes ago.
    await t.database.db.delete(signInCodes).where(eq(signInCodes.phone, phone));
    await t.database.db.insert(signInCodes).values(
      Array.from({ length: OTP_SENDS_PER_HOUR }, (_, index) => ({
        purpose: 'sign-in' as const,
        phone,
        codeHash: 'x',
        ip: '203.0.113.1',
        createdAt: new Date(Date.now() - (2 + index * 5) * 60_000),
        sentAt: new Date(Date.now() - (2 + index * 5) * 60_000),
        expiresAt: new Date(),
      })),
    );
    providers.reset();
    const held = await ask('9822140003', '198.51.100.32');
    expect(held.statusCode).toBe(200);
    expect(held.json().message).toBe('If this number belongs to a parent, a sign-in code is on its way by WhatsApp or SMS');
    await send();
    expect(codesSentTo(phone)).toHaveLength(0);
    // After the cool-down (not the rest of the hour) the parent gets a code again.
    await age(phone, PHONE_CODE_COOL_DOWN_MINUTES - 2 + 1);
    expect((await ask('9822140003', '198.51.100.33')).statusCode).toBe(200);
    await send();
    const [later] = codesSentTo(phone);
    expect(later).toMatch(/^\d{6}$/);
    expect((await verify('9822140003', later!)).statusCode).toBe(200);
  });

  it('stops every number alike once the academy has sent its codes for the hour', async () => {
    await buildParent(t.database.db, { phone: '+919822140004' });
    const now = Date.now();
    await t.database.db.insert(signInCodes).values(
      Array.from({ length: PHONE_CODES_SENT_PER_HOUR }, (_, index) => ({
        purpose: 'sign-in' as const,
        phone: `+9197${String(index).padStart(8, '0')}`,
        codeHash: 'x',
        ip: '203.0.113.2',
        createdAt: new Date(now - 20 * 60_000),
        sentAt: new Date(now - 20 * 60_000),
        expiresAt: new Date(now - 10 * 60_000),
      })),
    );
    const parent = await ask('9822140004', '198.51.100.41');
    const unknown = await ask('9822148888', '198.51.100.42');
    expect(parent.statusCode).toBe(429);
    expect(parent.json().message).toMatch(/^Too many codes are being sent just now\. Please try again in \d+ minutes?\.$/);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual(parent.json());
    await send();
    expect(codesSentTo('+919822140004')).toHaveLength(0);
    // The admission form's phone codes are paid messages too: the same ceiling.
    const admission = await t.app.inject({ method: 'POST', url: '/api/phone-verification/send-otp', remoteAddress: '198.51.100.43', payload: { phone: '9822147777' } });
    expect(admission.statusCode).toBe(429);
    await t.database.db.delete(signInCodes).where(eq(signInCodes.ip, '203.0.113.2'));
  });
});
