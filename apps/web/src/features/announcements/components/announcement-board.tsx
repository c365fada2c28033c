import { Anchor, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { AnnouncementTypeBadges } from './announcement-type-badges';
import { Link } from 'react-router';
import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@academy/shared/schemas/announcements';
import { AddressTabs } from '../../../components/ui/address-tabs';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { formatDate } from '../../../lib/format-date';
import { LoadMore } from '../../../components/list-kit/load-more';
import { useAnnouncements } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

function AnnouncementCard({ announcement, basePath }: { announcement: Announcement; basePath: string }) {
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group gap="xs">
          <AnnouncementTypeBadges announcement={announcement} />
          <Text size="sm" c="dimmed">
            {formatDate(announcement.startDate)} – {formatDate(announcement.endDate)}
          </Text>
        </Group>
        <Anchor component={Link} to={`${basePath}/${announcement._id}`} fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {announcement.title}
        </Anchor>
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {announcement.content}
        </Text>
      </Stack>
    </Card>
  );
}

function AnnouncementTab({ status, basePath, empty }: { status: 'active' | 'expired'; basePath: string; empty: string }) {
  const list = useAnnouncements(status);
  const { t } = useLingui();
  if (list.isPending) {
    return (
      <Stack gap="sm" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={110} radius="md" />
        ))}
      </Stack>
    );
  }
  if (!list.data) {
    return <LoadErrorAlert title={t`Announcements could not be loaded`} error={list.error} fallback={ANNOUNCEMENT_MESSAGES.fetchFailed} onRetry={() => void list.refetch()} />;
  }
  if (list.data.announcements.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.data.announcements.map((announcement) => (
          <AnnouncementCard key={announcement._id} announcement={announcement} basePath={basePath} />
        ))}
      </Stack>
      <LoadMore list={list} shown={list.data.announcements.length} />
    </Stack>
  );
}

/** What a teacher or student is told: the current announcements, and a tab for past ones (?tab=past). */
export function AnnouncementBoard({ basePath }: { basePath: string }) {
  const { t } = useLingui();
  return (
    <AddressTabs
      fallback="current"
      home="current"
      tabs={[
        { value: 'current', label: <Trans>Current</Trans>, panel: <AnnouncementTab status="active" basePath={basePath} empty={t`No announcements right now.`} /> },
        { value: 'past', label: <Trans>Past</Trans>, panel: <AnnouncementTab status="expired" basePath={basePath} empty={t`No past announcements.`} /> },
      ]}
    />
  );
}
