import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { formatDate } from '../../../../lib/format-date';
import { STANDARD_FAILURES, useStandard } from '../../../../features/standards/api';
import { useConfirmDeleteStandard } from '../../../../features/standards/components/use-confirm-delete-standard';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={600}>
        {children}
      </Text>
    </div>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const standard = useStandard(id);
  const confirmDelete = useConfirmDeleteStandard(() => void navigate('/app/standards'));
  const data = standard.data;

  return (
    <>
      <PageHeader
        title="Standard Details"
        description={data ? `${data.name} · level ${data.level}` : undefined}
        actions={
          data ? (
            <Group gap="sm">
              <Button component={Link} to={`/app/standards/${data._id}/edit`} variant="light" leftSection={<IconPencil size={18} aria-hidden="true" />}>
                Edit
              </Button>
              <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={() => confirmDelete(data)}>
                Delete
              </Button>
            </Group>
          ) : null
        }
      />
      <Stack gap="lg" maw={960}>
        <Anchor component={Link} to="/app/standards" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden="true" />
            All standards
          </Group>
        </Anchor>
        {standard.isPending ? (
          <Skeleton h={240} radius="md" aria-hidden="true" />
        ) : standard.isError ? (
          <LoadErrorAlert title="The standard could not be loaded" error={standard.error} fallback={STANDARD_FAILURES.fetch} onRetry={() => void standard.refetch()} />
        ) : (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Field label="Name">{standard.data.name}</Field>
              <Field label="Level">{standard.data.level}</Field>
              <Field label="Students">{standard.data.studentCount}</Field>
              <Field label="Batches">{standard.data.batchCount}</Field>
              <div style={{ gridColumn: '1 / -1' }}>
                <Text size="sm" c="dimmed" mb={4}>
                  Subjects
                </Text>
                {standard.data.subjects.length > 0 ? (
                  <Group gap={6}>
                    {standard.data.subjects.map((subject) => (
                      <Badge key={subject._id} component={Link} to={`/app/subjects/${subject._id}`} variant="light" radius="sm" tt="none" fw={500} style={{ cursor: 'pointer' }}>
                        {subject.name} ({subject.code})
                      </Badge>
                    ))}
                  </Group>
                ) : (
                  <Text c="dimmed">No subjects</Text>
                )}
              </div>
              <Field label="Created">{formatDate(standard.data.createdAt)}</Field>
              <Field label="Last changed">{formatDate(standard.data.updatedAt)}</Field>
            </SimpleGrid>
          </Paper>
        )}
      </Stack>
    </>
  );
}
