import { Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { NOTE_MESSAGES, type Note } from '@academy/shared/schemas/notes';
import { normalizeError } from '../../../lib/api-client';
import { useDeleteNote } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before deleting a note (its file and its students' notifications go with it), then deletes it. */
export function useConfirmDeleteNote() {
  const { t } = useLingui();
  const remove = useDeleteNote();
  return (note: Pick<Note, '_id' | 'title'>) =>
    modals.openConfirmModal({
      title: t`Delete note`,
      centered: true,
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Trans>
            Delete <strong>{note.title}</strong>? Students will no longer see it and its PDF is deleted. This cannot be undone.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(note._id, {
          onSuccess: ({ message }) => notifications.show({ title: t`Note deleted`, message: message ?? NOTE_MESSAGES.deleted, color: 'teal' }),
          onError: (error) => notifications.show({ title: t`Note not deleted`, message: normalizeError(error, NOTE_MESSAGES.deleteFailed).message, color: 'red' }),
        }),
    });
}
