import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconCurrencyRupee, IconUser } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CourseBatch } from '@academy/shared/schemas/courses';
import { CourseFees } from './course-fees';
import { applyForCoursePath, batchDates, batchTimings, coursePagePath, seatsStatus } from '../batch-display';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { useLocalNames } from '../../../lib/public-settings';

function Detail({ icon: DetailIcon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <DetailIcon size={18} stroke={1.6} aria-hidden="true" style={{ flex: 'none', marginTop: 2, color: 'var(--mantine-color-gray-6)' }} />
      <Text size="sm">
        <VisuallyHidden>{label}: </VisuallyHidden>
        {children}
      </Text>
    </Group>
  );
}

/** One open batch: subject, teacher, days and times, dates, and how many seats are left; its name leads to its page, Apply to the form with it chosen. */
export function BatchCard({ batch }: { batch: CourseBatch }) {
  const { t } = useLingui();
  const lp = useLocalizedPath();
  const names = useLocalNames();
  const seats = seatsStatus(batch.seatsLeft, batch.capacity);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={batch.name} h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          {/* minWidth 0 lets a long batch name wrap instead of pushing the seats badge off a phone's screen. */}
          <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Title order={3} size="h4">
              <Anchor component={Link} to={lp(coursePagePath(batch.slug))} inherit>
                {batch.name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {names.subject(batch.subject)}
            </Text>
          </div>
          <Badge color={seats.color} variant="light" style={{ flex: 'none' }}>
            {seats.label}
          </Badge>
        </Group>
        <Stack gap={6}>
          <Detail icon={IconClock} label={t`Timings`}>
            {batchTimings(batch)}
          </Detail>
          <Detail icon={IconCalendarEvent} label={t`Dates`}>
            {batchDates(batch)}
          </Detail>
          <Detail icon={IconUser} label={t`Teacher`}>
            {batch.teacherName}
          </Detail>
          {batch.fees.length > 0 ? (
            <Detail icon={IconCurrencyRupee} label={t`Fees`}>
              <CourseFees fees={batch.fees} />
            </Detail>
          ) : null}
        </Stack>
        {/* A full batch still takes applications: the office keeps a waiting list and calls back. */}
        <Button component={Link} to={lp(applyForCoursePath(batch.slug))} variant="light" size="sm" mt="auto" aria-label={t`Apply for this batch: ${batch.name}`}>
          <Trans>Apply for this batch</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
