import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@academy/shared/messages';
import type { Subject } from '@academy/shared/schemas/subjects';
import { normalizeError } from '../../../lib/api-client';
import { SUBJECT_FAILURES, useDeleteSubject } from '../api';

/**
 * Asks before deleting a subject, then deletes it. A subject still in use is refused by the server
 * (409) and its message ("… is used by …") is shown.
 */
export function useConfirmDeleteSubject(onDeleted?: () => void) {
  const remove = useDeleteSubject();
  return (subject: Pick<Subject, '_id' | 'name' | 'code'>) =>
    modals.openConfirmModal({
      title: 'Delete subject',
      centered: true,
      children: (
        <Text size="sm">
          Delete <strong>{subject.name}</strong> ({subject.code})? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(subject._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: 'Subject deleted', message: message ?? MESSAGES.subjectDeleted, color: 'teal' });
            onDeleted?.();
          },
          onError: (error) => {
            notifications.show({ title: 'Subject not deleted', message: normalizeError(error, SUBJECT_FAILURES.delete).message, color: 'red' });
          },
        }),
    });
}
