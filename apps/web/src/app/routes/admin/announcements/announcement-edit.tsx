import { Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { ANNOUNCEMENT_MESSAGES } from '@academy/shared/schemas/announcements';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { useAnnouncement } from '../../../../features/announcements/api';
import { AnnouncementForm } from '../../../../features/announcements/components/announcement-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const announcement = useAnnouncement(id);
  return (
    <>
      <PageHeader title={t`Edit Announcement`} description={announcement.data?.title} />
      {announcement.isPending ? (
        <Skeleton h={420} maw={760} radius="md" aria-hidden="true" />
      ) : announcement.isError ? (
        <LoadErrorAlert title={t`The announcement could not be loaded`} error={announcement.error} fallback={ANNOUNCEMENT_MESSAGES.fetchFailed} onRetry={() => void announcement.refetch()} />
      ) : (
        <AnnouncementForm key={announcement.data._id} announcement={announcement.data} />
      )}
    </>
  );
}
