import { ActionIcon, Anchor, Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Teacher } from '@academy/shared/schemas/teachers';
import { PhoneLink } from '../../../components/ui/phone-link';
import { TeacherStatusBadge } from './teacher-status-badge';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

interface TeacherListViewProps {
  teachers: Teacher[];
  onDelete: (teacher: Teacher) => void;
}

function SubjectBadges({ teacher }: { teacher: Teacher }) {
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
          {subject.name}
        </Badge>
      ))}
    </Group>
  );
}

function RowActions({ teacher, onDelete }: { teacher: Teacher; onDelete: (teacher: Teacher) => void }) {
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon component={Link} to={`/app/teachers/${teacher._id}/edit`} variant="subtle" size="lg" aria-label={t`Edit ${teacher.name}`}>
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={t`Delete ${teacher.name}`} onClick={() => onDelete(teacher)}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

function batchCountText(count: number) {
  return plural(count, { one: '# batch', other: '# batches' });
}

/** The teachers as a table on wide screens and as cards on phones. */
export function TeacherListView({ teachers, onDelete }: TeacherListViewProps) {
  const { t } = useLingui();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Teachers`}>
        {teachers.map((teacher) => (
          <Card key={teacher._id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/app/teachers/${teacher._id}`} fw={600}>
                  {teacher.name}
                </Anchor>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {teacher.email}
                </Text>
                <PhoneLink phone={teacher.phone} />
              </Stack>
              <RowActions teacher={teacher} onDelete={onDelete} />
            </Group>
            <Group mt="sm" gap="xs">
              <TeacherStatusBadge status={teacher.status} />
              <Text size="sm" c="dimmed">
                {batchCountText(teacher.batchCount)}
              </Text>
            </Group>
            <Group mt="xs">
              <SubjectBadges teacher={teacher} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Phone</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Subjects</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Batches</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teachers.map((teacher) => (
            <Table.Tr key={teacher._id}>
              <Table.Td>
                <Anchor component={Link} to={`/app/teachers/${teacher._id}`} fw={600}>
                  {teacher.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {teacher.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <PhoneLink phone={teacher.phone} />
              </Table.Td>
              <Table.Td maw={280}>
                <SubjectBadges teacher={teacher} />
              </Table.Td>
              <Table.Td>{teacher.batchCount}</Table.Td>
              <Table.Td miw={96}>
                <TeacherStatusBadge status={teacher.status} />
              </Table.Td>
              <Table.Td>
                <RowActions teacher={teacher} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
