import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ANNOUNCEMENT_MESSAGES, ANNOUNCEMENT_STATUSES, type AnnouncementStatus } from '@academy/shared/schemas/announcements';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { countByStatus } from '../../../../features/announcements/announcement-display';
import { useAnnouncements } from '../../../../features/announcements/api';
import { AnnouncementAdminList } from '../../../../features/announcements/components/announcement-admin-list';
import { StatusFilterTiles } from '../../../../features/announcements/components/status-filter-tiles';
import { useConfirmDeleteAnnouncement } from '../../../../features/announcements/components/use-confirm-delete-announcement';
import { Trans, useLingui } from '@lingui/react/macro';

function statusFrom(value: string | null): AnnouncementStatus | undefined {
  return ANNOUNCEMENT_STATUSES.find((status) => status === value);
}

export function Component() {
  // All of them, once: the counts need every status and the filter is instant on a slow phone.
  const announcements = useAnnouncements();
  const confirmDelete = useConfirmDeleteAnnouncement();
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const counts = useMemo(() => countByStatus(announcements.data ?? []), [announcements.data]);
  const shown = useMemo(() => (announcements.data ?? []).filter((announcement) => !status || announcement.status === status), [announcements.data, status]);

  return (
    <>
      <PageHeader
        title={t`Announcements`}
        description={t`Holidays, tests and changes for students and teachers. Students are notified when one starts.`}
        actions={
          <Button component={Link} to="/app/announcements/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            <Trans>Add Announcement</Trans>
          </Button>
        }
      />
      <Stack gap="md">
        <StatusFilterTiles counts={counts} value={status ?? 'total'} onChange={(filter) => setParams(filter === 'total' ? {} : { status: filter }, { replace: true })} />
        {announcements.isPending ? (
          <Stack gap="sm" aria-hidden="true">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} h={56} radius="md" />
            ))}
          </Stack>
        ) : announcements.isError ? (
          <LoadErrorAlert title={t`Announcements could not be loaded`} error={announcements.error} fallback={ANNOUNCEMENT_MESSAGES.fetchFailed} onRetry={() => void announcements.refetch()} />
        ) : shown.length === 0 ? (
          <Text c="dimmed" py="lg" ta="center">
            {announcements.data.length === 0 ? t`No announcements yet. Add the first one.` : status === 'active' ? t`No active announcements.` : status === 'scheduled' ? t`No scheduled announcements.` : t`No expired announcements.`}
          </Text>
        ) : (
          <AnnouncementAdminList announcements={shown} onDelete={confirmDelete} />
        )}
      </Stack>
    </>
  );
}
