import { and, eq, isNull, sql } from 'drizzle-orm';
import { LECTURE_MESSAGES } from '@academy/shared/schemas/lectures';
import { joinOn, thisAcademy, type Db } from '../../db/client';
import { batches, lectureFiles, lectures, lectureStills } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import type { Jobs } from '../../events/catalog';
import { LECTURE_BUCKET_JOB } from './lecture-bucket';
import type { Actor } from '../../access/actor';
import { lectureManageScope, lectureNotFound, lectureReadScope } from '../../access/lectures';
import { recordAudit } from '../audit';

/*
 * A lecture removed by its teacher or the admin (issue 75, decision 091). Its files leave the storage (the
 * renditions, the recording, the stills sent while recording) and its key is forgotten, as the academy's
 * retention does (decision 088); the row stays, with `files_removed_at`, so the batch's students and
 * parents who open it (from the bell, a message, a download) are told "This lecture was removed" instead of
 * a player that cannot play. Anyone else still gets 404: the read scope comes first.
 */

/** DELETE /api/lectures/{id}: the admin or the batch's teacher; a lecture being prepared waits (409). Removing twice answers the same. */
export async function removeLecture(db: Db, storage: FileStorage, jobs: Jobs, actor: Actor, id: string): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ title: lectures.title, date: lectures.date, status: lectures.status, sourceKey: lectures.sourceKey, bucketFolder: lectures.bucketFolder, filesRemovedAt: lectures.filesRemovedAt, batchName: batches.name, mayManage: sql<boolean>`${lectureManageScope(actor)}` })
      .from(lectures)
      .innerJoin(batches, joinOn(batches.id, lectures.batchId))
      .where(and(eq(lectures.id, id), lectureReadScope(actor), thisAcademy(lectures)))
      .for('update', { of: lectures })
      .limit(1);
    if (!row || !row.mayManage) throw lectureNotFound();
    if (row.filesRemovedAt) return [];
    if (row.status === 'processing') throw new AppError('CONFLICT', LECTURE_MESSAGES.removeWhileProcessing);
    const now = new Date();
    const files = await tx.delete(lectureFiles).where(eq(lectureFiles.lectureId, id)).returning({ key: lectureFiles.fileKey });
    const stills = await tx.delete(lectureStills).where(eq(lectureStills.lectureId, id)).returning({ key: lectureStills.fileKey });
    // Its objects in the academy's bucket go by the bucket job, woken with this removal (decision 096).
    await tx
      .update(lectures)
      .set({ filesRemovedAt: now, renditions: [], sourceKey: null, segmentKeySealed: null, bucketState: sql`case when ${lectures.bucketFolder} is null then null else 'removing' end` })
      .where(and(eq(lectures.id, id), isNull(lectures.filesRemovedAt)));
    if (row.bucketFolder) await jobs.enqueue(LECTURE_BUCKET_JOB, {}, { transaction: tx });
    await recordAudit(tx, actor, {
      action: 'lecture.remove',
      entityType: 'lecture',
      entityId: id,
      text: { key: 'lecture.removed', values: { title: row.title, batch: row.batchName, date: row.date.split('-').reverse().join('-') } },
    });
    return [...files.map((one) => one.key), ...stills.map((one) => one.key), ...(row.sourceKey ? [row.sourceKey] : [])];
  });
  for (const key of keys) await storage.remove(key).catch(() => {});
}
