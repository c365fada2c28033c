import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { formatDate } from '../../../../lib/format-date';
import { STANDARD_FAILURES, useStandard } from '../../../../features/standards/api';
import { useConfirmDeleteStandard } from '../../../../features/standards/components/use-confirm-delete-standard';
import { Trans, useLingui } from '@lingui/react/macro';

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
  const { t } = useLingui();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const standard = useStandard(id);
  const confirmDelete = useConfirmDeleteStandard(() => void navigate('/app/standards'));
  const data = standard.data;

  return (
    <>
      <PageHeader
        title={t`Standard Details`}
        description={data ? t`${data.name} · level ${data.level}` : undefined}
        actions={
          data ? (
            <Group gap="sm">
              <Button component={Link} to={`/app/standards/${data._id}/edit`} variant="light" leftSection={<IconPencil size={18} aria-hidden="true" />}>
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
        <Anchor component={Link} to="/app/standards" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden="true" />
            <Trans>All standards</Trans>
          </Group>
        </Anchor>
        {standard.isPending ? (
          <Skeleton h={240} radius="md" aria-hidden="true" />
        ) : standard.isError ? (
          <LoadErrorAlert title={t`The standard could not be loaded`} error={standard.error} fallback={STANDARD_FAILURES.fetch} onRetry={() => void standard.refetch()} />
        ) : (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Field label={t`Name`}>{standard.data.name}</Field>
              <Field label={t`Level`}>{standard.data.level}</Field>
              <Field label={t`Students`}>{standard.data.studentCount}</Field>
              <Field label={t`Batches`}>{standard.data.batchCount}</Field>
              <div style={{ gridColumn: '1 / -1' }}>
                <Text size="sm" c="dimmed" mb={4}>
                  <Trans>Subjects</Trans>
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
                  <Text c="dimmed">
                    <Trans>No subjects</Trans>
                  </Text>
                )}
              </div>
              <Field label={t`Created`}>{formatDate(standard.data.createdAt)}</Field>
              <Field label={t`Last changed`}>{formatDate(standard.data.updatedAt)}</Field>
            </SimpleGrid>
          </Paper>
        )}
      </Stack>
    </>
  );
}
