import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUSH_SERVICE_MESSAGE } from '@academy/shared/schemas/push';
import { parentMessages, pushSubscriptions, pushVapidKeys } from '../../db/schema';
import { isSealed } from '../../lib/secret-box';
import { buildTestApp, TEST_SERVER_KEYS, type TestApp } from '../../../test/build-test-app';
import { buildParent, buildStudent, buildTeacher, loginAll } from '../../../test/factories';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../../test/push-service-stand-in';
import { academyToday } from '../../academy-settings';
import { PushNotSentError, sendPushToUser, vapidKeys } from '.';
import { markPushShown } from '../family-outbox';

let t: TestApp;
let pushService: PushServiceStandIn;
const cookie = { parent: '', otherParent: '', student: '', teacher: '' };
const users = { parent: '', otherParent: '', student: '' };
let parentId = '';

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  t = await buildTestApp({ config: { pushAllowedHosts: [pushService.host] } });
  const db = t.database.db;
  const student = await buildStudent(db);
  const parent = await buildParent(db, { studentIds: [student.id] });
  const otherParent = await buildParent(db);
  const teacher = await buildTeacher(db);
  parentId = parent.id;
  Object.assign(users, { parent: parent.user.id, otherParent: otherParent.user.id, student: student.user.id });
  Object.assign(cookie, await loginAll(t.app, { parent, otherParent, student, teacher }));
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { cookie: who, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130' }, ...(payload ? { payload } : {}) });

// A subscription as Chrome gives it (keys of a real P-256 pair and 16 random bytes).
const chromeLike = (id: string) => ({ ...pushService.subscription(`/unused/${id}`), endpoint: `https://fcm.googleapis.com/fcm/send/${id}` });
const rowOf = async (endpoint: string) => (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

describe('the server key', () => {
  it('is made once, the private half sealed, and the same for every caller', async () => {
    const first = await call('GET', '/push/public-key', cookie.parent);
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json().data as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await call('GET', '/push/public-key', cookie.student)).json().data.publicKey).toBe(publicKey);
    const [row] = await t.database.db.select().from(pushVapidKeys);
    expect(row!.publicKey).toBe(publicKey);
    expect(isSealed(row!.privateKey)).toBe(true);
    expect((await vapidKeys(t.database.db, TEST_SERVER_KEYS)).privateKey).not.toBe(row!.privateKey);
  });

  it('is one pair when several servers make it at once', async () => {
    await t.database.db.delete(pushVapidKeys);
    const pairs = await Promise.all(Array.from({ length: 6 }, () => vapidKeys(t.database.db, TEST_SERVER_KEYS)));
    expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
    expect(new Set(pairs.map((pair) => pair.privateKey)).size).toBe(1);
    expect(await t.database.db.select().from(pushVapidKeys)).toHaveLength(1);
  });

  it('is for parents and students only', async () => {
    expect((await call('GET', '/push/public-key', cookie.teacher)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(401);
  });
});

describe('subscribing and unsubscribing', () => {
  it('keeps a parent’s and a student’s subscription, with the browser named', async () => {
    const mine = chromeLike('parent-phone');
    expect((await call('POST', '/push/subscriptions', cookie.parent, mine)).json()).toEqual({ success: true, data: { subscribed: true } });
    const row = await rowOf(mine.endpoint);
    expect(row).toMatchObject({ userId: users.parent, p256dh: mine.keys.p256dh, auth: mine.keys.auth, userAgent: expect.stringContaining('Android') });
    const theirs = chromeLike('student-phone');
    expect((await call('POST', '/push/subscriptions', cookie.student, theirs)).statusCode).toBe(200);
    expect((await rowOf(theirs.endpoint))!.userId).toBe(users.student);
  });

  it('moves a browser’s subscription to whoever subscribed there last (one row per endpoint)', async () => {
    const shared = chromeLike('shared-phone');
    await call('POST', '/push/subscriptions', cookie.parent, shared);
    const renewed = { ...shared, keys: chromeLike('other-keys').keys };
    expect((await call('POST', '/push/subscriptions', cookie.otherParent, renewed)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, shared.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: users.otherParent, p256dh: renewed.keys.p256dh });
  });

  it('refuses a teacher (403) and a visitor (401)', async () => {
    expect((await call('POST', '/push/subscriptions', cookie.teacher, chromeLike('teacher'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: chromeLike('visitor') })).statusCode).toBe(401);
    expect(await rowOf('https://fcm.googleapis.com/fcm/send/teacher')).toBeUndefined();
  });

  it('answers a bad body with 400 naming the fields', async () => {
    const empty = await call('POST', '/push/subscriptions', cookie.parent, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(expect.arrayContaining(['endpoint', 'keys']));
    const badKeys = await call('POST', '/push/subscriptions', cookie.parent, { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'short', auth: 'not base64url!!!!!!!!!!' } });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json().errors).toEqual({
      'keys.p256dh': 'Enter the subscription key the browser gave (p256dh)',
      'keys.auth': 'Enter the subscription secret the browser gave (auth)',
    });
    const notUrl = await call('POST', '/push/subscriptions', cookie.parent, { ...chromeLike('x'), endpoint: 'not an address' });
    expect(notUrl.json().errors).toEqual({ endpoint: 'Enter the push address the browser gave (an https address)' });
  });

  it('refuses an address that is not a browser’s push service (the server would call it)', async () => {
    for (const endpoint of ['https://evil.example/push', 'http://169.254.169.254/latest/meta-data', 'https://fcm.googleapis.com.evil.example/x', 'http://fcm.googleapis.com/fcm/send/x', 'http://127.0.0.1:9/push']) {
      const response = await call('POST', '/push/subscriptions', cookie.parent, { ...chromeLike('ssrf'), endpoint });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json(), endpoint).toEqual({ success: false, message: PUSH_SERVICE_MESSAGE, errors: { endpoint: PUSH_SERVICE_MESSAGE } });
      expect(await rowOf(endpoint)).toBeUndefined();
    }
  });

  it('removes only the caller’s own subscription', async () => {
    const mine = chromeLike('to-remove');
    await call('POST', '/push/subscriptions', cookie.parent, mine);
    const byOther = await call('DELETE', '/push/subscriptions', cookie.otherParent, { endpoint: mine.endpoint });
    expect(byOther.statusCode).toBe(200);
    expect(await rowOf(mine.endpoint)).toBeDefined();
    expect((await call('DELETE', '/push/subscriptions', cookie.teacher, { endpoint: mine.endpoint })).statusCode).toBe(403);
    expect((await call('DELETE', '/push/subscriptions', cookie.parent, { endpoint: mine.endpoint })).json()).toEqual({ success: true, data: { subscribed: false } });
    expect(await rowOf(mine.endpoint)).toBeUndefined();
    // Again (already gone): the same calm answer.
    expect((await call('DELETE', '/push/subscriptions', cookie.parent, { endpoint: mine.endpoint })).statusCode).toBe(200);
  });
});

describe('sendPushToUser', () => {
  const message = { title: 'Absent today', body: 'Asha was absent on 26-11-2026 (Maths, Std 10).', url: '/parent', messageId: '8d3b1b7e-4c5a-4d8e-9a0f-2b1c3d4e5f60' };
  const deps = () => ({ db: t.database.db, keys: TEST_SERVER_KEYS, allowedHosts: [pushService.host] });

  it('sends a real Web Push request (TTL, aes128gcm, VAPID for the origin) that the browser can read', async () => {
    const db = t.database.db;
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, users.student));
    const phone = pushService.subscription('/push/student-phone');
    expect((await call('POST', '/push/subscriptions', cookie.student, phone)).statusCode).toBe(200);
    pushService.received.length = 0;

    expect(await sendPushToUser(deps(), users.student, message)).toEqual({ sent: 1, gone: 0 });

    expect(pushService.refused).toEqual([]);
    expect(pushService.received).toHaveLength(1);
    const push = pushService.received[0]!;
    expect(push).toMatchObject({ path: '/push/student-phone', ttl: '86400', urgency: 'high', aud: pushService.origin, vapidPublicKey: (await vapidKeys(db, TEST_SERVER_KEYS)).publicKey });
    expect(push.sub).toMatch(/^mailto:.+@.+/);
    expect(push.payload).toEqual(message);
    expect((await rowOf(phone.endpoint))!.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('removes a subscription its push service calls gone (410, 404), and still sends to the others', async () => {
    const db = t.database.db;
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, users.parent));
    const live = pushService.subscription('/push/parent-live');
    const gone = pushService.subscription('/push/parent-gone');
    const missing = pushService.subscription('/push/parent-missing');
    pushService.statusFor.set('/push/parent-gone', 410);
    pushService.statusFor.set('/push/parent-missing', 404);
    for (const subscription of [live, gone, missing]) await call('POST', '/push/subscriptions', cookie.parent, subscription);

    expect(await sendPushToUser(deps(), users.parent, message)).toEqual({ sent: 1, gone: 2 });
    expect(await rowOf(gone.endpoint)).toBeUndefined();
    expect(await rowOf(missing.endpoint)).toBeUndefined();
    expect(await rowOf(live.endpoint)).toBeDefined();
  });

  it('throws when no browser took the message: none subscribed, all gone, or the push service refused', async () => {
    const db = t.database.db;
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, users.otherParent));
    await expect(sendPushToUser(deps(), users.otherParent, message)).rejects.toThrow(/not turned on notifications/);

    const gone = pushService.subscription('/push/other-gone');
    pushService.statusFor.set('/push/other-gone', 410);
    await call('POST', '/push/subscriptions', cookie.otherParent, gone);
    const error = await sendPushToUser(deps(), users.otherParent, message).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PushNotSentError);
    expect(error).toMatchObject({ gone: 1, message: expect.stringContaining('no longer exist') });
    expect(await rowOf(gone.endpoint)).toBeUndefined();

    const busy = pushService.subscription('/push/other-busy');
    pushService.statusFor.set('/push/other-busy', 429);
    await call('POST', '/push/subscriptions', cookie.otherParent, busy);
    await expect(sendPushToUser(deps(), users.otherParent, message)).rejects.toThrow(/answered 429/);
    // A refusal that is not "gone" keeps the subscription for the next message.
    expect(await rowOf(busy.endpoint)).toBeDefined();
  });
});

describe('the service worker’s "shown" report', () => {
  const insertMessage = async (overrides: Partial<typeof parentMessages.$inferInsert> = {}) => {
    const [row] = await t.database.db
      .insert(parentMessages)
      .values({
        kind: 'announcement',
        key: `announcement:${Math.random()}`,
        parentId,
        channel: 'push',
        status: 'sent',
        date: await academyToday(t.database.db),
        subject: 'Holiday on Friday',
        text: 'The academy is closed on Friday.',
        payload: {},
        ...overrides,
      })
      .returning();
    return row!;
  };
  const statusOf = async (id: string) => (await t.database.db.select().from(parentMessages).where(eq(parentMessages.id, id)))[0]!;

  it('marks the parent’s own push message delivered, once', async () => {
    const message = await insertMessage();
    expect((await call('POST', '/push/received', cookie.parent, { messageId: message.id })).json()).toEqual({ success: true, data: { recorded: true } });
    const after = await statusOf(message.id);
    expect(after.status).toBe('delivered');
    expect(after.deliveredAt).toBeInstanceOf(Date);
    expect((await call('POST', '/push/received', cookie.parent, { messageId: message.id })).json().data).toEqual({ recorded: false });
  });

  it('leaves another family’s message, another channel’s and a read one as they are', async () => {
    const message = await insertMessage();
    expect((await call('POST', '/push/received', cookie.otherParent, { messageId: message.id })).json().data).toEqual({ recorded: false });
    expect((await call('POST', '/push/received', cookie.student, { messageId: message.id })).json().data).toEqual({ recorded: false });
    expect((await statusOf(message.id)).status).toBe('sent');
    const whatsapp = await insertMessage({ channel: 'whatsapp' });
    expect(await markPushShown(t.database.db, users.parent, whatsapp.id)).toBe(false);
    const read = await insertMessage({ status: 'read' });
    expect(await markPushShown(t.database.db, users.parent, read.id)).toBe(false);
    expect((await statusOf(read.id)).status).toBe('read');
    expect((await call('POST', '/push/received', cookie.teacher, { messageId: message.id })).statusCode).toBe(403);
    expect((await call('POST', '/push/received', cookie.parent, { messageId: 'nope' })).statusCode).toBe(400);
  });
});
