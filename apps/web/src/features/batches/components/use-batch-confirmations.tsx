import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { EnrolledStudent } from '@academy/shared/schemas/batches';
import { normalizeError } from '../../../lib/api-client';
import { BATCH_FAILURES, useDeleteBatch, useRemoveStudentFromBatch } from '../api';

/**
 * Asks before deleting a batch, then deletes it. A batch that has (or had) students is refused by
 * the server (409) so attendance history is never lost; its message says to remove them first.
 */
export function useConfirmDeleteBatch(onDeleted?: () => void) {
  const remove = useDeleteBatch();
  return (batch: { _id: string; name: string }) =>
    modals.openConfirmModal({
      title: 'Delete batch',
      centered: true,
      children: (
        <Text size="sm">
          Delete <strong>{batch.name}</strong>? This cannot be undone. A batch with students cannot be deleted: remove them first.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(batch._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: 'Batch deleted', message: message ?? 'Batch deleted successfully', color: 'teal' });
            onDeleted?.();
          },
          onError: (error) => {
            notifications.show({ title: 'Batch not deleted', message: normalizeError(error, BATCH_FAILURES.delete).message, color: 'red' });
          },
        }),
    });
}

/** Asks before taking a student out of a batch; the roster changes at once when confirmed. */
export function useConfirmRemoveStudent(batch: { _id: string; name: string }) {
  const remove = useRemoveStudentFromBatch(batch._id);
  return (student: EnrolledStudent) =>
    modals.openConfirmModal({
      title: 'Remove student',
      centered: true,
      children: (
        <Text size="sm">
          Remove <strong>{student.name}</strong> from <strong>{batch.name}</strong>? Their attendance so far is kept.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(student, {
          onSuccess: ({ message }) => notifications.show({ title: 'Student removed', message: message ?? 'Student removed from the batch', color: 'teal' }),
          onError: (error) => notifications.show({ title: 'Student not removed', message: normalizeError(error, BATCH_FAILURES.removeStudent).message, color: 'red' }),
        }),
    });
}
