import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { dueNow } from '@academy/shared/due-now';
import { formatDate } from '@academy/shared/calendar';
import { formatPaise } from '@academy/shared/money';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import type { Db } from '../../db/client';
import { feeDues, students, users } from '../../db/schema';
import type { Jobs } from '../../events/catalog';
import { feeReminderMail, feeReminderParentMessages } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import type { ServerKeys } from '../../lib/server-keys';
import { linkedParentsOf, notifyParents } from '../family-outbox';
import { academyMailBrand, academyToday, getAcademySettings } from '../../academy-settings';
import { payLinkUrl } from './pay-link';
import type { FeeReminderPayload } from './reminders.service';
import { joinOn } from '../../db/same-academy';


/**
 * THE one place a fee reminder leaves the academy (the `fee-reminder` job, with the runner's retries).
 * To the student's parents through their channels (`notifyParents`: email in each parent's language
 * and, when Settings has one, the signed webhook for SMS/WhatsApp); the same reminder retried never
 * reaches a parent twice (one key per student, day and dues). A student without linked parents gets
 * the mail on their own account email instead, in their language (the fallback the issue asks for).
 * It names every due that is due now (`dueNow`, the pay page's definition too); when none of the
 * reminded dues is still due now (paid or cancelled since it was queued), nothing is sent.
 * Each reminder carries the student's pay link (pay-link.ts), where the family pays each due by UPI.
 */
export async function deliverFeeReminder(
  deps: { db: Db; mailer: Mailer; jobs?: Jobs; keys: ServerKeys; config: { publicUrl: string | undefined } },
  payload: FeeReminderPayload,
): Promise<void> {
  const { db, mailer } = deps;
  const [student] = await db.select({ name: users.name, email: users.email, language: users.language }).from(students).innerJoin(users, joinOn(users.id, students.userId)).where(eq(students.id, payload.studentId)).limit(1);
  if (!student) return;
  const openDues = await db
    .select({ id: feeDues.id, label: feeDues.label, dueDate: feeDues.dueDate, balance: sql<number>`(${feeDues.amountPaise} - ${feeDues.concessionPaise} - ${feeDues.paidPaise})`.mapWith(Number) })
    .from(feeDues)
    .where(and(eq(feeDues.studentId, payload.studentId), eq(feeDues.status, 'open'), sql`${feeDues.amountPaise} - ${feeDues.concessionPaise} - ${feeDues.paidPaise} > 0`))
    .orderBy(asc(feeDues.dueDate), asc(feeDues.seq), asc(feeDues.createdAt));
  const [settings, today] = await Promise.all([getAcademySettings(db), academyToday(db)]);
  // The reminder names what is due now (the shared definition, decision 072): every due whose date has
  // come, the reminded ones among them, and the same total as the pay page it links to (issue 73, point 11).
  const { dues } = dueNow(openDues.map((due) => ({ ...due, balancePaise: due.balance, open: true })), today);
  const reminded = new Set(payload.dueIds);
  if (!dues.some((due) => reminded.has(due.id))) return;
  const origin = payload.origin ?? deps.config.publicUrl;
  // Each reader's link opens in their language (issue 54): the same token under /mr/ and /hi/.
  const now = new Date();
  const payLinks = origin ? (Object.fromEntries(LANGUAGES.map((language) => [language, payLinkUrl(origin, deps.keys.key('pay-links'), payload.studentId, now, language)])) as Record<Language, string>) : undefined;
  const facts = {
    academyName: settings.name,
    studentName: student.name,
    dues: dues.map((due) => ({ label: due.label, dueDate: formatDate(due.dueDate), balance: formatPaise(due.balance) })),
    total: formatPaise(dues.reduce((sum, due) => sum + due.balance, 0)),
    officePhone: settings.phones.find(Boolean),
    payLinks,
  };
  const linked = await linkedParentsOf(db, payload.studentId);
  if (linked.length > 0) {
    const date = today;
    const dueKey = createHash('sha1').update(dues.filter((due) => reminded.has(due.id)).map((due) => due.id).sort().join(',')).digest('hex');
    await notifyParents(db, deps.jobs, {
      studentId: payload.studentId,
      kind: 'fee-reminder',
      key: `fee-reminder:${payload.studentId}:${date}:${dueKey}`,
      date,
      messages: feeReminderParentMessages(facts),
      payload: { child: { _id: payload.studentId, name: student.name }, total: facts.total, dues: facts.dues },
      values: { child: student.name, amount: facts.total, dueDate: facts.dues[0]!.dueDate, payLink: payLinks ?? '' },
    });
    return;
  }
  // No parent linked: the student's own email (an adult learner, or a family not yet linked). A student
  // without an email and without a parent (issue 21) has nowhere to receive it: nothing is sent.
  if (!student.email) return;
  const mail = feeReminderMail({ ...facts, payLink: payLinks?.[student.language], language: student.language, brand: await academyMailBrand(deps.db, payload.origin ?? undefined) });
  await mailer.send({ to: student.email, ...mail });
}
