import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailActions, DetailPage } from '../../../components/detail-page';
import { formatDate } from '../../../lib/format-date';
import { NamesInLanguagesDetails } from '../../../components/ui/names-in-languages';
import { SUBJECT_FAILURES, useSubject } from '../../../features/subjects/api';
import { useConfirmDeleteSubject } from '../../../features/subjects/components/use-confirm-delete-subject';
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

  return (
    <DetailPage
      query={subject}
      title={t`Subject Details`}
      description={(data) => `${data.name} (${data.code})`}
      back={{ to: '/app/subjects', label: t`All subjects` }}
      actions={(data) => <DetailActions editTo={`/app/subjects/${data._id}/edit`} onDelete={() => confirmDelete(data)} />}
      errorTitle={t`The subject could not be loaded`}
      errorFallback={SUBJECT_FAILURES.fetch}
      maw={960}
    >
      {(data) => (
        <>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <div>
                <Text size="sm" c="dimmed">
                  <Trans>Name</Trans>
                </Text>
                <Text fw={600}>{data.name}</Text>
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  <Trans>Code</Trans>
                </Text>
                <Text fw={600} ff="monospace">
                  {data.code}
                </Text>
              </div>
              <NamesInLanguagesDetails names={data.names} />
              <div style={{ gridColumn: '1 / -1' }}>
                <Text size="sm" c="dimmed">
                  <Trans>Description</Trans>
                </Text>
                <Text style={{ whiteSpace: 'pre-line' }}>{data.description || t`No description.`}</Text>
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  <Trans>Created</Trans>
                </Text>
                <Text>{formatDate(data.createdAt)}</Text>
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  <Trans>Last changed</Trans>
                </Text>
                <Text>{formatDate(data.updatedAt)}</Text>
              </div>
            </SimpleGrid>
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <UsedBy title={t`Standards`} count={data.standards.length} empty={t`No standard teaches it.`}>
              {data.standards.map((standard) => (
                <li key={standard._id}>
                  <Anchor component={Link} to={`/app/standards/${standard._id}`}>
                    {standard.name}
                  </Anchor>
                </li>
              ))}
            </UsedBy>
            <UsedBy title={t`Batches`} count={data.batches.length} empty={t`No batch teaches it.`}>
              {data.batches.map((batch) => (
                <li key={batch._id}>
                  <Anchor component={Link} to={`/app/batches/${batch._id}`}>
                    {batch.name}
                  </Anchor>
                </li>
              ))}
            </UsedBy>
            <UsedBy title={t`Teachers`} count={data.teachers.length} empty={t`No teacher teaches it.`}>
              {data.teachers.map((teacher) => (
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
    </DetailPage>
  );
}
