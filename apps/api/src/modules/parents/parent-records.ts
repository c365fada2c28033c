import type { DbExecutor } from '../../db/client';
import { parents, parentStudents } from '../../db/schema';

/**
 * A parent's record for a parent account made in the caller's transaction (the demo's parents, who
 * sign in with an email), linked to their children. Answers the parent's id.
 */
export async function addParentRecord(tx: DbExecutor, parent: Omit<typeof parents.$inferInsert, 'id' | 'academyId'>, studentIds: readonly string[]): Promise<string> {
  const [row] = await tx.insert(parents).values(parent).returning({ id: parents.id });
  if (studentIds.length > 0) await tx.insert(parentStudents).values(studentIds.map((studentId) => ({ parentId: row!.id, studentId })));
  return row!.id;
}
