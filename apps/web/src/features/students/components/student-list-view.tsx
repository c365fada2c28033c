import { ActionIcon, Anchor, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconPencil, IconSelector } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { StudentListItem } from '@academy/shared/schemas/students';
import { PhoneLink } from '../../../components/ui/phone-link';
import { formatDate } from '../../../lib/format-date';
import type { SortOrder, StudentSort } from '../student-list-query';
import { StudentStatusBadge } from './student-status-badge';
import { Trans, useLingui } from '@lingui/react/macro';

interface StudentListViewProps {
  students: StudentListItem[];
  sort: StudentSort;
  order: SortOrder;
  onSort: (sort: StudentSort) => void;
}

function batchNames(student: StudentListItem, none: string) {
  return student.batches.length > 0 ? student.batches.map((batch) => batch.name).join(', ') : none;
}

function SortHeader({ label, sortKey, sort, order, onSort }: { label: string; sortKey: StudentSort } & Omit<StudentListViewProps, 'students'>) {
  const active = sort === sortKey;
  const SortIcon = !active ? IconSelector : order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => onSort(sortKey)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <SortIcon size={14} aria-hidden="true" />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The students as a table on wide screens and as cards on phones. */
export function StudentListView({ students, sort, order, onSort }: StudentListViewProps) {
  const { t } = useLingui();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Students`}>
        {students.map((student) => (
          <Card key={student._id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/app/students/${student._id}`} fw={600}>
                  {student.name}
                </Anchor>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {student.studentCode} · {student.email ?? t`No email`}
                </Text>
              </Stack>
              <StudentStatusBadge status={student.status} />
            </Group>
            <Text size="sm" mt="xs">
              {student.standard?.name ?? t`No standard`}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {batchNames(student, t`No batches`)}
            </Text>
            <Group mt="xs" gap="md">
              <PhoneLink phone={student.phone} />
              {student.parentPhone ? (
                <Text size="sm" c="dimmed" span>
                  <Trans>
                    Parent <PhoneLink phone={student.parentPhone} />
                  </Trans>
                </Text>
              ) : null}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={t`Name`} sortKey="name" sort={sort} order={order} onSort={onSort} />
            <Table.Th>
              <Trans>Phone</Trans>
            </Table.Th>
            <SortHeader label={t`Standard`} sortKey="standardLevel" sort={sort} order={order} onSort={onSort} />
            <Table.Th>
              <Trans>Batches</Trans>
            </Table.Th>
            <SortHeader label={t`Added`} sortKey="createdAt" sort={sort} order={order} onSort={onSort} />
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => (
            <Table.Tr key={student._id}>
              <Table.Td>
                <Anchor component={Link} to={`/app/students/${student._id}`} fw={600}>
                  {student.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {student.studentCode} · {student.email ?? t`No email`}
                </Text>
              </Table.Td>
              <Table.Td>
                <PhoneLink phone={student.phone} />
              </Table.Td>
              <Table.Td>{student.standard?.name ?? '—'}</Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" lineClamp={2}>
                  {batchNames(student, t`No batches`)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(student.createdAt)}</Table.Td>
              <Table.Td miw={96}>
                <StudentStatusBadge status={student.status} />
              </Table.Td>
              <Table.Td>
                <ActionIcon component={Link} to={`/app/students/${student._id}/edit`} variant="subtle" size="lg" aria-label={t`Edit ${student.name}`}>
                  <IconPencil size={18} aria-hidden="true" />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
