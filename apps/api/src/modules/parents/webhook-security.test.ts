import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import { academySettings, parentMessages, users } from '../../db/schema';
import { OUTBOUND_HTTPS_MESSAGE, OUTBOUND_INSIDE_MESSAGE } from '../../lib/outbound-address';
import { isSealed, openSecret, sealSecret } from '../../lib/secret-box';
import { serverKeysFrom } from '../../lib/server-keys';
import { waitForJob } from '../../../test/backup-helpers';
import { buildTestApp, NO_PROVIDERS, TEST_SERVER_KEYS, type TestApp } from '../../../test/build-test-app';
import { buildParent, buildStudent, buildUser, loginAs } from '../../../test/factories';
import { academyToday } from '../../academy-settings';
import { sealClearWebhookSecret } from '../settings';
import { absenceMessages } from './absence-alerts';
import { notifyParents } from '../family-outbox/queue-messages';
import { sendDueParentMessages } from '../family-outbox/send-messages';
import { WEBHOOK_NO_ANSWER_MESSAGE, WEBHOOK_SECRET_UNREADABLE_MESSAGE } from '../family-outbox/sender-parts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../family-outbox/send-to-webhook';
import { startStandInServer } from '../../../test/stand-in-server';

/**
 * Issue 35: the parents' webhook may not reach inside the server's network in production (finding 1),
 * its secret is sealed at rest and in backups (finding 7), and the office never reads a socket error.
 */
const SECRET = 'the-webhook-secret-0123456789';
const CONTEXT = 'parent-webhook-secret';

describe('in production the webhook address must be on the public internet', () => {
  let t: TestApp;
  let admin: string;
  let marathiAdmin: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: { isProduction: true } });
    admin = await loginAs(t.app, (await buildUser(t.database.db, { role: 'admin' })).email);
    const marathi = await buildUser(t.database.db, { role: 'admin' });
    await t.database.db.update(users).set({ language: 'mr' }).where(eq(users.id, marathi.id));
    marathiAdmin = await loginAs(t.app, marathi.email);
  });
  afterAll(() => t.close());

  const save = (url: string, cookie = admin) => t.app.inject({ method: 'PUT', url: '/api/admin/settings/parent-alerts', headers: { cookie }, payload: { parentWebhook: { url, secret: SECRET } } });

  it('refuses loopback, private, link-local, CGNAT, IPv6 local, IPv4-mapped and metadata addresses with 400 and a clear message', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://127.0.0.1:5432/',
      'https://localhost:3000/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/',
      'https://100.64.1.1/',
      'https://[::1]:8080/',
      'https://[fc00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://metadata.google.internal/computeMetadata/v1/',
    ]) {
      const response = await save(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ success: false, message: OUTBOUND_INSIDE_MESSAGE, errors: { 'parentWebhook.url': OUTBOUND_INSIDE_MESSAGE } });
    }
    // Plain http is for tests and local gateways, never in production.
    for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost/hook']) {
      const response = await save(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(OUTBOUND_HTTPS_MESSAGE);
    }
    // Nothing was saved.
    const [row] = await t.database.db.select({ url: academySettings.parentWebhookUrl, secret: academySettings.parentWebhookSecret }).from(academySettings);
    expect({ url: row?.url ?? null, secret: row?.secret ?? null }).toEqual({ url: null, secret: null });
  });

  it("answers in the caller's language", async () => {
    const response = await save('https://10.0.0.5/', marathiAdmin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(translateServerMessage(OUTBOUND_INSIDE_MESSAGE, 'mr'));
    expect(response.json().message).not.toBe(OUTBOUND_INSIDE_MESSAGE);
  });

  it('accepts a public address', async () => {
    const response = await save('https://203.0.113.10/hook');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.parentWebhook).toEqual({ url: 'https://203.0.113.10/hook', secretSet: true });
  });
});

describe('the webhook outside production: sealed secret, signed sends, plain failures', () => {
  type Received = { body: string; verified: boolean };
  const received: Received[] = [];
  /** The secret the stand-in provider checks signatures with. */
  let providerSecret = SECRET;
  let provider: http.Server;
  let hookUrl: string;
  let t: TestApp;
  let admin: string;
  let today: string;

  beforeAll(async () => {
    // The academy's SMS provider: accepts a message only with a valid signature of its body.
    const standIn = await startStandInServer((request, body, response) => {
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers[WEBHOOK_SIGNATURE_HEADER]));
      const verified = match !== null && match[2] === signWebhook(providerSecret, Number(match[1]), body);
      received.push({ body, verified });
      response.statusCode = verified ? 200 : 401;
      response.end();
    });
    provider = standIn.server;
    hookUrl = `${standIn.origin}/hook`;
    t = await buildTestApp();
    admin = await loginAs(t.app, (await buildUser(t.database.db, { role: 'admin' })).email);
    today = await academyToday(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => provider.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    providerSecret = SECRET;
  });

  const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const storedSecret = async () => (await t.database.db.select({ secret: academySettings.parentWebhookSecret }).from(academySettings))[0]!.secret;
  const sendDue = () => sendDueParentMessages({ db: t.database.db, mailer: t.mailer, keys: TEST_SERVER_KEYS, outbound: { production: false }, providers: NO_PROVIDERS });

  /** A child with one linked parent and an absence alert queued for them (email and webhook). */
  async function queueAlert() {
    const child = await buildStudent(t.database.db);
    await buildParent(t.database.db, { studentIds: [child.id] });
    const messages = absenceMessages({ child: 'Child', batches: 'Maths', status: 'absent', date: today, academy: 'Academy' });
    await notifyParents(t.database.db, undefined, { studentId: child.id, kind: 'absence', key: `absence:${child.id}:${today}`, date: today, messages, payload: {}, values: {} });
    return child.id;
  }
  const webhookRowOf = async (studentId: string) => (await t.database.db.select().from(parentMessages).where(eq(parentMessages.studentId, studentId))).find((row) => row.channel === 'webhook')!;
  const listedAlert = async (studentId: string) =>
    (await asAdmin('GET', `/api/admin/absence-alerts?date=${today}`)).json().data.alerts.find((alert: { child: { _id: string }; channel: string }) => alert.child._id === studentId && alert.channel === 'webhook');

  it('keeps the secret sealed in the database and in backups, never answers it, and still signs every send', async () => {
    const saved = await asAdmin('PUT', '/api/admin/settings/parent-alerts', { parentWebhook: { url: hookUrl, secret: SECRET } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.parentWebhook).toEqual({ url: hookUrl, secretSet: true });
    expect(JSON.stringify((await asAdmin('GET', '/api/admin/settings')).json())).not.toContain(SECRET);

    const stored = (await storedSecret())!;
    expect(isSealed(stored)).toBe(true);
    expect(stored).not.toContain(SECRET);
    expect(openSecret(TEST_SERVER_KEYS, CONTEXT, stored)).toBe(SECRET);

    // A backup carries the settings row as it is stored: sealed.
    const started = await asAdmin('POST', '/api/admin/backups');
    expect(started.statusCode).toBe(202);
    const job = await waitForJob(t.app, admin, started.json().data.id);
    expect(job.status).toBe('succeeded');
    const archive = zlib.gunzipSync((await asAdmin('GET', `/api/admin/backups/${job.backupName}/download`)).rawPayload).toString('utf8');
    expect(archive).toContain(stored);
    expect(archive).not.toContain(SECRET);

    // Signed end to end: the provider checks the HMAC with the clear secret.
    const studentId = await queueAlert();
    expect(await sendDue()).toEqual({ sent: 2, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0]!.verified).toBe(true);
    expect((await webhookRowOf(studentId)).status).toBe('sent');
  });

  it('seals a secret an older version stored in clear (once, whichever server does it) and signs with it', async () => {
    await asAdmin('PUT', '/api/admin/settings/parent-alerts', { parentWebhook: { url: hookUrl, secret: SECRET } });
    const legacy = 'legacy-clear-secret-0123456789';
    await t.database.db.update(academySettings).set({ parentWebhookSecret: legacy });
    // Two servers starting at once.
    await Promise.all([sealClearWebhookSecret(t.database.db, TEST_SERVER_KEYS), sealClearWebhookSecret(t.database.db, TEST_SERVER_KEYS)]);
    const sealed = (await storedSecret())!;
    expect(isSealed(sealed)).toBe(true);
    expect(openSecret(TEST_SERVER_KEYS, CONTEXT, sealed)).toBe(legacy);
    await sealClearWebhookSecret(t.database.db, TEST_SERVER_KEYS);
    expect(await storedSecret()).toBe(sealed);

    // Clear again (e.g. restored from an old backup): the sender signs with it as it is and writes nothing;
    // the next start (or a save of the alerts) seals it.
    await t.database.db.update(academySettings).set({ parentWebhookSecret: legacy });
    providerSecret = legacy;
    await queueAlert();
    expect(await sendDue()).toEqual({ sent: 2, failed: 0 });
    expect(received.map((hook) => hook.verified)).toEqual([true]);
    expect(await storedSecret()).toBe(legacy);
    await sealClearWebhookSecret(t.database.db, TEST_SERVER_KEYS);
    const resealed = (await storedSecret())!;
    expect(isSealed(resealed)).toBe(true);
    expect(openSecret(TEST_SERVER_KEYS, CONTEXT, resealed)).toBe(legacy);
  });

  it('a secret sealed under another APP_SECRET fails the webhook sends with a clear message, not a crash', async () => {
    await asAdmin('PUT', '/api/admin/settings/parent-alerts', { parentWebhook: { url: hookUrl, secret: SECRET } });
    const otherServer = serverKeysFrom('another-academy-server-secret-0123456789');
    await t.database.db.update(academySettings).set({ parentWebhookSecret: sealSecret(otherServer, CONTEXT, SECRET) });
    const studentId = await queueAlert();
    // The email still goes; the webhook tells the office what to do.
    expect(await sendDue()).toEqual({ sent: 1, failed: 1 });
    expect(received).toHaveLength(0);
    expect(await webhookRowOf(studentId)).toMatchObject({ status: 'failed', error: WEBHOOK_SECRET_UNREADABLE_MESSAGE });
    expect((await listedAlert(studentId)).error).toBe(WEBHOOK_SECRET_UNREADABLE_MESSAGE);
    expect(translateServerMessage(WEBHOOK_SECRET_UNREADABLE_MESSAGE, 'hi')).not.toBe(WEBHOOK_SECRET_UNREADABLE_MESSAGE);
  });

  it('a webhook that refuses the connection shows the office a plain failure, never the socket error', async () => {
    // A port where nothing listens.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await asAdmin('PUT', '/api/admin/settings/parent-alerts', { parentWebhook: { url: `http://127.0.0.1:${port}/hook`, secret: SECRET } })).statusCode).toBe(200);
    const studentId = await queueAlert();
    expect(await sendDue()).toEqual({ sent: 1, failed: 1 });
    const listed = await listedAlert(studentId);
    expect(listed).toMatchObject({ status: 'failed', error: WEBHOOK_NO_ANSWER_MESSAGE });
    expect(JSON.stringify(listed)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect/);
    expect(JSON.stringify(listed)).not.toContain(String(port));
    expect(translateServerMessage(WEBHOOK_NO_ANSWER_MESSAGE, 'mr')).not.toBe(WEBHOOK_NO_ANSWER_MESSAGE);
  });

  it('writes the address to the audit log without its query, fragment or user name', async () => {
    const response = await asAdmin('PUT', '/api/admin/settings/parent-alerts', { parentWebhook: { url: 'https://user:pw@gw.example/hook?token=abc#part', secret: SECRET } });
    expect(response.statusCode).toBe(200);
    const { rows } = await t.database.db.execute<{ changes: Record<string, { old: unknown; new: unknown }> | null }>(
      sql`select changes from audit_log where entity_type = 'settings' and changes ? 'parentWebhookUrl' order by at desc, id desc limit 1`,
    );
    expect(rows[0]!.changes!.parentWebhookUrl!.new).toBe('https://gw.example/hook');
    const { rows: all } = await t.database.db.execute<{ entry: string }>(sql`select row_to_json(a)::text as entry from audit_log a`);
    expect(all.map((row) => row.entry).join('\n')).not.toMatch(/token=abc|pw@|#part/);
  });
});
