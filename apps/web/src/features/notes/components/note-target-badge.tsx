import { Badge } from '@mantine/core';
import type { Note } from '@academy/shared/schemas/notes';
import { Trans, useLingui } from '@lingui/react/macro';

/** Who a note is for, as a teacher's list shows it; plus "Public" when it is on the website. */
export function NoteTargetBadges({ note }: { note: Note }) {
  const { t } = useLingui();
  const label = note.target === 'batch' ? t`Batch: ${note.batch?.name ?? ''}` : note.target === 'student' ? t`For ${note.student?.name ?? 'a student'}` : t`Only me`;
  return (
    <>
      <Badge variant="light" color={note.target === 'personal' ? 'gray' : 'grape'} tt="none">
        {label}
      </Badge>
      {note.isPublic ? (
        <Badge variant="light" color="teal" tt="none">
          <Trans>Public</Trans>
        </Badge>
      ) : null}
    </>
  );
}
