import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SegmentedRadios } from '../../../components/ui/segmented-radios';
import { memo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEMO_STATUSES, type DemoStatus } from '@academy/shared/demo-statuses';
import type { AttendanceDemo } from '@academy/shared/schemas/demo-classes';
import { STATUS_COLORS } from '../../../lib/attendance-display';
import { useStatusLabel } from '../status-labels';

export type DemoMarks = Record<string, DemoStatus>;

/** An unmarked demo student starts present, as the batch's students do; a marked one as recorded. */
export function initialDemoMarks(demos: readonly AttendanceDemo[], kept?: DemoMarks): DemoMarks {
  return Object.fromEntries(demos.map((demo) => [demo._id, kept?.[demo._id] ?? demo.status ?? 'present']));
}

export function sameDemoMarks(a: DemoMarks, b: DemoMarks): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

const DemoRow = memo(function DemoRow({ demo, status, onChange }: { demo: AttendanceDemo; status: DemoStatus; onChange: (demoId: string, status: DemoStatus) => void }) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const name = demo.name;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={name} style={{ borderStyle: 'dashed' }}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Badge variant="light" color="grape" tt="none" style={{ flexShrink: 0 }}>
            <Trans>Demo</Trans>
          </Badge>
        </Group>
        <SegmentedRadios
          // The sheet's form field (decision 075; mark-attendance-form.tsx).
          name={`demo.${demo._id}`}
          label={t`Attendance of ${name} (demo class)`}
          options={DEMO_STATUSES.map((value) => ({ value, label: statusLabel(value), color: STATUS_COLORS[value] }))}
          value={status}
          onChange={(value) => onChange(demo._id, value as DemoStatus)}
        />
      </Stack>
    </Paper>
  );
});

/**
 * The day's demo students (issue 41), under the batch's own: enquiries the office booked into this
 * class, marked present or absent with the day. Apart from the students on purpose: they are not in the
 * batch, and no count, report or alert of the batch includes them.
 */
export function DemoStudents({ demos, marks, onChange }: { demos: readonly AttendanceDemo[]; marks: DemoMarks; onChange: (demoId: string, status: DemoStatus) => void }) {
  const { t } = useLingui();
  if (demos.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t`Demo class`} data-testid="demo-students">
      <div>
        <Title order={2} size="h5">
          <Trans>Demo class</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Booked by the office to try this class. Not counted in the batch’s attendance.</Trans>
        </Text>
      </div>
      <SimpleGrid component="ul" cols={{ base: 1, lg: 2 }} spacing="xs" verticalSpacing="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {demos.map((demo) => (
          <DemoRow key={demo._id} demo={demo} status={marks[demo._id] ?? 'present'} onChange={onChange} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
