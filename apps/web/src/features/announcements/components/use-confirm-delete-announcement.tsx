import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@academy/shared/schemas/announcements';
import { normalizeError } from '../../../lib/api-client';
import { useDeleteAnnouncement } from '../api';

/** Asks before deleting an announcement (and the bell notifications that point at it), then deletes it. */
export function useConfirmDeleteAnnouncement(onDeleted?: () => void) {
  const remove = useDeleteAnnouncement();
  return (announcement: Pick<Announcement, '_id' | 'title'>) =>
    modals.openConfirmModal({
      title: 'Delete announcement',
      centered: true,
      children: (
        <Text size="sm">
          Delete <strong>{announcement.title}</strong>? Students will no longer see it or its notifications. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(announcement._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: 'Announcement deleted', message: message ?? ANNOUNCEMENT_MESSAGES.deleted, color: 'teal' });
            onDeleted?.();
          },
          onError: (error) => {
            notifications.show({ title: 'Announcement not deleted', message: normalizeError(error, ANNOUNCEMENT_MESSAGES.deleteFailed).message, color: 'red' });
          },
        }),
    });
}
