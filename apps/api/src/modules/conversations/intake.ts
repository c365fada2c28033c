import { and, eq, sql } from 'drizzle-orm';
import { formatClockRangeIn, formatDate, shiftDate } from '@academy/shared/calendar';
import { word } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';
import { formatPaise } from '@academy/shared/money';
import { formatIndianPhone } from '@academy/shared/phone-format';
import { WEEKDAYS } from '@academy/shared/schedule';
import type { AcademySettings } from '@academy/shared/schemas/settings';
import type { DbExecutor } from '../../db/client';
import type { JobPayloads, Jobs } from '../../events/catalog';
import { absenceReasons, conversationMessages, conversations, parents, users, whatsappContactReplies } from '../../db/schema';
import type { ServerKeys } from '../../lib/server-keys';
import { recordAudit } from '../audit';
import { ABSENCE_REASON_PAYLOADS, type WhatsAppInbound, type WhatsAppMessageHandler } from '../family-outbox';
import { closuresBetween } from '../closures';
import { payLinkUrl } from '../fees';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { answerLanguage, asksForMenu, isPleasantry, TOPICS, topicId, topicOf, topicOfId, type Topic } from './auto-answers';
import { joinOn, thisAcademy } from '../../db/same-academy';

/** The job that hands queued session messages to WhatsApp (one run per message). */
export const CONVERSATION_SENDER_JOB = 'conversation-messages';
/** WhatsApp's customer-service window: free-form messages only this long after the parent's last message. */
export const SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A message dated further back (Meta retries for up to 7 days) or ahead than this is ignored (a replay or a wrong clock). */
const OLDEST_MS = 7 * 24 * 60 * 60 * 1000;
const NEWEST_MS = 5 * 60 * 1000;

export type IntakeDeps = { jobs: Jobs; keys: ServerKeys };
/** A job's payload: a stored session message, or the contact details to a number that is no parent's. */
export type ConversationSendPayload = JobPayloads['conversation-messages'];

const REASON_WORDS = { 'absence-reason:sick': 'Sick', 'absence-reason:family': 'Family reason', 'absence-reason:call': 'Will call' } as const;

/** The handler the WhatsApp webhook calls for each parent's message (inside the transaction that recorded its id). */
export function whatsAppMessageHandler(deps: IntakeDeps): WhatsAppMessageHandler {
  return (tx, message, origin) => receiveWhatsAppMessage(tx, deps, message, origin);
}


/**
 * One message from a parent's (or an unknown) number, issue 60:
 * - far from now (older than 7 days, minutes ahead): ignored;
 * - an unknown number: the academy's contact details, once a day at most, and nothing else;
 * - a parent's: kept in their conversation, then the first that applies: a menu choice or a question
 *   answers itself; a greeting or pleasantry ("hi", "ok", "dhanyavaad") gets the menu; the first reply to
 *   the absence alert (its button, or words the same day) becomes the absence's reason, and a later one
 *   never replaces it; "menu"/"namaskar, …" gets the menu; anything else waits for the office.
 * Answers go out only inside the 24-hour window (the message's own time), by the job.
 */
export async function receiveWhatsAppMessage(tx: DbExecutor, deps: IntakeDeps, message: WhatsAppInbound, origin: string): Promise<void> {
  const sentAt = message.timestamp && /^\d{1,12}$/.test(message.timestamp) ? new Date(Number(message.timestamp) * 1000) : new Date();
  const age = Date.now() - sentAt.getTime();
  if (!(age <= OLDEST_MS && age >= -NEWEST_MS)) return;
  const phone = `+${message.from.replace(/\D/g, '')}`;
  const words = (message.text?.body ?? message.button?.text ?? message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title ?? '').trim().slice(0, 4000);
  const settings = await getAcademySettings(tx);
  const today = await academyToday(tx);
  const [sender] = await tx
    .select({ parentId: parents.id, userId: parents.userId, name: users.name, relation: parents.relation, language: users.language })
    .from(parents)
    .innerJoin(users, joinOn(users.id, parents.userId))
    .where(and(thisAcademy(parents), thisAcademy(users), eq(parents.phone, phone), eq(users.isActive, true)))
    .limit(1);
  if (!sender) {
    // A number that is no parent's learns who the academy is and how to reach it, once a day, nothing more.
    const first = await tx.insert(whatsappContactReplies).values({ phone, day: today }).onConflictDoNothing().returning({ phone: whatsappContactReplies.phone });
    if (first.length > 0) await deps.jobs.enqueue(CONVERSATION_SENDER_JOB, { to: phone, text: contactText(settings, answerLanguage(words, 'en')) } satisfies ConversationSendPayload, { transaction: tx });
    return;
  }
  const kind = message.interactive ? 'list' : message.button ? 'button' : 'text';
  const now = new Date();
  const [conversation] = await tx
    .insert(conversations)
    .values({ parentId: sender.parentId, unread: 1, lastMessageAt: now, lastInboundAt: sentAt })
    .onConflictDoUpdate({
      target: [conversations.academyId, conversations.parentId],
      set: { unread: sql`${conversations.unread} + 1`, lastMessageAt: now, lastInboundAt: sql`greatest(${conversations.lastInboundAt}, excluded.last_inbound_at)` },
    })
    .returning({ id: conversations.id, waiting: conversations.waiting });
  const stored = await tx
    .insert(conversationMessages)
    // Kept at the time it arrived (not Meta's, in whole seconds), so the answers that follow it list after it.
    .values({ conversationId: conversation!.id, direction: 'in', kind, text: words || '…', providerId: message.id ?? null, contextId: message.context?.id ?? null, status: 'received', createdAt: now })
    .onConflictDoNothing()
    .returning({ id: conversationMessages.id });
  if (stored.length === 0) return;

  const language = answerLanguage(words, sender.language);
  const inWindow = Date.now() - sentAt.getTime() < SESSION_WINDOW_MS;
  const queue = async (text: string, list?: Topic[]) => {
    if (!inWindow) return;
    const interactive = list ? JSON.stringify({ button: word('whatsapp', 'Menu', language), rows: list.map((topic) => ({ id: topicId(topic), title: word('whatsapp', TOPIC_TITLES[topic], language) })) }) : null;
    // After the message it answers (the transaction's now() would be the same instant for both).
    const createdAt = new Date(Math.max(Date.now(), now.getTime() + 1));
    const [out] = await tx.insert(conversationMessages).values({ conversationId: conversation!.id, direction: 'out', kind: list ? 'menu' : 'auto', text, interactive, status: 'queued', createdAt }).returning({ id: conversationMessages.id });
    await deps.jobs.enqueue(CONVERSATION_SENDER_JOB, { messageId: out!.id } satisfies ConversationSendPayload, { transaction: tx });
  };

  const choice = message.button?.payload ?? message.interactive?.button_reply?.id ?? message.interactive?.list_reply?.id;
  const topic = topicOfId(choice) ?? (kind === 'text' ? topicOf(words) : undefined);
  if (topic) return queue(await topicAnswer(tx, deps, origin, topic, sender.parentId, settings, language, today));

  // A greeting or a pleasantry ("Hi", "ok", "dhanyavaad") is no reason: the menu, whatever the day (issue 73).
  const menu = () => queue(word('whatsapp', 'How can we help? Choose a topic, or write your question.', language), [...TOPICS]);
  if (kind === 'text' && isPleasantry(words)) return menu();

  const reasonPayload = ABSENCE_REASON_PAYLOADS.find((payload) => payload === choice);
  const absences = await absencesAnswered(tx, sender.parentId, message.context?.id, kind === 'text' || reasonPayload !== undefined ? today : undefined);
  if (absences.length > 0 && (reasonPayload || words)) {
    const reason = reasonPayload ? (message.button?.text ?? word('whatsapp', REASON_WORDS[reasonPayload], language)) : words;
    // The reason is the first answer that gives one: a later message never replaces it (it waits for the office instead).
    const noted: Absence[] = [];
    for (const absence of absences) {
      const inserted = await tx
        .insert(absenceReasons)
        .values({ studentId: absence.studentId, date: absence.date, text: reason.slice(0, 500), parentId: sender.parentId, byName: sender.name, byRelation: sender.relation, at: sentAt })
        .onConflictDoNothing({ target: [absenceReasons.academyId, absenceReasons.studentId, absenceReasons.date] })
        .returning({ id: absenceReasons.id });
      if (inserted.length === 0) continue;
      noted.push(absence);
      await recordAudit(tx, { userId: sender.userId, role: 'parent' }, {
        action: 'update',
        entityType: 'attendance',
        entityId: absence.studentId,
        text: { key: 'absence.reason', values: { name: sender.name, child: absence.child, date: formatDate(absence.date) } },
      });
    }
    if (noted.length > 0) return queue(noted.map((absence) => word('whatsapp', 'Thank you, {parent}. We have noted the reason for {child}’s absence.', language, { parent: sender.name, child: absence.child })).join('\n'));
  }
  if (kind === 'text' && asksForMenu(words)) return menu();

  // For the office: said once until the office answers.
  await tx.update(conversations).set({ waiting: true }).where(eq(conversations.id, conversation!.id));
  if (!conversation!.waiting) await queue(word('whatsapp', 'Thank you. The office will answer you soon.', language));
}

const TOPIC_TITLES = { fees: 'Fees', classes: 'Classes', results: 'Results', contact: 'Contact' } as const;

type Absence = { studentId: string; date: string; child: string };

/**
 * The absences a reply speaks of: the alert it answers (`contextId`, that parent's), or else the
 * parent's absence alerts of `today` (words the same day). Only their own children's.
 */
async function absencesAnswered(tx: DbExecutor, parentId: string, contextId: string | undefined, today: string | undefined): Promise<Absence[]> {
  if (!contextId && !today) return [];
  const which = contextId ? sql`m.provider_id = ${contextId}` : sql`m.date = ${today}`;
  const { rows } = await tx.execute<Absence>(sql`
    select distinct m.student_id as "studentId", m.date::text as date, u.name as child
    from parent_messages m
    join parent_students ps on ps.parent_id = m.parent_id and ps.academy_id = m.academy_id and ps.student_id = m.student_id
    join students s on s.id = m.student_id and s.academy_id = m.academy_id join users u on u.id = s.user_id and u.academy_id = s.academy_id
    where m.parent_id = ${parentId} and m.kind = 'absence' and m.status <> 'cancelled' and ${which}`);
  return rows;
}

/** The answer to a topic, in `language`, about this parent's own children only. */
async function topicAnswer(tx: DbExecutor, deps: IntakeDeps, origin: string, topic: Topic, parentId: string, settings: AcademySettings, language: Language, today: string): Promise<string> {
  if (topic === 'contact') return contactText(settings, language);
  if (topic === 'fees') {
    const { rows } = await tx.execute<{ id: string; name: string; balance: number }>(sql`
      select s.id, u.name, coalesce(sum(d.amount_paise - d.concession_paise - d.paid_paise) filter (where d.amount_paise - d.concession_paise - d.paid_paise > 0), 0)::int as balance
      from parent_students ps join students s on s.id = ps.student_id and s.academy_id = ps.academy_id join users u on u.id = s.user_id and u.academy_id = s.academy_id
      left join fee_dues d on d.student_id = s.id and d.academy_id = s.academy_id and d.status = 'open'
      where ps.parent_id = ${parentId}
      group by s.academy_id, s.id, u.name order by lower(u.name)`);
    const now = new Date();
    return rows
      .map((child) => {
        if (child.balance <= 0) return word('whatsapp', '{child}: nothing left to pay.', language, { child: child.name });
        const owed = word('whatsapp', '{child}: ₹{balance} left to pay.', language, { child: child.name, balance: formatPaise(child.balance) });
        return `${owed}\n${word('whatsapp', 'Pay here: {link}', language, { link: payLinkUrl(origin, deps.keys.key('pay-links'), child.id, now, language) })}`;
      })
      .join('\n\n');
  }
  if (topic === 'results') {
    // Each child's latest published test (one statement: DISTINCT ON the child).
    const { rows } = await tx.execute<{ name: string; test: string | null; date: string | null; halfMarks: number | null; absent: boolean | null; maxHalfMarks: number | null }>(sql`
      select u.name, r.test, r.date, r.half_marks as "halfMarks", r.absent, r.max_half_marks as "maxHalfMarks"
      from parent_students ps join students s on s.id = ps.student_id and s.academy_id = ps.academy_id join users u on u.id = s.user_id and u.academy_id = s.academy_id
      left join lateral (
        select t.name as test, t.date::text as date, tm.half_marks, tm.absent, t.max_half_marks from exam_marks tm join exams t on t.id = tm.exam_id and t.academy_id = tm.academy_id
        where tm.student_id = s.id and tm.academy_id = s.academy_id and t.published_at is not null order by t.date desc, t.published_at desc limit 1) r on true
      where ps.parent_id = ${parentId} order by lower(u.name)`);
    return rows
      .map((row) => {
        if (!row.test || !row.date) return word('whatsapp', '{child}: no published results yet.', language, { child: row.name });
        if (row.absent) return word('whatsapp', '{child}: {test} ({date}): absent', language, { child: row.name, test: row.test, date: formatDate(row.date) });
        return word('whatsapp', '{child}: {test} ({date}): {marks} out of {max}', language, { child: row.name, test: row.test, date: formatDate(row.date), marks: String((row.halfMarks ?? 0) / 2), max: String((row.maxHalfMarks ?? 0) / 2) });
      })
      .join('\n');
  }
  // Classes today and tomorrow: each child's batches that meet on that weekday and run on that date,
  // unless a closure (a holiday announcement) closes that batch that day: then the family reads why.
  const { rows } = await tx.execute<{ name: string; batchId: string; batch: string; startTime: string; endTime: string; days: string[]; startDate: string; endDate: string }>(sql`
    select u.name, b.id as "batchId", b.name as batch, b.start_time::text as "startTime", b.end_time::text as "endTime", b.schedule_days as days, b.start_date::text as "startDate", b.end_date::text as "endDate"
    from parent_students ps join students s on s.id = ps.student_id and s.academy_id = ps.academy_id join users u on u.id = s.user_id and u.academy_id = s.academy_id
    join batch_students bs on bs.student_id = s.id and bs.academy_id = s.academy_id join batches b on b.id = bs.batch_id and b.academy_id = bs.academy_id
    where ps.parent_id = ${parentId} and s.status = 'active' and b.end_date >= ${today}
    order by lower(u.name), b.start_time`);
  const { rows: children } = await tx.execute<{ name: string }>(sql`
    select u.name from parent_students ps join students s on s.id = ps.student_id and s.academy_id = ps.academy_id join users u on u.id = s.user_id and u.academy_id = s.academy_id where ps.parent_id = ${parentId} order by lower(u.name)`);
  const tomorrow = shiftDate(today, 1);
  const closures = rows.length === 0 ? [] : await closuresBetween(tx, today, tomorrow, [...new Set(rows.map((row) => row.batchId))]);
  const closureOn = (batchId: string, date: string) =>
    closures.find((closure) => closure.startDate <= date && closure.endDate >= date && (closure.batchIds.length === 0 || closure.batchIds.includes(batchId)));
  const day = (date: string, label: 'Today' | 'Tomorrow') => {
    const weekday = WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
    const lines = children.map((child) => {
      const classes = rows.filter((row) => row.name === child.name && row.days.includes(weekday) && row.startDate <= date && row.endDate >= date);
      if (classes.length === 0) return word('whatsapp', '{child}: no class.', language, { child: child.name });
      const each = classes.map((row) => {
        const closure = closureOn(row.batchId, date);
        return closure ? word('whatsapp', '{batch}: no class ({reason})', language, { batch: row.batch, reason: closure.title }) : `${row.batch} ${formatClockRangeIn(row.startTime.slice(0, 5), row.endTime.slice(0, 5), language)}`;
      });
      return `${child.name}: ${each.join(', ')}`;
    });
    return `${word('whatsapp', label, language)} (${formatDate(date)})\n${lines.join('\n')}`;
  };
  return `${day(today, 'Today')}\n\n${day(tomorrow, 'Tomorrow')}`;
}

/** The academy's name, phones, email, address and office hours in `language` (its own translations where given). */
export function contactText(settings: AcademySettings, language: Language): string {
  const translated = language === 'en' ? undefined : settings.translations?.[language];
  const lines = [settings.name];
  const phones = settings.phones.filter(Boolean);
  if (phones.length > 0) lines.push(word('whatsapp', 'Phone: {phones}', language, { phones: phones.map(formatIndianPhone).join(', ') }));
  if (settings.email) lines.push(word('whatsapp', 'Email: {email}', language, { email: settings.email }));
  const address = translated?.address || settings.address;
  if (address) lines.push(word('whatsapp', 'Address: {address}', language, { address }));
  const hours = translated?.officeHours || settings.officeHours;
  if (hours) lines.push(word('whatsapp', 'Office hours: {hours}', language, { hours }));
  return lines.join('\n');
}
