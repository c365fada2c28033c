import { ActionIcon, Anchor, Badge, Card, Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconPencil, IconSelector, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Subject } from '@academy/shared/schemas/subjects';
import type { SortDirection, SubjectSortKey } from '../subject-list';
import { Trans, useLingui } from '@lingui/react/macro';
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

function RowActions({ subject, onDelete }: { subject: Subject; onDelete: (subject: Subject) => void }) {
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon component={Link} to={`/app/subjects/${subject._id}/edit`} variant="subtle" size="lg" aria-label={t`Edit ${subject.name}`}>
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={t`Delete ${subject.name}`} onClick={() => onDelete(subject)}>
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
  const { t } = useLingui();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Subjects`}>
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
            <SortHeader label={t`Name`} sortKey="name" sort={sort} onSort={onSort} />
            <SortHeader label={t`Code`} sortKey="code" sort={sort} onSort={onSort} />
            <Table.Th>
              <Trans>Description</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Used by</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
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
