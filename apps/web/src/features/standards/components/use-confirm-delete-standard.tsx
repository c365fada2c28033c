import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@academy/shared/messages';
import type { Standard } from '@academy/shared/schemas/standards';
import { normalizeError } from '../../../lib/api-client';
import { STANDARD_FAILURES, useDeleteStandard } from '../api';

/** Asks before deleting a standard, then deletes it; the server's refusal (e.g. in use) is shown. */
export function useConfirmDeleteStandard(onDeleted?: () => void) {
  const remove = useDeleteStandard();
  return (standard: Pick<Standard, '_id' | 'name'>) =>
    modals.openConfirmModal({
      title: 'Delete standard',
      centered: true,
      children: (
        <Text size="sm">
          Delete <strong>{standard.name}</strong>? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(standard._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: 'Standard deleted', message: message ?? MESSAGES.standardDeleted, color: 'teal' });
            onDeleted?.();
          },
          onError: (error) => {
            notifications.show({ title: 'Standard not deleted', message: normalizeError(error, STANDARD_FAILURES.delete).message, color: 'red' });
          },
        }),
    });
}
