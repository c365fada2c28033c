import { Badge } from '@mantine/core';
import type { Note } from '@academy/shared/schemas/notes';

/** Who a note is for, as a teacher's list shows it; plus "Public" when it is on the website. */
export function NoteTargetBadges({ note }: { note: Note }) {
  const label = note.target === 'batch' ? `Batch: ${note.batch?.name ?? ''}` : note.target === 'student' ? `For ${note.student?.name ?? 'a student'}` : 'Only me';
  return (
    <>
      <Badge variant="light" color={note.target === 'personal' ? 'gray' : 'grape'} tt="none">
        {label}
      </Badge>
      {note.isPublic ? (
        <Badge variant="light" color="teal" tt="none">
          Public
        </Badge>
      ) : null}
    </>
  );
}
