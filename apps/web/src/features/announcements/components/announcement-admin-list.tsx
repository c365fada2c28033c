import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Announcement } from '@academy/shared/schemas/announcements';
import { ListView, RowActions, type ListColumn } from '../../../components/list-kit';
import { formatDate } from '../../../lib/format-date';
import { audienceText, TYPE_LABELS } from '../announcement-display';
import { AnnouncementStatusBadge } from './announcement-status-badge';
import { useLingui } from '@lingui/react/macro';

interface AnnouncementAdminListProps {
  announcements: Announcement[];
  onDelete: (announcement: Announcement) => void;
}

const dates = (announcement: Announcement) => `${formatDate(announcement.startDate)} – ${formatDate(announcement.endDate)}`;

/** The admin's announcements: a table on wide screens, cards on phones. */
export function AnnouncementAdminList({ announcements, onDelete }: AnnouncementAdminListProps) {
  const { t, i18n } = useLingui();
  const columns: ListColumn<Announcement>[] = [
    {
      key: 'title',
      header: t`Title`,
      card: 'title',
      maw: 320,
      cell: (announcement) => (
        <Anchor component={Link} to={`/app/announcements/${announcement._id}`} fw={600} lineClamp={2}>
          {announcement.title}
        </Anchor>
      ),
      cardCell: (announcement) => (
        <Anchor component={Link} to={`/app/announcements/${announcement._id}`} fw={600}>
          {announcement.title}
        </Anchor>
      ),
    },
    { key: 'type', header: t`Type`, card: 'hidden', cell: (announcement) => i18n._(TYPE_LABELS[announcement.type]) },
    {
      key: 'audience',
      header: t`For`,
      maw: 220,
      card: 'hidden',
      cell: (announcement) => (
        <Text size="sm" lineClamp={2}>
          {audienceText(announcement, i18n)}
        </Text>
      ),
    },
    {
      key: 'dates',
      header: t`Dates`,
      nowrap: true,
      card: 'subtitle',
      cell: dates,
      cardCell: (announcement) => (
        <Text size="sm" c="dimmed">
          {dates(announcement)}
        </Text>
      ),
    },
    {
      key: 'type-audience',
      header: '',
      card: 'subtitle',
      inTable: false,
      cell: (announcement) => (
        <Text size="sm">
          {i18n._(TYPE_LABELS[announcement.type])} · {audienceText(announcement, i18n)}
        </Text>
      ),
    },
    { key: 'status', header: t`Status`, w: 120, cell: (announcement) => <AnnouncementStatusBadge status={announcement.status} /> },
  ];
  return (
    <ListView
      rows={announcements}
      columns={columns}
      label={t`Announcements`}
      minWidth={760}
      wideFrom="48em"
      actions={(announcement) => (
        <RowActions name={announcement.title} editTo={`/app/announcements/${announcement._id}/edit`} onDelete={() => onDelete(announcement)} />
      )}
    />
  );
}
