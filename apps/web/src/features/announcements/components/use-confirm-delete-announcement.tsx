import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@academy/shared/schemas/announcements';
import { useConfirmRecordAction } from '../../../components/ui/confirm-action';
import { useDeleteAnnouncement } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** Asks before deleting an announcement (and the bell notifications that point at it), then deletes it. */
export function useConfirmDeleteAnnouncement(onDeleted?: () => void) {
  const { t } = useLingui();
  return useConfirmRecordAction(useDeleteAnnouncement(), (announcement: Pick<Announcement, '_id' | 'title'>) => ({
    title: t`Delete announcement`,
    body: (
      <Trans>
        Delete <strong>{announcement.title}</strong>? Students will no longer see it or its notifications. This cannot be undone.
      </Trans>
    ),
    done: { title: t`Announcement deleted`, message: ANNOUNCEMENT_MESSAGES.deleted },
    failed: { title: t`Announcement not deleted`, message: ANNOUNCEMENT_MESSAGES.deleteFailed },
    onDone: onDeleted,
  }));
}
