import { msg } from '@lingui/core/macro';
import { i18n as defaultI18n, type I18n } from '@lingui/core';
import type { Note } from '@academy/shared/schemas/notes';

export type NoteGroup = { key: string; title: string; notes: Note[] };

/**
 * A student's notes in groups: "For you" (addressed to them) first, then one group per batch by
 * name; newest first inside each, as the server sent them.
 */
export function groupNotesForStudent(notes: Note[], i18n: I18n = defaultI18n): NoteGroup[] {
  const personal = notes.filter((note) => note.target === 'student');
  const byBatch = new Map<string, NoteGroup>();
  for (const note of notes) {
    if (note.target !== 'batch' || !note.batch) continue;
    const group = byBatch.get(note.batch._id) ?? { key: note.batch._id, title: note.batch.name, notes: [] };
    group.notes.push(note);
    byBatch.set(note.batch._id, group);
  }
  const batches = [...byBatch.values()].sort((a, b) => a.title.localeCompare(b.title));
  return personal.length > 0 ? [{ key: 'for-you', title: i18n._(msg`For you`), notes: personal }, ...batches] : batches;
}
