import type { DbExecutor } from '../../db/client';
import { notes } from '../../db/schema';

export type NoteRecord = Omit<typeof notes.$inferInsert, 'id' | 'academyId'>;

/**
 * A note whose file is already in the storage (the demo's PDFs), in the caller's transaction. The
 * caller tells its readers (notifications' notifyStudentsOfNote). Answers its id.
 */
export async function recordNote(tx: DbExecutor, note: NoteRecord): Promise<string> {
  const [row] = await tx.insert(notes).values(note).returning({ id: notes.id });
  return row!.id;
}
