import { and, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ANNOUNCEMENT_END_TIME,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_START_TIME,
  announcementStatus,
  startDateError,
  type Announcement,
  type AnnouncementCounts,
  type AnnouncementList,
  type announcementInputSchema,
  type AnnouncementStatus,
} from '@academy/shared/schemas/announcements';
import type { Db, DbExecutor } from '../../db/client';
import { announcementBatches, announcements, batches } from '../../db/schema';
import { queueJob } from '../../events/queue-job';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { announcementScope } from '../../access/announcements';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { academyToday } from '../../academy-settings';
import { thisAcademy } from '../../db/same-academy';

/** The parsed input; `closure` may be left out by callers inside the server (tests, seed): not a closure. */
type AnnouncementInput = Omit<z.output<typeof announcementInputSchema>, 'closure'> & { closure?: boolean };

// Qualified by hand: inside a subquery a bare "id" would name the subquery's own table.
const announcementId = sql.raw('"announcements"."id"');

function statusCondition(status: AnnouncementStatus, today: string): SQL {
  if (status === 'scheduled') return gt(announcements.startDate, today);
  if (status === 'expired') return lt(announcements.endDate, today);
  return and(lte(announcements.startDate, today), gte(announcements.endDate, today))!;
}

/**
 * Announcements with their batches (one query; the batches as a JSON list per row). With a page
 * window only that page (the number of all matching ones is the caller's count).
 */
async function loadAnnouncements(db: DbExecutor, where: SQL | undefined, today: string, window?: { page: number; limit: number }): Promise<Announcement[]> {
  const query = db
    .select({
      _id: announcements.id,
      title: announcements.title,
      content: announcements.content,
      type: announcements.type,
      priority: announcements.priority,
      audience: announcements.audience,
      startDate: announcements.startDate,
      endDate: announcements.endDate,
      closure: announcements.closure,
      createdAt: announcements.createdAt,
      updatedAt: announcements.updatedAt,
      batches: sql<{ _id: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('_id', b.id, 'name', b.name) order by b.name)
        from announcement_batches ab join batches b on b.id = ab.batch_id and b.academy_id = ab.academy_id
        where ab.announcement_id = ${announcementId} and ab.academy_id = "announcements"."academy_id"
      ), '[]'::json)`,
    })
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.startDate), desc(announcements.createdAt), desc(announcements.id))
    .$dynamic();
  const rows = await (window ? query.limit(window.limit).offset((window.page - 1) * window.limit) : query);
  return rows.map((row) => ({
    ...row,
    startTime: ANNOUNCEMENT_START_TIME,
    endTime: ANNOUNCEMENT_END_TIME,
    status: announcementStatus(today, row.startDate, row.endDate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** How many of the reader's announcements there are in all and in each status (one statement). */
async function countAnnouncements(db: DbExecutor, scope: SQL | undefined, today: string): Promise<AnnouncementCounts> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${statusCondition('active', today)}))::int`,
      scheduled: sql<number>`(count(*) filter (where ${statusCondition('scheduled', today)}))::int`,
      expired: sql<number>`(count(*) filter (where ${statusCondition('expired', today)}))::int`,
    })
    .from(announcements)
    .where(scope);
  return counts ?? { total: 0, active: 0, scheduled: 0, expired: 0 };
}

/** GET /api/announcements: one page of what this reader may read (optionally of one status), and the counts per status. */
export async function listAnnouncements(
  db: DbExecutor,
  actor: Actor,
  query: { status?: AnnouncementStatus; page: number; limit: number },
  now = new Date(),
): Promise<AnnouncementList> {
  const today = await academyToday(db, now);
  const scope = announcementScope(actor, today);
  const [page, counts] = await Promise.all([
    loadAnnouncements(db, and(scope, query.status ? statusCondition(query.status, today) : undefined), today, query),
    countAnnouncements(db, scope, today),
  ]);
  return { announcements: page, pagination: { page: query.page, limit: query.limit, total: query.status ? counts[query.status] : counts.total }, counts };
}

/** The announcements running today for this reader, all of them (the student dashboard). */
export async function activeAnnouncements(db: DbExecutor, actor: Actor, now = new Date()): Promise<Announcement[]> {
  const today = await academyToday(db, now);
  return loadAnnouncements(db, and(announcementScope(actor, today), statusCondition('active', today)), today);
}

/** An announcement as the admin who just saved it sees it. */
async function announcementById(db: DbExecutor, id: string, now: Date): Promise<Announcement> {
  const today = await academyToday(db, now);
  const [announcement] = await loadAnnouncements(db, eq(announcements.id, id), today);
  if (!announcement) throw new AppError('NOT_FOUND', ANNOUNCEMENT_MESSAGES.notFound);
  return announcement;
}

/** One announcement; 404 when it is missing or not meant for this reader. */
export async function getAnnouncement(db: DbExecutor, actor: Actor, id: string, now = new Date()): Promise<Announcement> {
  const today = await academyToday(db, now);
  const [announcement] = await loadAnnouncements(db, and(eq(announcements.id, id), announcementScope(actor, today)), today);
  if (!announcement) throw new AppError('NOT_FOUND', ANNOUNCEMENT_MESSAGES.notFound);
  return announcement;
}

function assertStartDate(startDate: string, today: string, keptStartDate?: string) {
  const error = startDateError(startDate, today, keptStartDate);
  if (error) throw new AppError('BAD_REQUEST', error, { startDate: error });
}

async function assertBatchesExist(db: DbExecutor, batchIds: string[]) {
  if (batchIds.length === 0) return;
  const found = await db.select({ id: batches.id }).from(batches).where(inArray(batches.id, batchIds));
  if (found.length !== batchIds.length) throw new AppError('BAD_REQUEST', ANNOUNCEMENT_MESSAGES.unknownBatches, { batches: ANNOUNCEMENT_MESSAGES.unknownBatches });
}

function valuesOf(input: AnnouncementInput) {
  return {
    title: input.title,
    content: input.content,
    type: input.type,
    priority: input.priority,
    audience: input.audience,
    startDate: input.startDate,
    endDate: input.endDate,
    closure: input.closure ?? false,
  };
}

async function replaceBatches(db: DbExecutor, announcementId: string, batchIds: string[]) {
  await db.delete(announcementBatches).where(eq(announcementBatches.announcementId, announcementId));
  if (batchIds.length > 0) await db.insert(announcementBatches).values(batchIds.map((batchId) => ({ announcementId, batchId })));
}

export async function createAnnouncement(db: Db, input: AnnouncementInput, actor: NonNullable<AuditActor>, now = new Date()): Promise<Announcement> {
  const createdBy = actor.userId;
  const today = await academyToday(db, now);
  assertStartDate(input.startDate, today);
  const id = await db.transaction(async (tx) => {
    await assertBatchesExist(tx, input.batches);
    const [row] = await tx
      .insert(announcements)
      .values({ ...valuesOf(input), createdBy })
      .returning({ id: announcements.id });
    await replaceBatches(tx, row!.id, input.batches);
    // This module's own later work, queued with the change (decision 083): the parents' messages, and
    // the students' bell if it runs today.
    await queueJob(tx, 'announcement-parent-messages', { announcementId: row!.id });
    await queueJob(tx, 'announcement-bell', { announcementId: row!.id });
    await recordAudit(tx, actor, { action: 'create', entityType: 'announcement', entityId: row!.id, text: { key: 'announcement.created', values: { title: input.title } }, changes: diffChanges({}, { ...valuesOf(input), batches: input.batches }) });
    return row!.id;
  });
  return announcementById(db, id, now);
}

/** Saves an edit; the start date may stay where it was even if that is now in the past. */
export async function updateAnnouncement(db: Db, actor: AuditActor, id: string, input: AnnouncementInput, now = new Date()): Promise<Announcement> {
  const today = await academyToday(db, now);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(announcements).where(and(eq(announcements.id, id), thisAcademy(announcements))).limit(1).for('update');
    if (!current) throw new AppError('NOT_FOUND', ANNOUNCEMENT_MESSAGES.notFound);
    assertStartDate(input.startDate, today, current.startDate);
    await assertBatchesExist(tx, input.batches);
    await tx
      .update(announcements)
      .set({ ...valuesOf(input), updatedAt: new Date() })
      .where(eq(announcements.id, id));
    await replaceBatches(tx, id, input.batches);
    await queueJob(tx, 'announcement-bell', { announcementId: id });
    await recordAudit(tx, actor, { action: 'update', entityType: 'announcement', entityId: id, text: { key: 'announcement.updated', values: { title: input.title } }, changes: diffChanges(current, valuesOf(input)) });
  });
  return announcementById(db, id, now);
}

/** Deletes an announcement with its batch links and the notifications that point at it. */
export async function deleteAnnouncement(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id, title: announcements.title });
    if (!deleted) throw new AppError('NOT_FOUND', ANNOUNCEMENT_MESSAGES.notFound);
    await recordAudit(tx, actor, { action: 'delete', entityType: 'announcement', entityId: id, text: { key: 'announcement.deleted', values: { title: deleted.title } } });
  });
}

/** The announcements running on `today` (a statement that already knows the day counts them itself). */
export function activeAnnouncementsCondition(today: string): SQL {
  return statusCondition('active', today);
}
