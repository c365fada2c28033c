import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AnnouncementTypeBadges } from './announcement-type-badges';
import type { Announcement } from '@academy/shared/schemas/announcements';
import { formatDate } from '../../../lib/format-date';
import { audienceText, PRIORITY_LABELS } from '../announcement-display';
import { AnnouncementStatusBadge } from './announcement-status-badge';
import { Trans, useLingui } from '@lingui/react/macro';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{children}</Text>
    </div>
  );
}

/** One announcement as every role reads it: what, for whom, when. */
export function AnnouncementDetails({ announcement }: { announcement: Announcement }) {
  const { t, i18n } = useLingui();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={880}>
      <Stack gap="md">
        <Group gap="xs">
          <AnnouncementStatusBadge status={announcement.status} />
          <AnnouncementTypeBadges announcement={announcement} />
          {announcement.closure ? (
            <Badge variant="light" color="orange" tt="none">
              <Trans>Academy closed: no classes</Trans>
            </Badge>
          ) : null}
        </Group>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {announcement.title}
        </Title>
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{announcement.content}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Field label={t`From`}>
            {formatDate(announcement.startDate)} {announcement.startTime}
          </Field>
          <Field label={t`Until`}>
            {formatDate(announcement.endDate)} {announcement.endTime}
          </Field>
          <Field label={t`For`}>{audienceText(announcement, i18n)}</Field>
          <Field label={t`Priority`}>{i18n._(PRIORITY_LABELS[announcement.priority])}</Field>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
