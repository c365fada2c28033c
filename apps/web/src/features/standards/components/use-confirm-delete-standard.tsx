import { Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@academy/shared/messages';
import type { Standard } from '@academy/shared/schemas/standards';
import { normalizeError } from '../../../lib/api-client';
import { STANDARD_FAILURES, useDeleteStandard } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before deleting a standard, then deletes it; the server's refusal (e.g. in use) is shown. */
export function useConfirmDeleteStandard(onDeleted?: () => void) {
  const { t } = useLingui();
  const remove = useDeleteStandard();
  return (standard: Pick<Standard, '_id' | 'name'>) =>
    modals.openConfirmModal({
      title: t`Delete standard`,
      centered: true,
      children: (
        <Text size="sm">
          <Trans>
            Delete <strong>{standard.name}</strong>? This cannot be undone.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(standard._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: t`Standard deleted`, message: message ?? MESSAGES.standardDeleted, color: 'teal' });
            onDeleted?.();
          },
          onError: (error) => {
            notifications.show({ title: t`Standard not deleted`, message: normalizeError(error, STANDARD_FAILURES.delete).message, color: 'red' });
          },
        }),
    });
}
