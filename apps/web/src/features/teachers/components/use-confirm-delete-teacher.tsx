import { Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@academy/shared/messages';
import type { Teacher } from '@academy/shared/schemas/teachers';
import { normalizeError } from '../../../lib/api-client';
import { TEACHER_FAILURES, useDeleteTeacher } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Asks before deleting a teacher, then deletes them. A teacher who still teaches batches is refused
 * by the server (409) and its message is shown; deactivating (status inactive) is the alternative.
 */
export function useConfirmDeleteTeacher(onDeleted?: () => void) {
  const { t } = useLingui();
  const remove = useDeleteTeacher();
  return (teacher: Pick<Teacher, '_id' | 'name'>) =>
    modals.openConfirmModal({
      title: t`Delete teacher`,
      centered: true,
      children: (
        <Text size="sm">
          <Trans>
            Delete <strong>{teacher.name}</strong> and their account? This cannot be undone. To keep their records, set their status to Inactive instead.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(teacher._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: t`Teacher deleted`, message: message ?? MESSAGES.teacherDeleted, color: 'teal' });
            onDeleted?.();
          },
          onError: (error) => {
            notifications.show({ title: t`Teacher not deleted`, message: normalizeError(error, TEACHER_FAILURES.delete).message, color: 'red' });
          },
        }),
    });
}
