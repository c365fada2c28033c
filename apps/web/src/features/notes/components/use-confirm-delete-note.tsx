import { NOTE_MESSAGES, type Note } from '@academy/shared/schemas/notes';
import { useConfirmRecordAction } from '../../../components/ui/confirm-action';
import { useDeleteNote } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before deleting a note (its file and its students' notifications go with it), then deletes it. */
export function useConfirmDeleteNote() {
  const { t } = useLingui();
  return useConfirmRecordAction(useDeleteNote(), (note: Pick<Note, '_id' | 'title'>) => ({
    title: t`Delete note`,
    body: (
      <Trans>
        Delete <strong>{note.title}</strong>? Students will no longer see it and its PDF is deleted. This cannot be undone.
      </Trans>
    ),
    done: { title: t`Note deleted`, message: NOTE_MESSAGES.deleted },
    failed: { title: t`Note not deleted`, message: NOTE_MESSAGES.deleteFailed },
  }));
}
