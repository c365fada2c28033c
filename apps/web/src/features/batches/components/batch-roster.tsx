import { ActionIcon, Anchor, Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUserMinus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { EnrolledStudent } from '@academy/shared/schemas/batches';
import { StudentPhone } from '../../../components/ui/student-phone';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';
import { TableScroll } from '../../../components/ui/table-scroll';

interface BatchRosterProps {
  students: EnrolledStudent[];
  /** Given on the admin's screen: a remove button per student (the caller asks for confirmation). */
  onRemove?: (student: EnrolledStudent) => void;
  /** Where a student's name links to (the admin's student page); plain text without it. */
  studentHref?: (student: EnrolledStudent) => string;
  /** Given on the admin's screen: a checkbox per student, to act on several at once (move them). */
  selection?: RosterSelection;
  empty: string;
}

export interface RosterSelection {
  selected: ReadonlySet<string>;
  onToggle: (student: EnrolledStudent) => void;
}

function ChooseBox({ student, selection }: { student: EnrolledStudent; selection: RosterSelection }) {
  const { t } = useLingui();
  return <Checkbox checked={selection.selected.has(student._id)} onChange={() => selection.onToggle(student)} aria-label={t`Choose ${student.name}`} size="md" />;
}

function StudentName({ student, studentHref }: { student: EnrolledStudent; studentHref?: (student: EnrolledStudent) => string }) {
  return studentHref ? (
    <Anchor component={Link} to={studentHref(student)} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {student.name}
    </Anchor>
  ) : (
    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
      {student.name}
    </Text>
  );
}

function RemoveButton({ student, onRemove }: { student: EnrolledStudent; onRemove: (student: EnrolledStudent) => void }) {
  const { t } = useLingui();
  return (
    <ActionIcon variant="subtle" color="red" size="lg" aria-label={t`Remove ${student.name}`} onClick={() => onRemove(student)}>
      <IconUserMinus size={18} aria-hidden="true" />
    </ActionIcon>
  );
}

/** One student on a phone: a card with the name, standard, both phones, and the choose and remove controls. */
function RosterCard({ student, onRemove, studentHref, selection }: { student: EnrolledStudent } & Pick<BatchRosterProps, 'onRemove' | 'studentHref' | 'selection'>) {
  const { t } = useLingui();
  const names = useLocalNames();
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          {selection ? <ChooseBox student={student} selection={selection} /> : null}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <StudentName student={student} studentHref={studentHref} />
            <Text size="sm" c="dimmed">
              {student.standard ? names.standard(student.standard) : t`No standard`}
            </Text>
          </Stack>
        </Group>
        {onRemove ? <RemoveButton student={student} onRemove={onRemove} /> : null}
      </Group>
      <Group gap="md" mt={4}>
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            <Trans>Student</Trans>
          </Text>
          <StudentPhone phone={student.phone} label={student.name} />
        </Group>
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            <Trans>Parent</Trans>
          </Text>
          <StudentPhone phone={student.parentPhone} label={t`the parent of ${student.name}`} />
        </Group>
      </Group>
    </Card>
  );
}

/** The students of a batch with their phones to call: a table on wide screens, cards on phones. */
export function BatchRoster({ students, onRemove, studentHref, selection, empty }: BatchRosterProps) {
  const { t } = useLingui();
  const names = useLocalNames();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  if (students.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }

  if (!wide) {
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Enrolled students`}>
        {students.map((student) => (
          <RosterCard key={student._id} student={student} onRemove={onRemove} studentHref={studentHref} selection={selection} />
        ))}
      </Stack>
    );
  }

  return (
    <TableScroll minWidth={640}>
      <Table verticalSpacing="xs" highlightOnHover aria-label={t`Enrolled students`}>
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={44}>
                <VisuallyHidden><Trans>Choose</Trans></VisuallyHidden>
              </Table.Th>
            ) : null}
            <Table.Th><Trans>Name</Trans></Table.Th>
            <Table.Th><Trans>Standard</Trans></Table.Th>
            <Table.Th><Trans>Phone</Trans></Table.Th>
            <Table.Th><Trans>Parent phone</Trans></Table.Th>
            {onRemove ? (
              <Table.Th>
                <VisuallyHidden><Trans>Actions</Trans></VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => (
            <Table.Tr key={student._id} bg={selection?.selected.has(student._id) ? 'var(--mantine-primary-color-light)' : undefined}>
              {selection ? (
                <Table.Td>
                  <ChooseBox student={student} selection={selection} />
                </Table.Td>
              ) : null}
              <Table.Td>
                <StudentName student={student} studentHref={studentHref} />
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {student.email ?? t`No email`}
                </Text>
              </Table.Td>
              <Table.Td>{student.standard ? names.standard(student.standard) : '—'}</Table.Td>
              <Table.Td>
                <StudentPhone phone={student.phone} label={student.name} />
              </Table.Td>
              <Table.Td>
                <StudentPhone phone={student.parentPhone} label={t`the parent of ${student.name}`} />
              </Table.Td>
              {onRemove ? (
                <Table.Td>
                  <Group justify="flex-end">
                    <RemoveButton student={student} onRemove={onRemove} />
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
