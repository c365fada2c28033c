import { ActionIcon, Anchor, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Announcement } from '@academy/shared/schemas/announcements';
import { formatDate } from '../../../lib/format-date';
import { audienceText, TYPE_LABELS } from '../announcement-display';
import { AnnouncementStatusBadge } from './announcement-status-badge';
import { Trans, useLingui } from '@lingui/react/macro';

interface AnnouncementAdminListProps {
  announcements: Announcement[];
  onDelete: (announcement: Announcement) => void;
}

function RowActions({ announcement, onDelete }: { announcement: Announcement; onDelete: (announcement: Announcement) => void }) {
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon component={Link} to={`/app/announcements/${announcement._id}/edit`} variant="subtle" size="lg" aria-label={t`Edit ${announcement.title}`}>
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={t`Delete ${announcement.title}`} onClick={() => onDelete(announcement)}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

const dates = (announcement: Announcement) => `${formatDate(announcement.startDate)} – ${formatDate(announcement.endDate)}`;

/** The admin's announcements: a table on wide screens, cards on phones. */
export function AnnouncementAdminList({ announcements, onDelete }: AnnouncementAdminListProps) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { t, i18n } = useLingui();

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Announcements`}>
        {announcements.map((announcement) => (
          <Card key={announcement._id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/app/announcements/${announcement._id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {announcement.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {dates(announcement)}
                </Text>
                <Text size="sm">
                  {i18n._(TYPE_LABELS[announcement.type])} · {audienceText(announcement, i18n)}
                </Text>
              </Stack>
              <RowActions announcement={announcement} onDelete={onDelete} />
            </Group>
            <Group mt="xs">
              <AnnouncementStatusBadge status={announcement.status} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Title</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Type</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>For</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Dates</Trans>
            </Table.Th>
            <Table.Th w={120}>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {announcements.map((announcement) => (
            <Table.Tr key={announcement._id}>
              <Table.Td maw={320}>
                <Anchor component={Link} to={`/app/announcements/${announcement._id}`} fw={600} lineClamp={2}>
                  {announcement.title}
                </Anchor>
              </Table.Td>
              <Table.Td>{i18n._(TYPE_LABELS[announcement.type])}</Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" lineClamp={2}>
                  {audienceText(announcement, i18n)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates(announcement)}</Table.Td>
              <Table.Td>
                <AnnouncementStatusBadge status={announcement.status} />
              </Table.Td>
              <Table.Td>
                <RowActions announcement={announcement} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
