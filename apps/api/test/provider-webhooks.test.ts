import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academySettings, auditLog, parentMessages, parents, providerWebhookEvents } from '../src/db/schema';
import { buildTestApp, type TestApp } from './build-test-app';
import { buildParent, buildTeacher, buildUser, loginAs } from './factories';
import { metaSignature, whatsAppReplyBody } from './provider-stand-ins';

/**
 * Issue 53, point 9 (b) and (c): the providers' webhooks. WhatsApp's is proven by its signature before
 * anything of the body is read, a replayed event changes nothing, and an impossible time is not
 * believed; MSG91's delivery-report address can be replaced by the admin, and the old one stops.
 */
const APP_SECRET = 'meta-app-secret-0123456789abcdef';
const VERIFY_TOKEN = 'verify-token-0123456789';

let t: TestApp;
let admin: string;

const postSigned = (body: string, signature = metaSignature(APP_SECRET, body)) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, payload: body });
const statusBody = (id: string, status: 'delivered' | 'read', timestamp: string) =>
  JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: 'WABA-ID', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses: [{ id, status, timestamp, recipient_id: '919800000001' }] } }] }] });

/** A WhatsApp message to a parent, as the sender leaves it once Meta took it. */
async function sentMessage(wamid: string) {
  const parent = await buildParent(t.database.db);
  const [row] = await t.database.db
    .insert(parentMessages)
    .values({ kind: 'absence', key: `absence:${wamid}`, parentId: parent.id, channel: 'whatsapp', status: 'sent', date: '2026-11-27', subject: 'Absent', text: 'Absent today', payload: {}, toAddress: parent.phone, providerId: wamid, sentAt: new Date() })
    .returning();
  return row!;
}
const messageRow = async (id: string) => (await t.database.db.select().from(parentMessages).where(eq(parentMessages.id, id)))[0]!;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, (await buildUser(t.database.db, { role: 'admin' })).email);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/messaging',
    headers: { cookie: admin },
    payload: { whatsapp: { enabled: false, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN }, sms: { enabled: false, authKey: 'msg91-auth-key-0123456789abcdef' } },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the WhatsApp webhook (point 9 b)', () => {
  it('checks the signature on the raw body before parsing it: an unsigned body is refused whatever it holds', async () => {
    // Not JSON and unsigned: refused as unsigned (401), so nothing was parsed before the check.
    const garbage = await t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers: { 'content-type': 'application/json' }, payload: '{"entry": [' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().message).toBe('The signature does not match');
    const wronglySigned = await postSigned('{"entry": [', metaSignature('not-the-app-secret-000000', '{"entry": ['));
    expect(wronglySigned.statusCode).toBe(401);
    // Signed but not JSON: only then is it read, and refused as such.
    const signedGarbage = await postSigned('{"entry": [');
    expect(signedGarbage.statusCode).toBe(400);
    expect(signedGarbage.json().message).toBe('The body is not valid JSON');
    // The signature covers the exact bytes: the same JSON re-spaced is refused.
    const body = statusBody('wamid.raw-1', 'delivered', String(Math.floor(Date.now() / 1000)));
    expect((await postSigned(JSON.stringify(JSON.parse(body), null, 2), metaSignature(APP_SECRET, body))).statusCode).toBe(401);
  });

  it('acts on an event once: a replayed STOP does not undo the parent’s later START', async () => {
    const parent = await buildParent(t.database.db, { phone: '+919822150001' });
    const stop = whatsAppReplyBody('919822150001', 'STOP', 'wamid.in-stop-1');
    const start = whatsAppReplyBody('919822150001', 'START', 'wamid.in-start-1');
    const stopped = async () => (await t.database.db.select({ at: parents.whatsappStoppedAt }).from(parents).where(eq(parents.id, parent.id)))[0]!.at !== null;
    // The parents module acts on a reply when its event (whatsapp.stop-or-start-replied) is delivered.
    const deliverEvents = async () => {
      while ((await t.app.jobs.runDue()) > 0);
    };
    expect((await postSigned(stop)).statusCode).toBe(200);
    await deliverEvents();
    expect(await stopped()).toBe(true);
    expect((await postSigned(start)).statusCode).toBe(200);
    await deliverEvents();
    expect(await stopped()).toBe(false);
    // The captured STOP posted again, correctly signed: answered 200 (Meta stops retrying), nothing changes.
    const replay = await postSigned(stop);
    expect(replay.statusCode).toBe(200);
    await deliverEvents();
    expect(await stopped()).toBe(false);
    const seen = await t.database.db.select().from(providerWebhookEvents).where(eq(providerWebhookEvents.id, 'whatsapp:message:wamid.in-stop-1'));
    expect(seen).toHaveLength(1);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, parent.id)).orderBy(auditLog.id);
    expect(audits.map((entry) => entry.summaryKey)).toEqual(['parent.whatsapp_stop', 'parent.channel']);
  });

  it('refuses a replayed status and believes only possible times (`"timestamp":"1"` is not 1970)', async () => {
    const message = await sentMessage('wamid.time-1');
    expect((await postSigned(statusBody('wamid.time-1', 'read', '1'))).statusCode).toBe(200);
    const read = await messageRow(message.id);
    expect(read.status).toBe('read');
    expect(Math.abs(read.readAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(read.deliveredAt!.getUTCFullYear()).toBeGreaterThan(2000);

    const future = await sentMessage('wamid.time-2');
    expect((await postSigned(statusBody('wamid.time-2', 'delivered', String(Math.floor(Date.now() / 1000) + 30 * 86_400)))).statusCode).toBe(200);
    expect(Math.abs((await messageRow(future.id)).deliveredAt!.getTime() - Date.now())).toBeLessThan(60_000);
    // A time too large for a date at all: still no error, the time it came.
    expect((await postSigned(statusBody('wamid.time-2', 'read', '999999999999'))).statusCode).toBe(200);
    expect(Math.abs((await messageRow(future.id)).readAt!.getTime() - Date.now())).toBeLessThan(60_000);

    // A possible time (a few seconds ago) is kept as Meta gave it.
    const fine = await sentMessage('wamid.time-3');
    const when = Math.floor(Date.now() / 1000) - 5;
    const delivered = statusBody('wamid.time-3', 'delivered', String(when));
    expect((await postSigned(delivered)).statusCode).toBe(200);
    expect((await messageRow(fine.id)).deliveredAt!.getTime()).toBe(when * 1000);
    // The same status posted again later (a replay) changes nothing, and is answered 200.
    await t.database.db.update(parentMessages).set({ status: 'sent', deliveredAt: null }).where(eq(parentMessages.id, fine.id));
    expect((await postSigned(delivered)).statusCode).toBe(200);
    expect(await messageRow(fine.id)).toMatchObject({ status: 'sent', deliveredAt: null });
  });

  it('answers Meta’s handshake only with the verify token', async () => {
    const handshake = (token: string) => t.app.inject({ method: 'GET', url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=42` });
    expect((await handshake(VERIFY_TOKEN)).body).toBe('42');
    for (const wrong of ['', 'verify-token-0123456780', `${VERIFY_TOKEN}x`, 'v']) expect((await handshake(wrong)).statusCode).toBe(403);
  });
});

describe('rotating the MSG91 delivery-report address (point 9 c)', () => {
  const report = { data: [{ requestId: 'unknown-request', report: [{ date: new Date().toISOString(), status: '1', desc: 'DELIVERED' }] }] };
  const postReport = (token: string) => t.app.inject({ method: 'POST', url: `/api/webhooks/msg91?token=${encodeURIComponent(token)}`, payload: report });
  const tokenOf = (settings: { sms: { webhookPath: string } }) => new URL(settings.sms.webhookPath, 'http://x').searchParams.get('token')!;

  it('gives the admin a new token: the old one stops at once, the new one is sealed and the change audited', async () => {
    const old = tokenOf((await t.app.inject({ method: 'GET', url: '/api/admin/settings/messaging', headers: { cookie: admin } })).json().data);
    expect((await postReport(old)).statusCode).toBe(200);

    const rotated = await t.app.inject({ method: 'POST', url: '/api/admin/settings/messaging/msg91-webhook-token', headers: { cookie: admin } });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().message).toBe('New delivery-report address made. Enter it in MSG91: the old one no longer works.');
    const fresh = tokenOf(rotated.json().data);
    expect(fresh).toMatch(/^[\w-]{32}$/);
    expect(fresh).not.toBe(old);
    expect((await postReport(old)).statusCode).toBe(401);
    expect((await postReport(fresh)).statusCode).toBe(200);
    // The settings screen shows the new address; the database holds it sealed only.
    expect(tokenOf((await t.app.inject({ method: 'GET', url: '/api/admin/settings/messaging', headers: { cookie: admin } })).json().data)).toBe(fresh);
    const [row] = await t.database.db.select({ secrets: academySettings.messagingSecrets }).from(academySettings);
    expect(row!.secrets.msg91WebhookToken).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(fresh);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.summaryKey, 'settings.msg91_token'));
    expect(entry).toMatchObject({ action: 'settings.update', summary: 'Made a new address for MSG91 delivery reports (the old one stopped working)' });
    expect(JSON.stringify(entry)).not.toContain(fresh);
    // Saving the other settings keeps the token.
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings/messaging', headers: { cookie: admin }, payload: { fallbackMinutes: 25 } })).statusCode).toBe(200);
    expect((await postReport(fresh)).statusCode).toBe(200);
  });

  it('answers 400, not 500, to a NUL inside the v2 form’s `data` JSON (issue 71)', async () => {
    const token = tokenOf((await t.app.inject({ method: 'GET', url: '/api/admin/settings/messaging', headers: { cookie: admin } })).json().data);
    // `\u0000` is six harmless characters in the form; JSON.parse makes it a NUL, which PostgreSQL's text refuses.
    const form = new URLSearchParams({ data: '[{"requestId":"req\\u0000x","report":[{"status":"1","desc":"DELIVERED"}]}]' });
    const posted = await t.app.inject({ method: 'POST', url: `/api/webhooks/msg91?token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(posted.statusCode).toBe(400);
    expect(posted.json().errors).toEqual({ 'data.0.requestId': 'This field contains a character that is not allowed' });
  });

  it('is the admin’s only', async () => {
    const teacher = await loginAs(t.app, (await buildTeacher(t.database.db)).user.email);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/settings/messaging/msg91-webhook-token', headers: { cookie: teacher } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/settings/messaging/msg91-webhook-token' })).statusCode).toBe(401);
  });
});
