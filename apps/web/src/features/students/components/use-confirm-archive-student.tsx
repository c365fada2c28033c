import { Text } from '@mantine/core';
import { MESSAGES } from '@academy/shared/messages';
import type { Student } from '@academy/shared/schemas/students';
import { useConfirmAction } from '../../../components/ui/confirm-action';
import { STUDENT_FAILURES, useArchiveStudent } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before archiving a student: their records are kept, but they can no longer sign in. */
export function useConfirmArchiveStudent() {
  const { t } = useLingui();
  const confirm = useConfirmAction();
  const archive = useArchiveStudent();
  return (student: Pick<Student, '_id' | 'name'>) =>
    confirm({
      title: t`Archive student`,
      body: (
        <Text size="sm">
          <Trans>
            Archive <strong>{student.name}</strong>? Their records are kept, but they can no longer sign in. You can make them active again by editing them.
          </Trans>
        </Text>
      ),
      confirmLabel: t`Archive`,
      mutation: archive,
      variables: student._id,
      done: { title: t`Student archived`, message: MESSAGES.studentArchived },
      failed: { title: t`Student not archived`, message: STUDENT_FAILURES.delete },
    });
}
