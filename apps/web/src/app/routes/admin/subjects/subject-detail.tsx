import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { formatDate } from '../../../../lib/format-date';
import { SUBJECT_FAILURES, useSubject } from '../../../../features/subjects/api';
import { useConfirmDeleteSubject } from '../../../../features/subjects/components/use-confirm-delete-subject';
import { Trans, useLingui } from '@lingui/react/macro';

function UsedBy({ title, empty, children, count }: { title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Badge variant="light" tt="none">
          {count}
        </Badge>
      </Group>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {children}
        </Stack>
      )}
    </Paper>
  );
}

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const subject = useSubject(id);
  const confirmDelete = useConfirmDeleteSubject(() => void navigate('/app/subjects'));
  const data = subject.data;

  return (
    <>
      <PageHeader
        title={t`Subject Details`}
        description={data ? `${data.name} (${data.code})` : undefined}
        actions={
          data ? (
            <Group gap="sm">
              <Button component={Link} to={`/app/subjects/${data._id}/edit`} variant="light" leftSection={<IconPencil size={18} aria-hidden="true" />}>
                <Trans>Edit</Trans>
              </Button>
              <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={() => confirmDelete(data)}>
                <Trans>Delete</Trans>
              </Button>
            </Group>
          ) : null
        }
      />
      <Stack gap="lg" maw={960}>
        <Anchor component={Link} to="/app/subjects" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden="true" />
            <Trans>All subjects</Trans>
          </Group>
        </Anchor>
        {subject.isPending ? (
          <Skeleton h={240} radius="md" aria-hidden="true" />
        ) : subject.isError ? (
          <LoadErrorAlert title={t`The subject could not be loaded`} error={subject.error} fallback={SUBJECT_FAILURES.fetch} onRetry={() => void subject.refetch()} />
        ) : (
          <>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <div>
                  <Text size="sm" c="dimmed">
                    <Trans>Name</Trans>
                  </Text>
                  <Text fw={600}>{subject.data.name}</Text>
                </div>
                <div>
                  <Text size="sm" c="dimmed">
                    <Trans>Code</Trans>
                  </Text>
                  <Text fw={600} ff="monospace">
                    {subject.data.code}
                  </Text>
                </div>
                <div style={{ gridColumn: '1 / -1' }}>
                  <Text size="sm" c="dimmed">
                    <Trans>Description</Trans>
                  </Text>
                  <Text style={{ whiteSpace: 'pre-line' }}>{subject.data.description || t`No description.`}</Text>
                </div>
                <div>
                  <Text size="sm" c="dimmed">
                    <Trans>Created</Trans>
                  </Text>
                  <Text>{formatDate(subject.data.createdAt)}</Text>
                </div>
                <div>
                  <Text size="sm" c="dimmed">
                    <Trans>Last changed</Trans>
                  </Text>
                  <Text>{formatDate(subject.data.updatedAt)}</Text>
                </div>
              </SimpleGrid>
            </Paper>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
              <UsedBy title={t`Standards`} count={subject.data.standards.length} empty={t`No standard teaches it.`}>
                {subject.data.standards.map((standard) => (
                  <li key={standard._id}>
                    <Anchor component={Link} to={`/app/standards/${standard._id}`}>
                      {standard.name}
                    </Anchor>
                  </li>
                ))}
              </UsedBy>
              <UsedBy title={t`Batches`} count={subject.data.batches.length} empty={t`No batch teaches it.`}>
                {subject.data.batches.map((batch) => (
                  <li key={batch._id}>
                    <Anchor component={Link} to={`/app/batches/${batch._id}`}>
                      {batch.name}
                    </Anchor>
                  </li>
                ))}
              </UsedBy>
              <UsedBy title={t`Teachers`} count={subject.data.teachers.length} empty={t`No teacher teaches it.`}>
                {subject.data.teachers.map((teacher) => (
                  <li key={teacher._id}>
                    <Anchor component={Link} to={`/app/teachers/${teacher._id}`}>
                      {teacher.name}
                    </Anchor>
                  </li>
                ))}
              </UsedBy>
            </SimpleGrid>
          </>
        )}
      </Stack>
    </>
  );
}
