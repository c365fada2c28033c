import { Checkbox } from '@mantine/core';
import type { EnrolledStudent } from '@academy/shared/schemas/batches';
import { useConfirmAction, useConfirmRecordAction } from '../../../components/ui/confirm-action';
import { BATCH_FAILURES, useDeleteBatch, useRemoveStudentFromBatch } from '../api';
import { useFeePlans } from '../../fees/api';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Asks before deleting a batch, then deletes it. A batch that has (or had) students is refused by
 * the server (409) so attendance history is never lost; its message says to remove them first.
 */
export function useConfirmDeleteBatch(onDeleted?: () => void) {
  const { t } = useLingui();
  return useConfirmRecordAction(useDeleteBatch(), (batch: { _id: string; name: string }) => ({
    title: t`Delete batch`,
    body: (
      <Trans>
        Delete <strong>{batch.name}</strong>? This cannot be undone. A batch with students cannot be deleted: remove them first.
      </Trans>
    ),
    done: { title: t`Batch deleted`, message: t`Batch deleted successfully` },
    failed: { title: t`Batch not deleted`, message: BATCH_FAILURES.delete },
    onDone: onDeleted,
  }));
}

/**
 * Asks before taking a student out of a batch; the roster changes at once when confirmed. When the
 * batch has a fee plan it also offers to cancel the student's unpaid dues of the batch (off by default:
 * money owed is never written off unless the office says so).
 */
export function useConfirmRemoveStudent(batch: { _id: string; name: string }) {
  const { t } = useLingui();
  const confirm = useConfirmAction();
  const remove = useRemoveStudentFromBatch(batch._id);
  const plans = useFeePlans();
  return async (student: EnrolledStudent) => {
    // A tap before the fee plans have arrived (slow data) must still offer to cancel the dues: wait for them.
    const planList = plans.data ?? (await plans.refetch()).data;
    const hasFeePlan = (planList?.plans ?? []).some((plan) => plan.batch._id === batch._id);
    // The modal's content is rendered once; the checkbox writes its choice into the variables sent.
    const variables = { student, cancelDues: false };
    confirm({
      title: t`Remove student`,
      body: (
        <Trans>
          Remove <strong>{student.name}</strong> from <strong>{batch.name}</strong>? Their attendance so far is kept.
        </Trans>
      ),
      more: hasFeePlan && (
        <Checkbox
          defaultChecked={false}
          onChange={(event) => {
            variables.cancelDues = event.currentTarget.checked;
          }}
          label={t`Also cancel their unpaid fees for this batch`}
          description={t`Only dues with nothing paid yet are cancelled; receipts are kept.`}
        />
      ),
      confirmLabel: t`Remove`,
      mutation: remove,
      variables,
      done: { title: t`Student removed`, message: t`Student removed from the batch` },
      failed: { title: t`Student not removed`, message: BATCH_FAILURES.removeStudent },
    });
  };
}
