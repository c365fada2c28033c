import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailActions, DetailPage } from '../../../components/detail-page';
import { formatDate } from '../../../lib/format-date';
import { NamesInLanguagesDetails } from '../../../components/ui/names-in-languages';
import { STANDARD_FAILURES, useStandard } from '../../../features/standards/api';
import { useConfirmDeleteStandard } from '../../../features/standards/components/use-confirm-delete-standard';
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

  return (
    <DetailPage
      query={standard}
      title={t`Standard Details`}
      description={(data) => t`${data.name} · level ${data.level}`}
      back={{ to: '/app/standards', label: t`All standards` }}
      actions={(data) => <DetailActions editTo={`/app/standards/${data._id}/edit`} onDelete={() => confirmDelete(data)} />}
      errorTitle={t`The standard could not be loaded`}
      errorFallback={STANDARD_FAILURES.fetch}
      maw={960}
    >
      {(data) => (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Field label={t`Name`}>{data.name}</Field>
            <Field label={t`Level`}>{data.level}</Field>
            <NamesInLanguagesDetails names={data.names} />
            <Field label={t`Students`}>{data.studentCount}</Field>
            <Field label={t`Batches`}>{data.batchCount}</Field>
            <div style={{ gridColumn: '1 / -1' }}>
              <Text size="sm" c="dimmed" mb={4}>
                <Trans>Subjects</Trans>
              </Text>
              {data.subjects.length > 0 ? (
                <Group gap={6}>
                  {data.subjects.map((subject) => (
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
            <Field label={t`Created`}>{formatDate(data.createdAt)}</Field>
            <Field label={t`Last changed`}>{formatDate(data.updatedAt)}</Field>
          </SimpleGrid>
        </Paper>
      )}
    </DetailPage>
  );
}
