import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@academy/shared/messages';
import type { Student } from '@academy/shared/schemas/students';
import { normalizeError } from '../../../lib/api-client';
import { STUDENT_FAILURES, useArchiveStudent } from '../api';

/** Asks before archiving a student: their records are kept, but they can no longer sign in. */
export function useConfirmArchiveStudent() {
  const archive = useArchiveStudent();
  return (student: Pick<Student, '_id' | 'name'>) =>
    modals.openConfirmModal({
      title: 'Archive student',
      centered: true,
      children: (
        <Text size="sm">
          Archive <strong>{student.name}</strong>? Their records are kept, but they can no longer sign in. You can make them active again by editing them.
        </Text>
      ),
      labels: { confirm: 'Archive', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(student._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: 'Student archived', message: message ?? MESSAGES.studentArchived, color: 'teal' });
          },
          onError: (error) => {
            notifications.show({ title: 'Student not archived', message: normalizeError(error, STUDENT_FAILURES.delete).message, color: 'red' });
          },
        }),
    });
}
