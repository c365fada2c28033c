import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StudentListItem } from '@academy/shared/schemas/students';
import { ListView, RowActions, titleColumns, type ListColumn } from '../../../components/list-kit';
import { PhoneLink } from '../../../components/ui/phone-link';
import { formatDate } from '../../../lib/format-date';
import type { SortOrder, StudentSort } from '../student-list-query';
import { StudentStatusBadge } from './student-status-badge';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

interface StudentListViewProps {
  students: StudentListItem[];
  sort: StudentSort;
  order: SortOrder;
  onSort: (sort: StudentSort) => void;
}

/** The students as a table on wide screens and as cards on phones. */
export function StudentListView({ students, sort, order, onSort }: StudentListViewProps) {
  const { t } = useLingui();
  const names = useLocalNames();
  const batchNames = (student: StudentListItem) => (student.batches.length > 0 ? student.batches.map((batch) => batch.name).join(', ') : t`No batches`);
  const name = (student: StudentListItem) => (
    <Anchor component={Link} to={`/app/students/${student._id}`} fw={600}>
      {student.name}
    </Anchor>
  );
  const codeAndEmail = (student: StudentListItem) => (
    <Text size="sm" c="dimmed">
      {student.studentCode} · {student.email ?? t`No email`}
    </Text>
  );
  const columns: ListColumn<StudentListItem>[] = [
    ...titleColumns({ key: 'name', header: t`Name`, sortKey: 'name', title: name, subtitle: codeAndEmail, subtitleKey: 'code-email' }),
    {
      key: 'phone',
      header: t`Phone`,
      cell: (student) => <PhoneLink phone={student.phone} />,
      cardCell: (student) => (
        <Group gap="md">
          <PhoneLink phone={student.phone} />
          {student.parentPhone ? (
            <Text size="sm" c="dimmed" span>
              <Trans>
                Parent <PhoneLink phone={student.parentPhone} />
              </Trans>
            </Text>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'standard',
      header: t`Standard`,
      sortKey: 'standardLevel',
      cell: (student) => (student.standard ? names.standard(student.standard) : '—'),
      cardCell: (student) => (
        <>
          <Text size="sm">{student.standard ? names.standard(student.standard) : t`No standard`}</Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {batchNames(student)}
          </Text>
        </>
      ),
    },
    {
      key: 'batches',
      header: t`Batches`,
      maw: 240,
      card: 'hidden',
      cell: (student) => (
        <Text size="sm" lineClamp={2}>
          {batchNames(student)}
        </Text>
      ),
    },
    { key: 'added', header: t`Added`, sortKey: 'createdAt', card: 'hidden', nowrap: true, cell: (student) => formatDate(student.createdAt) },
    { key: 'status', header: t`Status`, card: 'aside', miw: 96, cell: (student) => <StudentStatusBadge status={student.status} /> },
  ];
  return (
    <ListView
      rows={students}
      columns={columns}
      label={t`Students`}
      minWidth={900}
      sort={{ key: sort, order, onSort: (key) => onSort(key as StudentSort) }}
      actions={(student) => <RowActions name={student.name} editTo={`/app/students/${student._id}/edit`} />}
    />
  );
}
