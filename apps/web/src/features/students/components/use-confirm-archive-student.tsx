import { MESSAGES } from '@academy/shared/messages';
import type { Student } from '@academy/shared/schemas/students';
import { useConfirmRecordAction } from '../../../components/ui/confirm-action';
import { STUDENT_FAILURES, useArchiveStudent } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before archiving a student: their records are kept, but they can no longer sign in. */
export function useConfirmArchiveStudent() {
  const { t } = useLingui();
  return useConfirmRecordAction(useArchiveStudent(), (student: Pick<Student, '_id' | 'name'>) => ({
    title: t`Archive student`,
    body: (
      <Trans>
        Archive <strong>{student.name}</strong>? Their records are kept, but they can no longer sign in. You can make them active again by editing them.
      </Trans>
    ),
    confirmLabel: t`Archive`,
    done: { title: t`Student archived`, message: MESSAGES.studentArchived },
    failed: { title: t`Student not archived`, message: STUDENT_FAILURES.delete },
  }));
}
