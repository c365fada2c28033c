import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Subject } from '@academy/shared/schemas/subjects';
import { NameInReadersLanguage } from '../../../components/ui/names-in-languages';
import { ListView, RowActions, type ListColumn } from '../../../components/list-kit';
import type { SortDirection, SubjectSortKey } from '../subject-list';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

interface SubjectListViewProps {
  subjects: Subject[];
  sort: { key: SubjectSortKey; direction: SortDirection };
  onSort: (key: SubjectSortKey) => void;
  onDelete: (subject: Subject) => void;
}

function UsageBadges({ subject }: { subject: Subject }) {
  const items = [
    { key: 'standards', count: subject.standardCount, text: plural(subject.standardCount, { one: '# standard', other: '# standards' }) },
    { key: 'batches', count: subject.batchCount, text: plural(subject.batchCount, { one: '# batch', other: '# batches' }) },
    { key: 'teachers', count: subject.teacherCount, text: plural(subject.teacherCount, { one: '# teacher', other: '# teachers' }) },
  ];
  return (
    <Group gap={6}>
      {items.map((item) => (
        <Badge key={item.key} variant={item.count > 0 ? 'light' : 'outline'} color={item.count > 0 ? 'indigo' : 'gray'} tt="none" fw={500} radius="sm">
          {item.text}
        </Badge>
      ))}
    </Group>
  );
}

/** The subjects as a table on wide screens and as cards on phones. */
export function SubjectListView({ subjects, sort, onSort, onDelete }: SubjectListViewProps) {
  const { t } = useLingui();
  const columns: ListColumn<Subject>[] = [
    {
      key: 'name',
      header: t`Name`,
      sortKey: 'name',
      card: 'title',
      cell: (subject) => (
        <>
          <Anchor component={Link} to={`/app/subjects/${subject._id}`} fw={600}>
            {subject.name}
          </Anchor>
          <NameInReadersLanguage names={subject.names} />
        </>
      ),
    },
    {
      key: 'code',
      header: t`Code`,
      sortKey: 'code',
      card: 'subtitle',
      cell: (subject) => <Text ff="monospace" size="sm" c="dimmed" span>{subject.code}</Text>,
    },
    {
      key: 'description',
      header: t`Description`,
      maw: 320,
      cell: (subject) => (
        <Text size="sm" lineClamp={2} c={subject.description ? undefined : 'dimmed'}>
          {subject.description || '—'}
        </Text>
      ),
      // A card leaves out a missing description rather than showing a dash.
      cardCell: (subject) =>
        subject.description ? (
          <Text size="sm" lineClamp={2}>
            {subject.description}
          </Text>
        ) : null,
    },
    { key: 'usage', header: t`Used by`, cell: (subject) => <UsageBadges subject={subject} /> },
  ];
  return (
    <ListView
      rows={subjects}
      columns={columns}
      label={t`Subjects`}
      minWidth={720}
      wideFrom="48em"
      sort={{ key: sort.key, order: sort.direction, onSort: (key) => onSort(key as SubjectSortKey) }}
      actions={(subject) => <RowActions name={subject.name} editTo={`/app/subjects/${subject._id}/edit`} onDelete={() => onDelete(subject)} />}
    />
  );
}
