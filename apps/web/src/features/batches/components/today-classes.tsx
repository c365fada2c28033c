import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { clockIn } from '@academy/shared/calendar';
import { type Weekday } from '@academy/shared/schedule';
import type { WeeklySchedule } from '@academy/shared/schemas/batches';
import { formatClassTime, nextClass, todaysClasses, weekdayName, type ClassState } from '../../../lib/schedule-display';
import { useLocalNames } from '../../../lib/public-settings';
import { formatTime } from '../../../lib/format-date';

const STATE_BADGES: Record<ClassState, { label: MessageDescriptor; color: string }> = {
  done: { label: msg`Over`, color: 'gray' },
  now: { label: msg`Now`, color: 'teal' },
  later: { label: msg`Later today`, color: 'blue' },
  closed: { label: msg`Closed`, color: 'orange' },
};

/** "Marked at 5:05 PM · 27/30 present" (the time where the academy is). */
function MarkedText({ marked, timeZone }: { marked: WeeklySchedule['markedToday'][number]; timeZone: string }) {
  const time = formatTime(clockIn(timeZone, new Date(marked.markedAt)));
  const { inClass, total } = marked;
  return (
    <Trans>
      Marked at {time} · {inClass}/{total} present
    </Trans>
  );
}

interface TodayClassesProps {
  schedule: WeeklySchedule;
  /** The teacher's dashboard: a "Mark attendance" link per class. */
  attendanceHref?: (batchId: string) => string;
  /** Shown when today has no class. */
  emptyText: string;
  now?: Date;
}

/** Today's classes in the academy's time zone, each marked over, running or later. */
export function TodayClasses({ schedule, attendanceHref, emptyText, now = new Date() }: TodayClassesProps) {
  const today = todaysClasses(schedule, now);
  const marked = new Map(schedule.markedToday.map((entry) => [entry.batchId, entry]));
  const names = useLocalNames();
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-label={t`Today's classes`}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            <Trans>Today&apos;s classes</Trans>
          </Title>
          {today.day ? (
            <Text size="sm" c="dimmed">
              {weekdayName(today.day)}
            </Text>
          ) : null}
        </Group>
        {today.classes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {today.classes.map((item) => (
              <Card key={`${item.batchId}-${item.startTime}`} component="li" withBorder radius="md" padding="sm" bg={item.state === 'done' || item.state === 'closed' ? 'gray.0' : undefined}>
                <Group justify="space-between" align="center" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                    <Group gap="xs">
                      <Text fw={600}>{formatClassTime(item.startTime, item.endTime)}</Text>
                      <Badge size="sm" variant="light" color={STATE_BADGES[item.state].color} tt="none">
                        {i18n._(STATE_BADGES[item.state].label)}
                      </Badge>
                    </Group>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {names.subject(item.subject)} · {item.batchName}
                    </Text>
                    {attendanceHref ? null : (
                      <Text size="xs" c="dimmed">
                        {item.teacherName}
                      </Text>
                    )}
                    {item.closure ? (
                      <Text size="sm" c="orange.9">
                        <Trans>No class: {item.closure.title}</Trans>
                      </Text>
                    ) : null}
                    {attendanceHref && marked.get(item.batchId) ? (
                      <Text size="sm" c="teal.9" fw={500}>
                        <MarkedText marked={marked.get(item.batchId)!} timeZone={schedule.timeZone} />
                      </Text>
                    ) : null}
                  </Stack>
                  {attendanceHref && !item.closure ? (
                    <Button
                      component={Link}
                      to={attendanceHref(item.batchId)}
                      size="xs"
                      variant={marked.has(item.batchId) ? 'subtle' : 'light'}
                      leftSection={<IconChecklist size={16} aria-hidden="true" />}
                      aria-label={marked.has(item.batchId) ? t`View attendance: ${item.batchName}` : t`Mark attendance: ${item.batchName}`}
                    >
                      {marked.has(item.batchId) ? <Trans>View attendance</Trans> : <Trans>Mark attendance</Trans>}
                    </Button>
                  ) : null}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

const TODAY = msg`Today`;
const TOMORROW = msg`Tomorrow`;

function whenText(daysAhead: number, day: Weekday, i18n: ReturnType<typeof useLinguiRuntime>['i18n']) {
  if (daysAhead === 0) return i18n._(TODAY);
  if (daysAhead === 1) return i18n._(TOMORROW);
  const name = weekdayName(day);
  return daysAhead === 7 ? i18n._(msg`Next ${name}`) : name;
}

/** The next class to start, in words: "Tomorrow, 7:00 AM – 8:30 AM · Maths (10th Maths Morning)". */
export function NextClassCard({ schedule, now = new Date() }: { schedule: WeeklySchedule; now?: Date }) {
  const next = nextClass(schedule, now);
  const names = useLocalNames();
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-label={t`Next class`}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          <Trans>Next class</Trans>
        </Text>
        {next ? (
          <>
            <Text fw={700} size="lg">
              {whenText(next.daysAhead, next.day, i18n)}, {formatClassTime(next.item.startTime, next.item.endTime)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {names.subject(next.item.subject)} · {next.item.batchName}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>No class in the week ahead.</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
