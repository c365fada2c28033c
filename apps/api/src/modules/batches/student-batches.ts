import { and, eq } from 'drizzle-orm';
import type { BatchSummary } from '@academy/shared/schemas/batches';
import type { DbExecutor } from '../../db/client';
import { batches } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { batchScope } from '../../access/batches';
import { listBatchSummaries } from '../../read-models/batch-summaries';

/** The signed-in student's own batches. */
export async function studentOwnBatches(db: DbExecutor, actor: Actor): Promise<BatchSummary[]> {
  return listBatchSummaries(db, batchScope(actor));
}

/** One of the signed-in student's batches; another batch answers 404. */
export async function studentOwnBatch(db: DbExecutor, actor: Actor, batchId: string): Promise<BatchSummary> {
  const [batch] = await listBatchSummaries(db, and(eq(batches.id, batchId), batchScope(actor)));
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
  return batch;
}
