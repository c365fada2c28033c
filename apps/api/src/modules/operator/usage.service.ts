import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq, gte, inArray, isNull, lt, max, or, sql } from 'drizzle-orm';
import { CLOSED_ACADEMY_KEPT_DAYS, type OperatorAcademy } from '@academy/shared/schemas/operator';
import type { Db } from '../../db/client';
import { academies, academyUsage, parentMessages, sessions, students, users } from '../../db/schema';
import { withAcademy, withoutAcademy } from '../../lib/tenancy';
import { STAFF_ROLES } from '@academy/shared/roles';
import { joinOn } from '../../db/same-academy';

/**
 * The figures of the operator's list (issue 55): each academy's counts, made inside that academy's
 * context (row-level security shows its rows only) and kept in the platform table `academy_usage`, so
 * the list of 300 academies is one query. Counts, never a record: no name, no email leaves an academy.
 */

/** Figures older than this are counted again when the list is read. */
export const USAGE_STALE_MS = 5 * 60 * 1000;
/** Academies counted again per read of the list: the rest wait for the next read (a few queries each). */
export const USAGE_REFRESH_BATCH = 10;

type Figures = { students: number; staff: number; storageBytes: number; messagesThisMonth: number; lastActivityAt: Date | null };

/** Bytes under a folder (its files, recursively); 0 when it does not exist. */
async function folderBytes(folder: string): Promise<number> {
  let entries;
  try {
    entries = await fsp.readdir(folder, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) total += await folderBytes(full);
    else if (entry.isFile()) total += (await fsp.stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** One academy's figures, counted inside its context. Its files live in `<filesDir>/<academy id>/`. */
export async function countAcademy(db: Db, filesDir: string, academyId: string): Promise<Figures> {
  return withAcademy(academyId, async () => {
    const [[studentRow], [staffRow], [messageRow], [sessionRow], [loginRow], storageBytes] = await Promise.all([
      db.select({ value: count() }).from(students).where(eq(students.status, 'active')),
      db
        .select({ value: count(), lastLogin: max(users.lastLoginAt) })
        .from(users)
        .where(and(inArray(users.role, STAFF_ROLES), eq(users.isActive, true))),
      db
        .select({ value: count() })
        .from(parentMessages)
        .where(and(inArray(parentMessages.status, ['sent', 'delivered', 'read']), gte(parentMessages.sentAt, sql`date_trunc('month', now())`))),
      db.select({ lastSeen: max(sessions.lastSeenAt) }).from(sessions),
      // Apart from the sessions' statement: Citus plans no subquery over another table in a select list (decision 053).
      db.select({ lastLogin: max(users.lastLoginAt) }).from(users),
      folderBytes(path.join(filesDir, academyId)),
    ]);
    const times = [sessionRow?.lastSeen, loginRow?.lastLogin].filter((time): time is Date => time instanceof Date && !Number.isNaN(time.getTime()));
    const lastActivityAt = times.length ? new Date(Math.max(...times.map((time) => time.getTime()))) : null;
    return { students: studentRow?.value ?? 0, staff: staffRow?.value ?? 0, storageBytes, messagesThisMonth: messageRow?.value ?? 0, lastActivityAt };
  });
}

/** Counts one academy again and keeps its figures. */
export async function refreshAcademyUsage(db: Db, filesDir: string, academyId: string): Promise<void> {
  const figures = await countAcademy(db, filesDir, academyId);
  await withoutAcademy(async () => await
    db
      .insert(academyUsage)
      .values({ id: academyId, ...figures, countedAt: new Date() })
      .onConflictDoUpdate({ target: academyUsage.id, set: { ...figures, countedAt: new Date() } }),
  );
}

/** The academies whose figures are missing or stale (oldest first), a few at a time, counted again. */
export async function refreshStaleUsage(db: Db, filesDir: string, options: { staleMs?: number; batch?: number } = {}): Promise<number> {
  const staleBefore = new Date(Date.now() - (options.staleMs ?? USAGE_STALE_MS));
  const stale = await withoutAcademy(async () => await
    db
      .select({ id: academies.id })
      .from(academies)
      .leftJoin(academyUsage, joinOn(academyUsage.id, academies.id))
      .where(or(isNull(academyUsage.countedAt), lt(academyUsage.countedAt, staleBefore)))
      .orderBy(sql`${academyUsage.countedAt} asc nulls first`, asc(academies.createdAt))
      .limit(options.batch ?? USAGE_REFRESH_BATCH),
  );
  for (const { id } of stale) await refreshAcademyUsage(db, filesDir, id);
  return stale.length;
}

const iso = (time: Date | null) => (time ? time.toISOString() : null);

/** GET /api/operator/academies: every academy with its kept figures, in one query (stale ones counted first). */
export async function listAcademiesWithUsage(db: Db, filesDir: string): Promise<OperatorAcademy[]> {
  await refreshStaleUsage(db, filesDir);
  const rows = await withoutAcademy(async () => await
    db
      .select({ academy: academies, usage: academyUsage })
      .from(academies)
      .leftJoin(academyUsage, joinOn(academyUsage.id, academies.id))
      .orderBy(asc(academies.createdAt), asc(academies.slug)),
  );
  return rows.map(({ academy, usage }) => ({
    slug: academy.slug,
    name: academy.name,
    city: academy.city,
    status: academy.status as OperatorAcademy['status'],
    students: usage?.students ?? 0,
    staff: usage?.staff ?? 0,
    storageBytes: usage?.storageBytes ?? 0,
    messagesThisMonth: usage?.messagesThisMonth ?? 0,
    lastActivityAt: iso(usage?.lastActivityAt ?? null),
    createdAt: academy.createdAt.toISOString(),
    suspendedAt: iso(academy.suspendedAt),
    closedAt: iso(academy.closedAt),
    removalAt: academy.status === 'closed' && academy.closedAt ? new Date(academy.closedAt.getTime() + CLOSED_ACADEMY_KEPT_DAYS * 24 * 60 * 60 * 1000).toISOString() : null,
    countedAt: iso(usage?.countedAt ?? null),
  }));
}
