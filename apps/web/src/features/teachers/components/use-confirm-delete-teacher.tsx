import { MESSAGES } from '@academy/shared/messages';
import type { Teacher } from '@academy/shared/schemas/teachers';
import { useConfirmRecordAction } from '../../../components/ui/confirm-action';
import { TEACHER_FAILURES, useDeleteTeacher } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Asks before deleting a teacher, then deletes them. A teacher who still teaches batches is refused
 * by the server (409) and its message is shown; deactivating (status inactive) is the alternative.
 */
export function useConfirmDeleteTeacher(onDeleted?: () => void) {
  const { t } = useLingui();
  return useConfirmRecordAction(useDeleteTeacher(), (teacher: Pick<Teacher, '_id' | 'name'>) => ({
    title: t`Delete teacher`,
    body: (
      <Trans>
        Delete <strong>{teacher.name}</strong> and their account? This cannot be undone. To keep their records, set their status to Inactive instead.
      </Trans>
    ),
    done: { title: t`Teacher deleted`, message: MESSAGES.teacherDeleted },
    failed: { title: t`Teacher not deleted`, message: TEACHER_FAILURES.delete },
    onDone: onDeleted,
  }));
}
