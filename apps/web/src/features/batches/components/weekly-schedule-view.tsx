import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { WeeklySchedule } from '@academy/shared/schemas/batches';
import { formatClassTime, sortByWeekday, weekdayInTimeZone, weekdayName } from '../../../lib/schedule-display';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

/** The week day by day (a seven-column grid from 992 px), today's day highlighted. */
export function WeeklyScheduleView({ schedule, now = new Date() }: { schedule: WeeklySchedule; now?: Date }) {
  const { t } = useLingui();
  const names = useLocalNames();
  const today = weekdayInTimeZone(schedule.timeZone, now);
  return (
    <SimpleGrid cols={{ base: 1, md: 7 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Weekly schedule`}>
      {sortByWeekday(schedule.days).map(({ day, classes }) => {
        const isToday = day === today;
        return (
          <Card
            key={day}
            component="li"
            withBorder
            radius="md"
            padding="sm"
            aria-current={isToday ? 'date' : undefined}
            aria-label={isToday ? t`${weekdayName(day)} (today)` : weekdayName(day)}
            bg={isToday ? 'var(--mantine-primary-color-light)' : undefined}
            style={{ minWidth: 0, borderColor: isToday ? 'var(--mantine-primary-color-filled)' : undefined }}
          >
            <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
              <Title order={2} size="h5">
                {weekdayName(day)}
              </Title>
              {isToday ? (
                <Badge size="sm" tt="none" style={{ flexShrink: 0 }}>
                  <Trans>Today</Trans>
                </Badge>
              ) : null}
            </Group>
            {classes.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>No classes</Trans>
              </Text>
            ) : (
              <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                {classes.map((item) => (
                  <Stack key={`${item.batchId}-${item.startTime}`} component="li" gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={600}>
                      {formatClassTime(item.startTime, item.endTime)}
                    </Text>
                    <Text size="sm">{names.subject(item.subject)}</Text>
                    <Text size="xs" c="dimmed">
                      {item.batchName} · {item.teacherName}
                    </Text>
                  </Stack>
                ))}
              </Stack>
            )}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
