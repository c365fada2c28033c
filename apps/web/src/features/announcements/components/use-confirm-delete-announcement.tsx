import { Text } from '@mantine/core';
import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@academy/shared/schemas/announcements';
import { useConfirmAction } from '../../../components/ui/confirm-action';
import { useDeleteAnnouncement } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before deleting an announcement (and the bell notifications that point at it), then deletes it. */
export function useConfirmDeleteAnnouncement(onDeleted?: () => void) {
  const { t } = useLingui();
  const confirm = useConfirmAction();
  const remove = useDeleteAnnouncement();
  return (announcement: Pick<Announcement, '_id' | 'title'>) =>
    confirm({
      title: t`Delete announcement`,
      body: (
        <Text size="sm">
          <Trans>
            Delete <strong>{announcement.title}</strong>? Students will no longer see it or its notifications. This cannot be undone.
          </Trans>
        </Text>
      ),
      confirmLabel: t`Delete`,
      mutation: remove,
      variables: announcement._id,
      done: { title: t`Announcement deleted`, message: ANNOUNCEMENT_MESSAGES.deleted },
      failed: { title: t`Announcement not deleted`, message: ANNOUNCEMENT_MESSAGES.deleteFailed },
      onDone: onDeleted,
    });
}
