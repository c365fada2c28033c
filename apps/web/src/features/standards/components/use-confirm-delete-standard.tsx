import { Text } from '@mantine/core';
import { MESSAGES } from '@academy/shared/messages';
import type { Standard } from '@academy/shared/schemas/standards';
import { useConfirmAction } from '../../../components/ui/confirm-action';
import { STANDARD_FAILURES, useDeleteStandard } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before deleting a standard, then deletes it; the server's refusal (e.g. in use) is shown. */
export function useConfirmDeleteStandard(onDeleted?: () => void) {
  const { t } = useLingui();
  const confirm = useConfirmAction();
  const remove = useDeleteStandard();
  return (standard: Pick<Standard, '_id' | 'name'>) =>
    confirm({
      title: t`Delete standard`,
      body: (
        <Text size="sm">
          <Trans>
            Delete <strong>{standard.name}</strong>? This cannot be undone.
          </Trans>
        </Text>
      ),
      confirmLabel: t`Delete`,
      mutation: remove,
      variables: standard._id,
      done: { title: t`Standard deleted`, message: MESSAGES.standardDeleted },
      failed: { title: t`Standard not deleted`, message: STANDARD_FAILURES.delete },
      onDone: onDeleted,
    });
}
