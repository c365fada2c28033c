import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { formatDate } from '../../../lib/format-date';

/** The five students added last, each opening their record. */
export function RecentStudents({ students }: { students: AdminDashboardSummary['recentStudents'] }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="recent-students-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="recent-students-heading">
          Recent students
        </Title>
        <Anchor component={Link} to="/app/students" size="sm">
          All students
        </Anchor>
      </Group>
      {students.length === 0 ? (
        <Text size="sm" c="dimmed">
          No students yet.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {students.map((student) => (
            <Group
              key={student._id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/app/students/${student._id}`} fw={600} truncate>
                  {student.name}
                </Anchor>
                <Text size="sm" c="dimmed" truncate>
                  {student.standard ? student.standard.name : 'No standard'} · {student.email}
                </Text>
              </Stack>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }} title="Admission date">
                {formatDate(student.admissionDate)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
