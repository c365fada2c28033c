import { Text } from '@mantine/core';
import { NOTE_MESSAGES, type Note } from '@academy/shared/schemas/notes';
import { useConfirmAction } from '../../../components/ui/confirm-action';
import { useDeleteNote } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before deleting a note (its file and its students' notifications go with it), then deletes it. */
export function useConfirmDeleteNote() {
  const { t } = useLingui();
  const confirm = useConfirmAction();
  const remove = useDeleteNote();
  return (note: Pick<Note, '_id' | 'title'>) =>
    confirm({
      title: t`Delete note`,
      body: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Trans>
            Delete <strong>{note.title}</strong>? Students will no longer see it and its PDF is deleted. This cannot be undone.
          </Trans>
        </Text>
      ),
      confirmLabel: t`Delete`,
      mutation: remove,
      variables: note._id,
      done: { title: t`Note deleted`, message: NOTE_MESSAGES.deleted },
      failed: { title: t`Note not deleted`, message: NOTE_MESSAGES.deleteFailed },
    });
}
