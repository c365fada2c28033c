import { and, eq, sql, type SQL } from 'drizzle-orm';
import { academyLockName } from '../../db/advisory-locks';
import type { Language } from '@academy/shared/languages';
import type { AuditTextKey } from '@academy/shared/i18n/audit-texts';
import { MESSAGING_MESSAGES, type ParentChannelInput, type PreferredChannel } from '@academy/shared/schemas/messaging';
import { PARENT_MESSAGES, type AbsenceAlertList, type ParentMessageKind, type Parent, type ParentChild, type ParentLinkInput, type ParentList, type ParentRelation } from '@academy/shared/schemas/parents';
import type { Db, DbExecutor } from '../../db/client';
import { parentMessages, parents, parentStudents, students, users } from '../../db/schema';
import { childIdsOf } from '../../access/parents';
import { parentRecordOf, type Actor } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { containsPattern } from '../../lib/search';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { createAccount, type Invitation } from '../users';
import { notifyParent, releaseHeldMessage, retryParentMessages } from '../family-outbox';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES } from '@academy/shared/languages';
import { academyDayStartSql } from '../../db/academy-today';
import { joinOn, thisAcademy } from '../../db/same-academy';

type ParentRow = {
  _id: string;
  name: string;
  email: string | null;
  phone: string | null;
  relation: ParentRelation;
  language: Language;
  passwordSet: boolean;
  preferredChannel: PreferredChannel | null;
  whatsappStopped: boolean;
  children: { _id: string; name: string }[];
  total?: number;
};

/** Parents with their children (names from the students' accounts), in one statement. */
async function selectParents(db: DbExecutor, where: SQL, page?: { limit: number; offset: number }): Promise<ParentRow[]> {
  const { rows } = await db.execute<ParentRow>(sql`
    select p.id as "_id", u.name, u.email, p.phone, p.relation, u.language, u.password_hash is not null as "passwordSet",
      p.preferred_channel as "preferredChannel", p.whatsapp_stopped_at is not null as "whatsappStopped",
      coalesce((
        select json_agg(json_build_object('_id', s.id, 'name', su.name) order by su.name)
        from parent_students ps join students s on s.id = ps.student_id and s.academy_id = ps.academy_id join users su on su.id = s.user_id and su.academy_id = s.academy_id
        where ps.parent_id = p.id and ps.academy_id = p.academy_id), '[]'::json) as children,
      count(*) over ()::int as total
    from parents p join users u on u.id = p.user_id and u.academy_id = p.academy_id
    where ${where}
    order by u.name, p.id
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  return rows;
}

function toParent({ total: _total, ...row }: ParentRow): Parent {
  return row;
}

/** GET /api/parents (admin): every parent with their children; search by name, email or phone. */
export async function listParents(db: DbExecutor, query: { search?: string; page: number; limit: number }): Promise<ParentList> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = pattern ? sql`(u.name ilike ${pattern} or u.email ilike ${pattern} or p.phone ilike ${pattern})` : sql`true`;
  const rows = await selectParents(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit });
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const { rows: counted } = await db.execute<{ total: number }>(sql`select count(*)::int as total from parents p join users u on u.id = p.user_id and u.academy_id = p.academy_id where ${where}`);
    total = counted[0]?.total ?? 0;
  }
  return { parents: rows.map(toParent), pagination: { page: query.page, limit: query.limit, total } };
}

async function assertStudentExists(db: DbExecutor, studentId: string): Promise<void> {
  const [student] = await db.select({ id: students.id }).from(students).where(eq(students.id, studentId)).limit(1);
  if (!student) throw new AppError('NOT_FOUND', 'Student not found');
}

/** GET /api/students/{id}/parents (admin): the parents linked to a student. */
export async function parentsOfStudent(db: DbExecutor, studentId: string): Promise<Parent[]> {
  await assertStudentExists(db, studentId);
  const rows = await selectParents(db, sql`exists (select 1 from parent_students ps where ps.parent_id = p.id and ps.academy_id = p.academy_id and ps.student_id = ${studentId})`);
  return rows.map(toParent);
}

/**
 * POST /api/students/{id}/parents (admin): links the parent with this email or mobile number, creating
 * the parent (and their sign-in account) when there is none. One number is one parent (siblings share
 * them); an email and a number of two different parents are refused (409), as is an email of a staff
 * or student account. An existing parent keeps their name, password and language; a phone, relation or
 * channel given replaces theirs. Linking twice is harmless. One transaction, with its audit entry.
 */
export async function linkParent(
  db: Db,
  actor: AuditActor,
  studentId: string,
  input: ParentLinkInput & { relation: ParentRelation },
  /** The sign-in page's address in each language, for the how-to a parent without email gets (issue 54). */
  signInLinks?: Record<Language, string>,
): Promise<{ parent: Parent; invitation: Invitation | undefined; created: boolean; welcomed: boolean }> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const email = input.email ? input.email.toLowerCase() : null;
  const phone = input.phone ?? null;
  const { parentId, invitation, created, welcomed } = await db.transaction(async (tx) => {
    const [student] = await tx
      .select({ id: students.id, name: users.name })
      .from(students)
      .innerJoin(users, joinOn(users.id, students.userId))
      .where(and(eq(students.id, studentId), thisAcademy(students)))
      .for('update', { of: students });
    if (!student) throw new AppError('NOT_FOUND', 'Student not found');
    // Two offices linking the same new number at once: the second waits and finds the first's parent.
    if (phone) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${academyLockName(`parent-phone:${phone}`)}))`);
    const [byEmail] = email
      ? await tx
          .select({ userId: users.id, role: users.role, parentId: parents.id })
          .from(users)
          .leftJoin(parents, and(joinOn(parents.userId, users.id), thisAcademy(parents)))
          .where(and(thisAcademy(users), sql`lower(${users.email}) = ${email}`))
          .limit(1)
      : [];
    // An email of a teacher's, a student's or the office's account cannot become a parent's.
    if (byEmail && !parentRecordOf(byEmail)) {
      throw new AppError('CONFLICT', PARENT_MESSAGES.notAParent, { email: PARENT_MESSAGES.notAParent });
    }
    const [byPhone] = phone ? await tx.select({ parentId: parents.id }).from(parents).where(and(thisAcademy(parents), eq(parents.phone, phone))).limit(1) : [];
    if (byEmail?.parentId && byPhone && byPhone.parentId !== byEmail.parentId) {
      throw new AppError('CONFLICT', PARENT_MESSAGES.phoneTaken, { phone: PARENT_MESSAGES.phoneTaken });
    }
    const existing = byEmail?.parentId ?? byPhone?.parentId ?? undefined;
    let parentId = existing;
    let invitation: Invitation | undefined;
    if (parentId) {
      await tx
        .update(parents)
        .set({ relation: input.relation, ...(phone ? { phone } : {}), ...(input.preferredChannel !== undefined ? { preferredChannel: input.preferredChannel } : {}) })
        .where(eq(parents.id, parentId));
    } else {
      // In the chosen language from the start: the welcome mail (and every message) follows it.
      const account = await createAccount(tx, { name: input.name, email, role: 'parent', passwordHash, isActive: true, language: input.language });
      const [row] = await tx
        .insert(parents)
        .values({ userId: account.userId, phone, relation: input.relation, preferredChannel: input.preferredChannel ?? null })
        .returning({ id: parents.id });
      parentId = row!.id;
      invitation = account.invitation;
    }
    const linked = await tx.insert(parentStudents).values({ parentId, studentId }).onConflictDoNothing().returning({ parentId: parentStudents.parentId });
    if (linked.length > 0 || !existing) {
      await recordAudit(tx, actor, {
        action: existing ? 'link' : 'create',
        entityType: 'parent',
        entityId: parentId,
        relatedId: studentId,
        text: { key: existing ? 'parent.linked' : 'parent.added', values: { name: input.name, student: student.name } },
        changes: { ...(email ? { email: { old: null, new: email } } : {}), ...(phone ? { phone: { old: null, new: phone } } : {}), relation: { old: null, new: input.relation } },
      });
    }
    // A new parent with only a phone gets no mail: how to sign in goes to that phone instead (issue 54), in this
    // transaction, so a refused link sends nothing.
    const welcomed = !existing && !email && phone !== null && signInLinks ? (await sendSignInHowTo(tx, parentId, student.name, signInLinks)) > 0 : false;
    return { parentId, invitation, created: !existing, welcomed };
  });
  const [parent] = await selectParents(db, eq(sql`p.id`, parentId));
  return { parent: toParent(parent!), invitation, created, welcomed };
}

/** "How to sign in" to a parent, in their language on the channel that reaches them (notifyParent); how many were queued. */
async function sendSignInHowTo(tx: DbExecutor, parentId: string, child: string, signInLinks: Record<Language, string>): Promise<number> {
  const settings = await getAcademySettings(tx);
  const text = '{parent}, {academy} has added you as a parent of {child}. To see attendance, marks and fees, open {link}, choose "Parent? Sign in with a code sent to your phone" and enter this number; we send you a code.' as const;
  const messages = Object.fromEntries(
    LANGUAGES.map((language) => {
      // `{parent}` stays: the outbox puts each parent's name in.
      const values = { academy: settings.name, child, link: signInLinks[language] };
      return [language, { subject: word('mail', 'How to sign in to {academy}', language, values), text: word('mail', text, language, values) }];
    }),
  ) as Record<Language, { subject: string; text: string }>;
  return notifyParent(tx, undefined, parentId, {
    kind: 'parent-welcome',
    key: `parent-welcome:${parentId}`,
    date: await academyToday(tx),
    messages,
    values: { academy: settings.name, child, link: { en: signInLinks.en, mr: signInLinks.mr, hi: signInLinks.hi } },
  });
}

/** PUT /api/parents/{id}/channel (admin): the parent's preferred channel, and WhatsApp stopped or restarted (audited). */
export async function setParentChannel(db: Db, actor: AuditActor, parentId: string, input: ParentChannelInput): Promise<Parent> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: users.name, preferredChannel: parents.preferredChannel, stopped: sql<boolean>`${parents.whatsappStoppedAt} is not null` })
      .from(parents)
      .innerJoin(users, joinOn(users.id, parents.userId))
      .where(and(eq(parents.id, parentId), thisAcademy(parents)))
      .for('update', { of: parents });
    if (!before) throw new AppError('NOT_FOUND', PARENT_MESSAGES.notFound);
    await tx
      .update(parents)
      .set({
        preferredChannel: input.preferredChannel,
        // Stopping keeps the first moment; restarting clears it.
        whatsappStoppedAt: input.whatsappStopped ? sql`coalesce(${parents.whatsappStoppedAt}, now())` : null,
      })
      .where(eq(parents.id, parentId));
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'parent',
      entityId: parentId,
      text: { key: 'parent.channel', values: { name: before.name } },
      changes: diffChanges({ preferredChannel: before.preferredChannel, whatsappStopped: before.stopped }, { preferredChannel: input.preferredChannel, whatsappStopped: input.whatsappStopped }),
    });
  });
  const [parent] = await selectParents(db, eq(sql`p.id`, parentId));
  return toParent(parent!);
}

/**
 * A parent replied STOP on WhatsApp (or START again), heard by the family outbox's webhook (event
 * `whatsapp.stop-or-start-replied`): from `at` WhatsApp carries them nothing and their next channel
 * (usually SMS) does. Every parent with that phone; one already so is left alone, so a second run
 * changes nothing. Audited as the parent's own act.
 */
export async function setWhatsAppStoppedByReply(tx: DbExecutor, reply: { phone: string; stopped: boolean; at: Date }): Promise<void> {
  const { phone, stopped, at } = reply;
  const changed = await tx
    .update(parents)
    .set({ whatsappStoppedAt: stopped ? at : null })
    .where(and(thisAcademy(parents), eq(parents.phone, phone), stopped ? sql`${parents.whatsappStoppedAt} is null` : sql`${parents.whatsappStoppedAt} is not null`))
    .returning({ id: parents.id, userId: parents.userId });
  for (const parent of changed) {
    const [user] = await tx.select({ name: users.name }).from(users).where(and(thisAcademy(users), eq(users.id, parent.userId)));
    await recordAudit(tx, { userId: parent.userId, role: 'parent' }, {
      action: 'update',
      entityType: 'parent',
      entityId: parent.id,
      text: stopped ? { key: 'parent.whatsapp_stop', values: { name: user?.name ?? '' } } : { key: 'parent.channel', values: { name: user?.name ?? '' } },
      changes: { whatsappStopped: { old: !stopped, new: stopped } },
    });
  }
}

/** DELETE /api/students/{id}/parents/{parentId} (admin): unlinks; the parent's account stays (with any other children). */
export async function unlinkParent(db: Db, actor: AuditActor, studentId: string, parentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(parentStudents)
      .where(and(eq(parentStudents.studentId, studentId), eq(parentStudents.parentId, parentId)))
      .returning({ parentId: parentStudents.parentId });
    if (removed.length === 0) throw new AppError('NOT_FOUND', PARENT_MESSAGES.notFound);
    await recordAudit(tx, actor, { action: 'unlink', entityType: 'parent', entityId: parentId, relatedId: studentId, text: { key: 'parent.unlinked' } });
  });
}

/** GET /api/parent/children: the signed-in parent's children with their standard and batches, by name. */
export async function childrenOf(db: DbExecutor, actor: Actor): Promise<ParentChild[]> {
  const ids = childIdsOf(actor);
  if (ids.length === 0) return [];
  const { rows } = await db.execute<ParentChild>(sql`
    select s.id as "_id", u.name,
      case when st.id is null then null else json_build_object('_id', st.id, 'name', st.name, 'level', st.level) end as standard,
      coalesce((
        select json_agg(json_build_object('_id', b.id, 'name', b.name) order by b.name)
        from batch_students bs join batches b on b.id = bs.batch_id and b.academy_id = bs.academy_id where bs.student_id = s.id and bs.academy_id = s.academy_id), '[]'::json) as batches
    from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id left join standards st on st.id = s.standard_id and st.academy_id = s.academy_id
    where s.id in ${sql`(${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`}
    order by u.name, s.id`);
  return rows;
}

/** GET /api/admin/absence-alerts: a day's alerts (default today), newest first, with child, parent and phone. */
export async function listAbsenceAlerts(db: DbExecutor, date: string, kind: ParentMessageKind | 'all' = 'absence', timeZone = 'Asia/Kolkata'): Promise<AbsenceAlertList> {
  // One kind: the messages about that day (index on kind, date). All: every message made during that
  // day where the academy is (a report card about last month, sent today, is today's).
  const which =
    kind === 'all'
      ? sql`m.created_at >= ${academyDayStartSql(date, timeZone)} and m.created_at < ${academyDayStartSql(sql`${date}::date + 1`, timeZone)}`
      : sql`m.kind = ${kind} and m.date = ${date}`;
  const { rows } = await db.execute<AbsenceAlertList['alerts'][number]>(sql`
    select m.id as "_id", m.kind, json_build_object('_id', s.id, 'name', su.name) as child,
      json_build_object('_id', p.id, 'name', pu.name, 'phone', p.phone) as parent,
      m.channel, m.status, to_char(coalesce(m.sent_at, m.updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, m.attempts, m.error
    from parent_messages m
    join students s on s.id = m.student_id and s.academy_id = m.academy_id join users su on su.id = s.user_id and su.academy_id = s.academy_id
    join parents p on p.id = m.parent_id and p.academy_id = m.academy_id join users pu on pu.id = p.user_id and pu.academy_id = p.academy_id
    where ${which}
    order by m.created_at desc, su.name, pu.name, m.channel`);
  return { date, alerts: rows };
}

/** The Activity words of a retried message, per kind of message. */
const RETRIED_TEXTS: Record<string, AuditTextKey> = {
  absence: 'parent_message.retried_absence',
  'fee-reminder': 'parent_message.retried_fee_reminder',
  'fee-receipt': 'parent_message.retried_fee_receipt',
  'report-card': 'parent_message.retried_report_card',
};

/**
 * POST /api/admin/messages/{id}/retry (and the older /api/admin/absence-alerts/{id}/retry, with its
 * words): a failed message to a parent (any kind) is due again at once (audited).
 */
export async function retryParentMessage(db: Db, actor: AuditActor, id: string, texts: { notFound: string; notFailed: string } = { notFound: MESSAGING_MESSAGES.messageNotFound, notFailed: MESSAGING_MESSAGES.notFailed }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: parentMessages.status, parentId: parentMessages.parentId, kind: parentMessages.kind, channel: parentMessages.channel, error: parentMessages.error })
      .from(parentMessages)
      .where(and(eq(parentMessages.id, id), thisAcademy(parentMessages)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', texts.notFound);
    if (row.status !== 'failed') throw new AppError('CONFLICT', texts.notFailed);
    // No channel could carry it (issue 73): sent again it would stay "Sending"; the answer says what to set up.
    if (row.channel === 'none') throw new AppError('CONFLICT', row.error ?? texts.notFailed);
    await retryParentMessages(tx, [id]);
    await recordAudit(tx, actor, {
      action: 'alert.retry',
      entityType: 'parent',
      entityId: row.parentId,
      text: { key: RETRIED_TEXTS[row.kind] ?? 'parent_message.retried' },
    });
  });
}

/**
 * POST /api/admin/messages/{id}/send-now (issue 54): a message the quiet hours hold is due at once
 * (the office decided it may buzz the phone now), audited on its parent. Not found: 404; not held
 * (already sent, failed, cancelled, or not waiting): 409.
 */
export async function sendHeldMessageNow(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const released = await releaseHeldMessage(tx, id);
    if (!released.found) throw new AppError('NOT_FOUND', MESSAGING_MESSAGES.messageNotFound);
    if (!released.held) throw new AppError('CONFLICT', MESSAGING_MESSAGES.notWaiting);
    await recordAudit(tx, actor, {
      action: 'message.send_now',
      entityType: 'parent',
      entityId: released.parentId,
      text: { key: 'parent_message.sent_now' },
      changes: { waitingForQuietHours: { old: true, new: false } },
    });
  });
}
