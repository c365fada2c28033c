import { Badge, Group, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailActions, DetailPage, Field, FieldGrid } from '../../../components/detail-page';
import { formatDate } from '../../../lib/format-date';
import { NamesInLanguagesDetails } from '../../../components/ui/names-in-languages';
import { STANDARD_FAILURES, useStandard } from '../../../features/standards/api';
import { useConfirmDeleteStandard } from '../../../features/standards/components/use-confirm-delete-standard';
import { Trans, useLingui } from '@lingui/react/macro';

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
        <FieldGrid>
          <Field label={t`Name`} fw={600}>{data.name}</Field>
          <Field label={t`Level`} fw={600}>{data.level}</Field>
          <NamesInLanguagesDetails names={data.names} />
          <Field label={t`Students`} fw={600}>{data.studentCount}</Field>
          <Field label={t`Batches`} fw={600}>{data.batchCount}</Field>
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
          <Field label={t`Created`} fw={600}>{formatDate(data.createdAt)}</Field>
          <Field label={t`Last changed`} fw={600}>{formatDate(data.updatedAt)}</Field>
        </FieldGrid>
      )}
    </DetailPage>
  );
}
