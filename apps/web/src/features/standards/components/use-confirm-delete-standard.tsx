import { MESSAGES } from '@academy/shared/messages';
import type { Standard } from '@academy/shared/schemas/standards';
import { useConfirmRecordAction } from '../../../components/ui/confirm-action';
import { STANDARD_FAILURES, useDeleteStandard } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before deleting a standard, then deletes it; the server's refusal (e.g. in use) is shown. */
export function useConfirmDeleteStandard(onDeleted?: () => void) {
  const { t } = useLingui();
  return useConfirmRecordAction(useDeleteStandard(), (standard: Pick<Standard, '_id' | 'name'>) => ({
    title: t`Delete standard`,
    body: (
      <Trans>
        Delete <strong>{standard.name}</strong>? This cannot be undone.
      </Trans>
    ),
    done: { title: t`Standard deleted`, message: MESSAGES.standardDeleted },
    failed: { title: t`Standard not deleted`, message: STANDARD_FAILURES.delete },
    onDone: onDeleted,
  }));
}
