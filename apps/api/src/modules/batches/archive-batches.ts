import { eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { batches } from '../../db/schema';

/** Archives batches at the end of their academic year (the rollover), ending them by `endsOn` (never before they began), in the caller's transaction. */
export async function archiveBatchesEndingBy(tx: DbExecutor, batchIds: string[], endsOn: string): Promise<void> {
  for (let start = 0; start < batchIds.length; start += 1000) {
    await tx
      .update(batches)
      // A batch ending later ends on the chosen day (never before it began); one ending earlier keeps its end.
      .set({ endDate: sql`case when ${batches.endDate} > ${endsOn}::date then greatest(${batches.startDate}, ${endsOn}::date) else ${batches.endDate} end`, archivedAt: new Date(), updatedAt: new Date() })
      .where(inArray(batches.id, batchIds.slice(start, start + 1000)));
  }
}

/** Takes a batch out of the archive with the end it had (a rollover undone), in the caller's transaction. */
export async function unarchiveBatch(tx: DbExecutor, batchId: string, endDate: string, at: Date): Promise<void> {
  await tx.update(batches).set({ endDate, archivedAt: null, updatedAt: at }).where(eq(batches.id, batchId));
}
