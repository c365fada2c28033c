import { Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@academy/shared/schemas/announcements';
import { normalizeError } from '../../../lib/api-client';
import { useDeleteAnnouncement } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before deleting an announcement (and the bell notifications that point at it), then deletes it. */
export function useConfirmDeleteAnnouncement(onDeleted?: () => void) {
  const { t } = useLingui();
  const remove = useDeleteAnnouncement();
  return (announcement: Pick<Announcement, '_id' | 'title'>) =>
    modals.openConfirmModal({
      title: t`Delete announcement`,
      centered: true,
      children: (
        <Text size="sm">
          <Trans>
            Delete <strong>{announcement.title}</strong>? Students will no longer see it or its notifications. This cannot be undone.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(announcement._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: t`Announcement deleted`, message: message ?? ANNOUNCEMENT_MESSAGES.deleted, color: 'teal' });
            onDeleted?.();
          },
          onError: (error) => {
            notifications.show({ title: t`Announcement not deleted`, message: normalizeError(error, ANNOUNCEMENT_MESSAGES.deleteFailed).message, color: 'red' });
          },
        }),
    });
}
