import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../../db/client';
import { announcementBatches, announcements } from '../../db/schema';

export type AnnouncementRecord = Omit<typeof announcements.$inferInsert, 'id' | 'academyId'> & { batchIds?: readonly string[] };

/**
 * Announcements as a new academy starts with them (the demo's), in the caller's transaction, each
 * for the batches named (none: its audience). No bell is rung here: the notification job tells
 * students about the active ones once the server is up. Answers the ids in order.
 */
export async function insertAnnouncements(tx: DbExecutor, records: readonly AnnouncementRecord[]): Promise<string[]> {
  const rows = records.map(({ batchIds: _batches, ...values }) => ({ ...values, id: randomUUID() }));
  if (rows.length === 0) return [];
  await tx.insert(announcements).values(rows);
  const links = records.flatMap((record, index) => (record.batchIds ?? []).map((batchId) => ({ announcementId: rows[index]!.id, batchId })));
  if (links.length > 0) await tx.insert(announcementBatches).values(links);
  return rows.map((row) => row.id);
}
