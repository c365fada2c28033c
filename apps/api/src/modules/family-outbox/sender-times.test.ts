import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, parentMessages } from '../../db/schema';
import { withAcademy } from '../../lib/tenancy';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildAcademies, buildParent } from '../../../test/factories';
import { changeJobTimes } from '../../../test/job-times';
import { academyToday } from '../../academy-settings';
import { recordProviderStatus } from './delivery-status';
import { nextParentMessageAt } from './sender-times';
import { PARENT_SENDER_JOB } from './queue-messages';

/**
 * Decision 115: the sender of messages to families no longer runs every minute in every academy. It runs
 * when its first known work is due (a failed try's retry, the end of the quiet hours, a dead server's
 * claim, a WhatsApp message's fallback) and every 10 minutes behind that; a new message wakes it at once.
 */
describe('the sender of messages to families sleeps until its work is due', () => {
  let t: TestApp;
  let today: string;
  let parentId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    today = await academyToday(t.database.db);
    parentId = (await buildParent(t.database.db, { phone: '+919822074001' })).id;
  });
  afterAll(() => t.close());

  const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
  type Message = Partial<typeof parentMessages.$inferInsert>;
  const message = (fields: Message) => ({ kind: 'announcement', key: `sleep:${randomUUID()}`, parentId, channel: 'email' as const, date: today, subject: 'Notice', text: 'Notice', payload: {}, ...fields });
  const insert = (...rows: Message[]) => t.database.db.insert(parentMessages).values(rows.map(message));
  const clear = () => t.database.db.delete(parentMessages);
  const secondsUntil = (date: Date | undefined) => (date === undefined ? undefined : (date.getTime() - Date.now()) / 1000);
  /** Within 3 s of `seconds` from now (the database's clock reads the statement's start). */
  const expectIn = async (seconds: number) => expect(Math.abs(secondsUntil(await nextParentMessageAt(t.database.db))! - seconds)).toBeLessThanOrEqual(3);

  /** The periodic row's next run after it ran now (the sender finds nothing it may send yet). */
  async function periodicRunAfterARun(): Promise<number> {
    await changeJobTimes(t.database.db, sql`update jobs set run_at = now() where key = ${PARENT_SENDER_JOB}`);
    await t.app.jobs.runDue([PARENT_SENDER_JOB]);
    const [row] = await t.database.db.select({ runAt: jobs.runAt }).from(jobs).where(eq(jobs.key, PARENT_SENDER_JOB));
    return Math.round((row!.runAt!.getTime() - Date.now()) / 1000);
  }

  it('knows nothing to do when nothing waits: its periodic run comes after 10 minutes', async () => {
    await clear();
    // Sent, delivered, given up on or carried by no channel: nothing of the sender's.
    await insert(
      { status: 'delivered', channel: 'whatsapp', sentAt: new Date() },
      { status: 'failed', attempts: 3 },
      { status: 'failed', attempts: 3, channel: 'none' },
      { status: 'cancelled' },
    );
    expect(await nextParentMessageAt(t.database.db)).toBeUndefined();
    expect(Math.abs((await periodicRunAfterARun()) - 600)).toBeLessThanOrEqual(5);
  });

  it('comes back for a failed try at its retry, for the quiet hours at their end, for a dead claim at its lease, for a fallback at the set minutes', async () => {
    await clear();
    // A first try failed just now: the second after 20 s (delivery-timing.ts).
    await insert({ status: 'failed', attempts: 1, updatedAt: new Date() });
    await expectIn(20);
    expect(Math.abs((await periodicRunAfterARun()) - 20)).toBeLessThanOrEqual(3);

    // The second failed: the third after 60 s. Held by the quiet hours until two hours from now: then.
    await clear();
    await insert({ status: 'failed', attempts: 2, updatedAt: new Date() }, { status: 'queued', channel: 'whatsapp', notBefore: at(7200) });
    await expectIn(60);
    await clear();
    await insert({ status: 'queued', channel: 'whatsapp', notBefore: at(7200) });
    await expectIn(7200);
    // Further than 10 minutes: the 10 minutes still.
    expect(Math.abs((await periodicRunAfterARun()) - 600)).toBeLessThanOrEqual(5);

    // Claimed by a server that died: when its claim runs out.
    await clear();
    await insert({ status: 'queued', lockedUntil: at(90) });
    await expectIn(90);

    // Sent on WhatsApp five minutes ago, not delivered: the next channel at the set minutes (30 by default).
    await clear();
    await insert({ status: 'sent', channel: 'whatsapp', sentAt: at(-300) }, { status: 'sent', channel: 'whatsapp', sentAt: at(-3600) });
    await expectIn(25 * 60);

    // Due now and left (more than one run sends): a minute from now, never a loop.
    await clear();
    await insert({ status: 'queued', createdAt: at(-5), channel: 'none' }, { status: 'failed', attempts: 1, createdAt: at(-700), updatedAt: at(-600) });
    expect(secondsUntil(await nextParentMessageAt(t.database.db))).toBeLessThanOrEqual(-500);
    await clear();
  });

  it('is woken when a provider says a WhatsApp message failed and the next channel takes it', async () => {
    await clear();
    await t.database.db.delete(jobs).where(and(eq(jobs.name, PARENT_SENDER_JOB), isNull(jobs.everyMs)));
    await insert({ status: 'sent', channel: 'whatsapp', providerId: 'wamid.sleepy', sentAt: new Date(), toAddress: '+919822074001' });
    await recordProviderStatus(t.database.db, { channel: 'whatsapp', providerId: 'wamid.sleepy', status: 'failed', at: new Date(), error: 'Not on WhatsApp' });
    const next = await t.database.db.select({ channel: parentMessages.channel, status: parentMessages.status }).from(parentMessages).where(eq(parentMessages.status, 'queued'));
    expect(next).toEqual([{ channel: 'email', status: 'queued' }]);
    const wakeUps = await t.database.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.name, PARENT_SENDER_JOB), isNull(jobs.everyMs)));
    expect(wakeUps).toHaveLength(1);
    expect(await t.app.jobs.runDue([PARENT_SENDER_JOB])).toBeGreaterThanOrEqual(1);
    expect((await t.database.db.select({ status: parentMessages.status }).from(parentMessages).where(eq(parentMessages.channel, 'email')))[0]!.status).toBe('sent');
    await clear();
  });

  it('reads its own academy only: academy B’s waiting message is not academy A’s work', async () => {
    await clear();
    const [academyB] = await buildAcademies(t.database.db, { slug: `sleepy-${randomUUID().slice(0, 8)}`, name: 'Sleepy B' });
    await withAcademy(academyB!.id, async () => {
      const parentOfB = await buildParent(t.database.db, { phone: '+919822074002' });
      await t.database.db.insert(parentMessages).values(message({ parentId: parentOfB.id, status: 'failed', attempts: 1, updatedAt: new Date() }));
      await expectIn(20);
    });
    expect(await nextParentMessageAt(t.database.db)).toBeUndefined();
  });
});
