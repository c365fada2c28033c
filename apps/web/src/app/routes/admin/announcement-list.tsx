import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ANNOUNCEMENT_MESSAGES, ANNOUNCEMENT_STATUSES, type AnnouncementStatus } from '@academy/shared/schemas/announcements';
import { ListStates } from '../../../components/list-kit';
import { LoadMore } from '../../../components/list-kit/load-more';
import { PageHeader } from '../../../components/ui/page-header';
import { AddButton } from '../../../components/page-kit/add-button';
import { useAnnouncements } from '../../../features/announcements/api';
import { AnnouncementAdminList } from '../../../features/announcements/components/announcement-admin-list';
import { StatusFilterTiles } from '../../../features/announcements/components/status-filter-tiles';
import { useConfirmDeleteAnnouncement } from '../../../features/announcements/components/use-confirm-delete-announcement';
import { Trans, useLingui } from '@lingui/react/macro';

function statusFrom(value: string | null): AnnouncementStatus | undefined {
  return ANNOUNCEMENT_STATUSES.find((status) => status === value);
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  // One page of the chosen status at a time; the tiles' counts come with every page (decision 023).
  const announcements = useAnnouncements(status);
  const confirmDelete = useConfirmDeleteAnnouncement();
  const { t } = useLingui();
  const counts = announcements.data?.counts ?? { total: 0, active: 0, scheduled: 0, expired: 0 };

  return (
    <>
      <PageHeader
        title={t`Announcements`}
        description={t`Holidays, tests and changes for students and teachers. Students are notified when one starts.`}
        actions={<AddButton to="/app/announcements/create"><Trans>Add Announcement</Trans></AddButton>}
      />
      <Stack gap="md">
        <StatusFilterTiles counts={counts} value={status ?? 'total'} onChange={(filter) => setParams(filter === 'total' ? {} : { status: filter }, { replace: true })} />
        <ListStates
          query={announcements}
          count={announcements.data?.announcements.length ?? 0}
          errorTitle={t`Announcements could not be loaded`}
          errorFallback={ANNOUNCEMENT_MESSAGES.fetchFailed}
          empty={
            counts.total === 0 ? t`No announcements yet. Add the first one.` : status === 'active' ? t`No active announcements.` : status === 'scheduled' ? t`No scheduled announcements.` : t`No expired announcements.`
          }
        >
          <AnnouncementAdminList announcements={announcements.data?.announcements ?? []} onDelete={confirmDelete} />
          <LoadMore list={announcements} shown={announcements.data?.announcements.length ?? 0} />
        </ListStates>
      </Stack>
    </>
  );
}
