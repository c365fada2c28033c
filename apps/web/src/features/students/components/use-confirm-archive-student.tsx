import { Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@academy/shared/messages';
import type { Student } from '@academy/shared/schemas/students';
import { normalizeError } from '../../../lib/api-client';
import { STUDENT_FAILURES, useArchiveStudent } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before archiving a student: their records are kept, but they can no longer sign in. */
export function useConfirmArchiveStudent() {
  const { t } = useLingui();
  const archive = useArchiveStudent();
  return (student: Pick<Student, '_id' | 'name'>) =>
    modals.openConfirmModal({
      title: t`Archive student`,
      centered: true,
      children: (
        <Text size="sm">
          <Trans>
            Archive <strong>{student.name}</strong>? Their records are kept, but they can no longer sign in. You can make them active again by editing them.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Archive`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(student._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: t`Student archived`, message: message ?? MESSAGES.studentArchived, color: 'teal' });
          },
          onError: (error) => {
            notifications.show({ title: t`Student not archived`, message: normalizeError(error, STUDENT_FAILURES.delete).message, color: 'red' });
          },
        }),
    });
}
