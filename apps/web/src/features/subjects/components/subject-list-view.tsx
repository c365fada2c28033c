import { ActionIcon, Anchor, Badge, Card, Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconPencil, IconSelector, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Subject } from '@academy/shared/schemas/subjects';
import type { SortDirection, SubjectSortKey } from '../subject-list';

interface SubjectListViewProps {
  subjects: Subject[];
  sort: { key: SubjectSortKey; direction: SortDirection };
  onSort: (key: SubjectSortKey) => void;
  onDelete: (subject: Subject) => void;
}

function UsageBadges({ subject }: { subject: Subject }) {
  const items = [
    { label: subject.standardCount === 1 ? 'standard' : 'standards', count: subject.standardCount },
    { label: subject.batchCount === 1 ? 'batch' : 'batches', count: subject.batchCount },
    { label: subject.teacherCount === 1 ? 'teacher' : 'teachers', count: subject.teacherCount },
  ];
  return (
    <Group gap={6}>
      {items.map((item) => (
        <Badge key={item.label.slice(0, 5)} variant={item.count > 0 ? 'light' : 'outline'} color={item.count > 0 ? 'indigo' : 'gray'} tt="none" fw={500} radius="sm">
          {item.count} {item.label}
        </Badge>
      ))}
    </Group>
  );
}

function RowActions({ subject, onDelete }: { subject: Subject; onDelete: (subject: Subject) => void }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon component={Link} to={`/app/subjects/${subject._id}/edit`} variant="subtle" size="lg" aria-label={`Edit ${subject.name}`}>
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${subject.name}`} onClick={() => onDelete(subject)}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

function SortHeader({ label, sortKey, sort, onSort }: { label: string; sortKey: SubjectSortKey } & Pick<SubjectListViewProps, 'sort' | 'onSort'>) {
  const active = sort.key === sortKey;
  const SortIcon = !active ? IconSelector : sort.direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => onSort(sortKey)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <SortIcon size={14} aria-hidden="true" />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The subjects as a table on wide screens and as cards on phones. */
export function SubjectListView({ subjects, sort, onSort, onDelete }: SubjectListViewProps) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Subjects">
        {subjects.map((subject) => (
          <Card key={subject._id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/app/subjects/${subject._id}`} fw={600}>
                  {subject.name}
                </Anchor>
                <Text size="sm" c="dimmed" ff="monospace">
                  {subject.code}
                </Text>
              </Stack>
              <RowActions subject={subject} onDelete={onDelete} />
            </Group>
            {subject.description ? (
              <Text size="sm" mt="xs" lineClamp={2}>
                {subject.description}
              </Text>
            ) : null}
            <Group mt="sm">
              <UsageBadges subject={subject} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />
            <SortHeader label="Code" sortKey="code" sort={sort} onSort={onSort} />
            <Table.Th>Description</Table.Th>
            <Table.Th>Used by</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subjects.map((subject) => (
            <Table.Tr key={subject._id}>
              <Table.Td>
                <Anchor component={Link} to={`/app/subjects/${subject._id}`} fw={600}>
                  {subject.name}
                </Anchor>
              </Table.Td>
              <Table.Td ff="monospace">{subject.code}</Table.Td>
              <Table.Td maw={320}>
                <Text size="sm" lineClamp={2} c={subject.description ? undefined : 'dimmed'}>
                  {subject.description || '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <UsageBadges subject={subject} />
              </Table.Td>
              <Table.Td>
                <RowActions subject={subject} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
