import { Avatar, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TeacherStudent } from '@academy/shared/schemas/teachers';
import { NameBadges } from '../../../components/ui/name-badges';
import { StudentPhone } from '../../../components/ui/student-phone';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';
import { TableHead } from '../../../components/ui/table-head';
import { TableScroll } from '../../../components/ui/table-scroll';

function BatchBadges({ student }: { student: TeacherStudent }) {
  const { t } = useLingui();
  return <NameBadges label={t`Batches of ${student.name}`} items={student.batches} />;
}

function Person({ student }: { student: TeacherStudent }) {
  const { t } = useLingui();
  const names = useLocalNames();
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar src={student.avatarUrl} name={student.name} color="initials" radius="xl" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {student.name}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {student.standard ? names.standard(student.standard) : t`No standard`} · {student.email ?? t`No email`}
        </Text>
      </Stack>
    </Group>
  );
}

/** The teacher's students: cards on phones, a table on wider screens. */
export function MyStudentsView({ students }: { students: TeacherStudent[] }) {
  const { t } = useLingui();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Students`}>
        {students.map((student) => (
          <Card key={student._id} component="li" withBorder radius="md" padding="md">
            <Person student={student} />
            <Stack gap={2} mt="sm">
              <Group justify="space-between" wrap="wrap" gap="xs" style={{ rowGap: 0 }}>
                <Text size="sm" c="dimmed">
                  <Trans>Student</Trans>
                </Text>
                <StudentPhone phone={student.phone} label={student.name} />
              </Group>
              <Group justify="space-between" wrap="wrap" gap="xs" style={{ rowGap: 0 }}>
                <Text size="sm" c="dimmed">
                  {student.parentName ? t`Parent: ${student.parentName}` : t`Parent`}
                </Text>
                <StudentPhone phone={student.parentPhone} label={student.parentName ?? t`${student.name}'s parent`} />
              </Group>
            </Stack>
            <Group mt="sm">
              <BatchBadges student={student} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableScroll minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <TableHead
          headings={[
            { label: <Trans>Student</Trans> },
            { label: <Trans>Phone</Trans> },
            { label: <Trans>Parent</Trans> },
            { label: <Trans>Batches</Trans> },
          ]}
        />
        <Table.Tbody>
          {students.map((student) => (
            <Table.Tr key={student._id}>
              <Table.Td maw={320}>
                <Person student={student} />
              </Table.Td>
              <Table.Td>
                <StudentPhone phone={student.phone} label={student.name} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{student.parentName ?? '—'}</Text>
                {student.parentPhone ? <StudentPhone phone={student.parentPhone} label={student.parentName ?? t`${student.name}'s parent`} /> : null}
              </Table.Td>
              <Table.Td>
                <BatchBadges student={student} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
