import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { MESSAGES } from '@academy/shared/messages';
import type { Subject } from '@academy/shared/schemas/subjects';
import { useConfirmRecordAction } from '../../../components/ui/confirm-action';
import { SUBJECT_FAILURES, useDeleteSubject } from '../api';
import { isSubjectInUse, usageSummary } from '../subject-list';
import { Trans, useLingui } from '@lingui/react/macro';

type SubjectToDelete = Pick<Subject, '_id' | 'name' | 'code' | 'standardCount' | 'batchCount' | 'teacherCount'>;

/**
 * Asks before deleting a subject, then deletes it. A subject still in use is not offered for deletion:
 * the dialog says what uses it (the server refuses it too, 409, should the counts be stale).
 */
export function useConfirmDeleteSubject(onDeleted?: () => void) {
  const { t } = useLingui();
  const confirmDelete = useConfirmRecordAction(useDeleteSubject(), (subject: SubjectToDelete) => ({
    title: t`Delete subject`,
    body: (
      <Trans>
        Delete <strong>{subject.name}</strong> ({subject.code})? This cannot be undone.
      </Trans>
    ),
    done: { title: t`Subject deleted`, message: MESSAGES.subjectDeleted },
    failed: { title: t`Subject not deleted`, message: SUBJECT_FAILURES.delete },
    onDone: onDeleted,
  }));
  return (subject: SubjectToDelete) => {
    // In use: say why before, instead of offering a Delete that the server refuses.
    if (isSubjectInUse(subject)) {
      modals.open({
        title: t`This subject is in use`,
        centered: true,
        children: (
          <Stack gap="md">
            <Text size="sm">
              <Trans>
                <strong>{subject.name}</strong> ({subject.code}) cannot be deleted while it is used by {usageSummary(subject)}. Remove it from them first.
              </Trans>
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => modals.closeAll()}>
                <Trans>OK</Trans>
              </Button>
            </Group>
          </Stack>
        ),
      });
      return;
    }
    confirmDelete(subject);
  };
}
