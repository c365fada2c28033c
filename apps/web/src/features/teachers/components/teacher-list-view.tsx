import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Teacher } from '@academy/shared/schemas/teachers';
import { ListView, RowActions, titleColumns, type ListColumn } from '../../../components/list-kit';
import { PhoneLink } from '../../../components/ui/phone-link';
import { TeacherStatusBadge } from './teacher-status-badge';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useLocalNames } from '../../../lib/public-settings';

interface TeacherListViewProps {
  teachers: Teacher[];
  onDelete: (teacher: Teacher) => void;
}

function SubjectBadges({ teacher }: { teacher: Teacher }) {
  const names = useLocalNames();
  if (teacher.subjects.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No subjects</Trans>
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {teacher.subjects.map((subject) => (
        <Badge key={subject._id} variant="outline" color="indigo" tt="none" fw={500} radius="sm">
          {names.subject(subject)}
        </Badge>
      ))}
    </Group>
  );
}

/** The teachers as a table on wide screens and as cards on phones. */
export function TeacherListView({ teachers, onDelete }: TeacherListViewProps) {
  const { t } = useLingui();
  const name = (teacher: Teacher) => (
    <Anchor component={Link} to={`/app/teachers/${teacher._id}`} fw={600}>
      {teacher.name}
    </Anchor>
  );
  const email = (teacher: Teacher) => (
    <Text size="sm" c="dimmed">
      {teacher.email}
    </Text>
  );
  const columns: ListColumn<Teacher>[] = [
    ...titleColumns({ key: 'name', header: t`Name`, title: name, subtitle: email, subtitleKey: 'email' }),
    { key: 'phone', header: t`Phone`, card: 'subtitle', cell: (teacher) => <PhoneLink phone={teacher.phone} /> },
    { key: 'subjects', header: t`Subjects`, maw: 280, cell: (teacher) => <SubjectBadges teacher={teacher} /> },
    {
      key: 'batches',
      header: t`Batches`,
      cell: (teacher) => teacher.batchCount,
      cardCell: (teacher) => (
        <Group gap="xs">
          <TeacherStatusBadge status={teacher.status} />
          <Text size="sm" c="dimmed">
            {plural(teacher.batchCount, { one: '# batch', other: '# batches' })}
          </Text>
        </Group>
      ),
    },
    { key: 'status', header: t`Status`, miw: 96, card: 'hidden', cell: (teacher) => <TeacherStatusBadge status={teacher.status} /> },
  ];
  return (
    <ListView
      rows={teachers}
      columns={columns}
      label={t`Teachers`}
      minWidth={860}
      actions={(teacher) => <RowActions name={teacher.name} editTo={`/app/teachers/${teacher._id}/edit`} onDelete={() => onDelete(teacher)} />}
    />
  );
}
