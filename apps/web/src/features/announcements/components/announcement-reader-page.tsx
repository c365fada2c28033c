import { Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ANNOUNCEMENT_MESSAGES } from '@academy/shared/schemas/announcements';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useAnnouncement } from '../api';
import { AnnouncementDetails } from './announcement-details';
import { Trans, useLingui } from '@lingui/react/macro';

/** A teacher's or student's view of one announcement (404 when it is not meant for them). */
export function AnnouncementReaderPage({ basePath }: { basePath: string }) {
  const { id = '' } = useParams();
  const announcement = useAnnouncement(id);
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Announcement Details`} />
      <Stack gap="lg">
        <Anchor component={Link} to={basePath} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden="true" />
            <Trans>All announcements</Trans>
          </Group>
        </Anchor>
        {announcement.isPending ? (
          <Skeleton h={240} maw={880} radius="md" aria-hidden="true" />
        ) : announcement.isError ? (
          <LoadErrorAlert title={t`The announcement could not be loaded`} error={announcement.error} fallback={ANNOUNCEMENT_MESSAGES.fetchFailed} onRetry={() => void announcement.refetch()} />
        ) : (
          <AnnouncementDetails announcement={announcement.data} />
        )}
      </Stack>
    </>
  );
}
