import { ActionIcon, Anchor, Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Standard } from '@academy/shared/schemas/standards';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

interface StandardListViewProps {
  standards: Standard[];
  onDelete: (standard: Standard) => void;
}

function SubjectBadges({ standard }: { standard: Pick<Standard, 'name' | 'subjects'> }) {
  const { t } = useLingui();
  if (standard.subjects.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No subjects</Trans>
      </Text>
    );
  }
  return (
    <Group gap={6} role="list" aria-label={t`Subjects in ${standard.name}`}>
      {standard.subjects.map((subject) => (
        <Badge key={subject._id} role="listitem" variant="light" radius="sm" tt="none" fw={500}>
          {subject.name}
        </Badge>
      ))}
    </Group>
  );
}

function RowActions({ standard, onDelete }: { standard: Standard; onDelete: (standard: Standard) => void }) {
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon component={Link} to={`/app/standards/${standard._id}/edit`} variant="subtle" size="lg" aria-label={t`Edit ${standard.name}`}>
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={t`Delete ${standard.name}`} onClick={() => onDelete(standard)}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

/** The standards as a table on wide screens and as cards on phones. */
export function StandardListView({ standards, onDelete }: StandardListViewProps) {
  const { t } = useLingui();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Standards`}>
        {standards.map((standard) => (
          <Card key={standard._id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/app/standards/${standard._id}`} fw={600}>
                  {standard.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {t`Level ${standard.level}`} · {plural(standard.studentCount, { one: '# student', other: '# students' })} · {plural(standard.batchCount, { one: '# batch', other: '# batches' })}
                </Text>
              </Stack>
              <RowActions standard={standard} onDelete={onDelete} />
            </Group>
            <Group mt="sm">
              <SubjectBadges standard={standard} />
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
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Level</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Subjects</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Students</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Batches</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {standards.map((standard) => (
            <Table.Tr key={standard._id}>
              <Table.Td>
                <Anchor component={Link} to={`/app/standards/${standard._id}`} fw={600}>
                  {standard.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{standard.level}</Table.Td>
              <Table.Td maw={360}>
                <SubjectBadges standard={standard} />
              </Table.Td>
              <Table.Td ta="right">{standard.studentCount}</Table.Td>
              <Table.Td ta="right">{standard.batchCount}</Table.Td>
              <Table.Td>
                <RowActions standard={standard} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
