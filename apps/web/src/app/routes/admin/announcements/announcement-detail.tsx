import { Anchor, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { ANNOUNCEMENT_MESSAGES } from '@academy/shared/schemas/announcements';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { useAnnouncement } from '../../../../features/announcements/api';
import { AnnouncementDetails } from '../../../../features/announcements/components/announcement-details';
import { useConfirmDeleteAnnouncement } from '../../../../features/announcements/components/use-confirm-delete-announcement';
import { Trans, useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const announcement = useAnnouncement(id);
  const confirmDelete = useConfirmDeleteAnnouncement(() => void navigate('/app/announcements'));
  const data = announcement.data;

  return (
    <>
      <PageHeader
        title={t`Announcement Details`}
        actions={
          data ? (
            <Group gap="sm">
              <Button component={Link} to={`/app/announcements/${data._id}/edit`} variant="light" leftSection={<IconPencil size={18} aria-hidden="true" />}>
                <Trans>Edit</Trans>
              </Button>
              <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={() => confirmDelete(data)}>
                <Trans>Delete</Trans>
              </Button>
            </Group>
          ) : null
        }
      />
      <Stack gap="lg">
        <Anchor component={Link} to="/app/announcements" size="sm">
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
