import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { formatDate } from '@academy/shared/calendar';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import { CONVERSATION_MESSAGES, type ConversationDetail, type ConversationSummary, type ConversationUpdateInput, type QuickReply } from '@academy/shared/schemas/conversations';
import type { Actor } from '../../access/actor';
import type { Db, DbExecutor } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import { absenceReasons, conversationMessages, conversations, quickReplies, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { excuseAbsence } from '../attendance';
import { notifyParent, PARENT_SENDER_JOB } from '../family-outbox';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { CONVERSATION_SENDER_JOB, SESSION_WINDOW_MS, type ConversationSendPayload } from './intake';
import { STAFF_ROLES } from '@academy/shared/roles';
import { academyDayStartSql } from '../../db/academy-today';
import { academySql, joinOn } from '../../db/same-academy';

/** The inbox's list: newest first, at most this many (an academy's families fit). */
const LIST_LIMIT = 300;

/** One statement for the list and for one conversation's header: the parent, their children, who looks after it, the last words. */
function summaries(db: DbExecutor, where: ReturnType<typeof sql>) {
  return db.execute<ConversationSummary & { note: string; lastInboundAt: string | null }>(sql`
    select c.id as "_id", c.unread, c.waiting, c.note, c.last_message_at as "lastMessageAt", c.last_inbound_at as "lastInboundAt",
      json_build_object('_id', p.id, 'name', pu.name, 'phone', p.phone, 'relation', p.relation,
        'children', coalesce((select json_agg(json_build_object('_id', s.id, 'name', su.name) order by lower(su.name))
          from parent_students ps join students s on s.id = ps.student_id and s.academy_id = ps.academy_id join users su on su.id = s.user_id and su.academy_id = s.academy_id where ps.parent_id = p.id and ps.academy_id = p.academy_id), '[]'::json)) as parent,
      case when au.id is null then null else json_build_object('_id', au.id, 'name', au.name) end as "assignedTo",
      (select m.text from conversation_messages m where m.conversation_id = c.id and m.academy_id = c.academy_id order by m.created_at desc limit 1) as "lastText"
    from conversations c join parents p on p.id = c.parent_id and p.academy_id = c.academy_id join users pu on pu.id = p.user_id and pu.academy_id = p.academy_id
    left join users au on au.id = c.assigned_to and au.academy_id = c.academy_id
    where ${where} and c.academy_id = ${academySql()}
    order by c.last_message_at desc
    limit ${LIST_LIMIT}`);
}

const iso = (value: string | Date) => new Date(value).toISOString();
const toSummary = ({ note: _note, lastInboundAt: _last, ...row }: ConversationSummary & { note: string; lastInboundAt: string | null }): ConversationSummary => ({ ...row, lastMessageAt: iso(row.lastMessageAt) });

/** GET /api/admin/conversations. */
export async function listConversations(db: DbExecutor): Promise<{ conversations: ConversationSummary[] }> {
  const { rows } = await summaries(db, sql`true`);
  return { conversations: rows.map(toSummary) };
}

/** GET /api/admin/conversations/{id}: everything sent and received; opening it reads it (unread 0). */
export async function getConversation(db: DbExecutor, id: string): Promise<ConversationDetail> {
  const { rows } = await summaries(db, sql`c.id = ${id}`);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.notFound);
  if (row.unread > 0) await db.update(conversations).set({ unread: 0 }).where(eq(conversations.id, id));
  const [messages, staff] = await Promise.all([
    db
      .select({ _id: conversationMessages.id, direction: conversationMessages.direction, kind: conversationMessages.kind, text: conversationMessages.text, status: conversationMessages.status, error: conversationMessages.error, sentById: conversationMessages.sentBy, sentByName: users.name, createdAt: conversationMessages.createdAt })
      .from(conversationMessages)
      .leftJoin(users, joinOn(users.id, conversationMessages.sentBy))
      .where(eq(conversationMessages.conversationId, id))
      .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id)),
    staffMembers(db),
  ]);
  const windowEndsAt = row.lastInboundAt ? new Date(new Date(row.lastInboundAt).getTime() + SESSION_WINDOW_MS) : null;
  return {
    conversation: { ...toSummary(row), unread: 0, note: row.note, windowEndsAt: windowEndsAt?.toISOString() ?? null, windowOpen: windowEndsAt !== null && windowEndsAt.getTime() > Date.now() },
    messages: messages.map(({ sentById, sentByName, ...message }) => ({ ...message, createdAt: message.createdAt.toISOString(), sentBy: sentById ? { _id: sentById, name: sentByName ?? '' } : null })),
    staff,
  };
}

function staffMembers(db: DbExecutor) {
  return db
    .select({ _id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.role, STAFF_ROLES), eq(users.isActive, true)))
    .orderBy(asc(sql`lower(${users.name})`));
}

async function lockConversation(tx: DbExecutor, id: string) {
  const { rows } = await tx.execute<{ id: string; parentId: string; lastInboundAt: string | null; parentName: string }>(sql`
    select c.id, c.parent_id as "parentId", c.last_inbound_at as "lastInboundAt", u.name as "parentName"
    from conversations c join parents p on p.id = c.parent_id and p.academy_id = c.academy_id join users u on u.id = p.user_id and u.academy_id = p.academy_id
    where c.academy_id = ${academySql()} and c.id = ${id} for update of c`);
  if (!rows[0]) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.notFound);
  return rows[0];
}

/**
 * POST /api/admin/conversations/{id}/messages: the office's free-text reply, only inside the 24-hour
 * window (else 409: WhatsApp would refuse it; the screen offers a template). Queued for the job in the
 * same transaction as the audit entry.
 */
export async function replyInConversation(db: Db, jobs: Jobs, actor: Actor, id: string, text: string): Promise<{ _id: string }> {
  return db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, id);
    if (!conversation.lastInboundAt || new Date(conversation.lastInboundAt).getTime() + SESSION_WINDOW_MS <= Date.now()) throw new AppError('CONFLICT', CONVERSATION_MESSAGES.windowClosed);
    const [message] = await tx.insert(conversationMessages).values({ conversationId: id, direction: 'out', kind: 'reply', text, status: 'queued', sentBy: actor.userId }).returning({ _id: conversationMessages.id });
    await tx.update(conversations).set({ waiting: false, unread: 0, lastMessageAt: new Date() }).where(eq(conversations.id, id));
    await recordAudit(tx, actor, { action: 'create', entityType: 'conversation', entityId: id, relatedId: message!._id, text: { key: 'conversation.reply', values: { name: conversation.parentName } }, changes: { text: { old: null, new: text } } });
    await jobs.enqueue(CONVERSATION_SENDER_JOB, { messageId: message!._id } satisfies ConversationSendPayload, { transaction: tx });
    return message!;
  });
}

/**
 * POST /api/admin/conversations/{id}/template-messages: the office's words after the 24-hour window
 * has closed, as the approved template WhatsApp allows then. It is the academy's announcement template
 * (`{{1}}` the parent, `{{2}}` the words; TEMPLATE_VALUES), the one every free-text office message to
 * families already uses, queued through the family outbox (quiet hours, retries, delivery reports as
 * for any family message), by WhatsApp only: this is a WhatsApp conversation. Kept in the conversation
 * as `template` (status `queued`: the outbox's list follows its delivery). 409 when WhatsApp cannot
 * carry it (off, no announcement template, no phone, STOP), nothing saved.
 */
export async function sendTemplateInConversation(db: Db, jobs: Jobs, actor: Actor, id: string, text: string): Promise<{ _id: string }> {
  return db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, id);
    const [message] = await tx.insert(conversationMessages).values({ conversationId: id, direction: 'out', kind: 'template', text, status: 'queued', sentBy: actor.userId }).returning({ _id: conversationMessages.id });
    const [academy, today] = await Promise.all([getAcademySettings(tx).then((settings) => settings.name), academyToday(tx)]);
    const messages = Object.fromEntries(
      LANGUAGES.map((language: Language) => [
        language,
        { subject: word('notification', 'New announcement: {title}', language, { title: text }), text: word('mail', '{parent}, a new announcement from {academy}: {title}', language, { parent: '{parent}', academy, title: text }) },
      ]),
    ) as Record<Language, { subject: string; text: string }>;
    // WhatsApp refuses a template parameter with a line break, a tab or a run of spaces (error 132018): one line.
    const oneLine = text.replace(/\s+/g, ' ');
    const queued = await notifyParent(tx, undefined, conversation.parentId, { kind: 'announcement', key: `conversation-template:${message!._id}`, date: today, messages, values: { title: oneLine }, channels: ['whatsapp'] });
    if (queued === 0) throw new AppError('CONFLICT', CONVERSATION_MESSAGES.templateUnavailable);
    await tx.update(conversations).set({ waiting: false, unread: 0, lastMessageAt: new Date() }).where(eq(conversations.id, id));
    await recordAudit(tx, actor, { action: 'create', entityType: 'conversation', entityId: id, relatedId: message!._id, text: { key: 'conversation.template', values: { name: conversation.parentName } }, changes: { text: { old: null, new: text } } });
    // The outbox's sender runs once this commits.
    await jobs.enqueue(PARENT_SENDER_JOB, {}, { transaction: tx });
    return message!;
  });
}

/** PATCH /api/admin/conversations/{id}: who looks after it, and the staff-only note. */
export async function updateConversation(db: Db, actor: Actor, id: string, input: ConversationUpdateInput): Promise<void> {
  await db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, id);
    if (input.assignedTo) {
      const staff = await staffMembers(tx);
      if (!staff.some((member) => member._id === input.assignedTo)) throw new AppError('BAD_REQUEST', CONVERSATION_MESSAGES.staffNotFound, { assignedTo: CONVERSATION_MESSAGES.staffNotFound });
    }
    const [before] = await tx.select({ assignedTo: conversations.assignedTo, note: conversations.note }).from(conversations).where(eq(conversations.id, id));
    const set = { ...(input.assignedTo !== undefined ? { assignedTo: input.assignedTo } : {}), ...(input.note !== undefined ? { note: input.note } : {}) };
    if (Object.keys(set).length === 0) return;
    await tx.update(conversations).set(set).where(eq(conversations.id, id));
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'conversation',
      entityId: id,
      text: { key: 'conversation.update', values: { name: conversation.parentName } },
      changes: Object.fromEntries(Object.entries(set).map(([key, value]) => [key, { old: before![key as keyof typeof before] ?? null, new: value ?? null }])),
    });
  });
}

export async function listQuickReplies(db: DbExecutor): Promise<{ quickReplies: QuickReply[] }> {
  const rows = await db.select({ _id: quickReplies.id, text: quickReplies.text }).from(quickReplies).orderBy(asc(quickReplies.createdAt)).limit(200);
  return { quickReplies: rows };
}

export async function createQuickReply(db: Db, actor: Actor, text: string): Promise<QuickReply> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(quickReplies).values({ text }).returning({ _id: quickReplies.id, text: quickReplies.text });
    await recordAudit(tx, actor, { action: 'create', entityType: 'quick_reply', entityId: row!._id, text: { key: 'quick_reply.create', values: {} }, changes: { text: { old: null, new: text } } });
    return row!;
  });
}

export async function deleteQuickReply(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(quickReplies).where(eq(quickReplies.id, id)).returning({ text: quickReplies.text });
    if (!row) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.quickReplyNotFound);
    await recordAudit(tx, actor, { action: 'delete', entityType: 'quick_reply', entityId: id, text: { key: 'quick_reply.delete', values: {} }, changes: { text: { old: row.text, new: null } } });
  });
}

/** PUT /api/admin/absence-reasons/{id}/excused: the office accepts a family's reason: the day's absent marks become excused (counted apart). */
export async function setAbsenceExcused(db: Db, actor: Actor, id: string, excused: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ studentId: string; date: string; child: string; excused: boolean }>(sql`
      select r.student_id as "studentId", r.date::text as date, u.name as child, r.excused_at is not null as excused
      from absence_reasons r join students s on s.id = r.student_id and s.academy_id = r.academy_id join users u on u.id = s.user_id and u.academy_id = s.academy_id where r.academy_id = ${academySql()} and r.id = ${id} for update of r`);
    const reason = rows[0];
    if (!reason) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.reasonNotFound);
    if (reason.excused === excused) return;
    await tx.update(absenceReasons).set(excused ? { excusedAt: new Date(), excusedBy: actor.userId } : { excusedAt: null, excusedBy: null }).where(eq(absenceReasons.id, id));
    await excuseAbsence(tx, reason.studentId, reason.date, excused);
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'attendance',
      entityId: reason.studentId,
      text: { key: excused ? 'absence.excused' : 'absence.not_excused', values: { child: reason.child, date: formatDate(reason.date) } },
      changes: { excused: { old: !excused, new: excused } },
    });
  });
}

/**
 * The dashboard's counts of today (where the academy is): replies received, answered automatically, and
 * conversations waiting for the office now. A scalar subquery (json) the dashboard reads in its one
 * statement with its other fresh parts.
 */
export function conversationCountsSql(today: string, timeZone: string): SQL {
  const since = academyDayStartSql(today, timeZone);
  return sql`(select json_build_object('received', count(*) filter (where direction = 'in')::int,
      'answeredAutomatically', count(*) filter (where direction = 'out' and kind in ('auto', 'menu'))::int,
      'waiting', (select count(*) from conversations where waiting and academy_id = ${academySql()})::int)
    from conversation_messages where created_at >= ${since} and academy_id = ${academySql()})`;
}
