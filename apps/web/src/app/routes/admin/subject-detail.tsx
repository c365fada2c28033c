import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailActions, DetailPage, Field, FieldGrid } from '../../../components/detail-page';
import { formatDate } from '../../../lib/format-date';
import { NamesInLanguagesDetails } from '../../../components/ui/names-in-languages';
import { SUBJECT_FAILURES, useSubject } from '../../../features/subjects/api';
import { useConfirmDeleteSubject } from '../../../features/subjects/components/use-confirm-delete-subject';
import { useLingui } from '@lingui/react/macro';

interface Linked {
  _id: string;
  name: string;
}

/** The records that use the subject, each a link to its own page (`path`/id). */
function UsedBy({ title, empty, items, path }: { title: string; empty: string; items: Linked[]; path: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Badge variant="light" tt="none">
          {items.length}
        </Badge>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <li key={item._id}>
              <Anchor component={Link} to={`${path}/${item._id}`}>
                {item.name}
              </Anchor>
            </li>
          ))}
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
          <FieldGrid>
            <Field label={t`Name`} fw={600}>{data.name}</Field>
            <Field label={t`Code`} fw={600} ff="monospace">{data.code}</Field>
            <NamesInLanguagesDetails names={data.names} />
            <Field label={t`Description`} wide style={{ whiteSpace: 'pre-line' }}>
              {data.description || t`No description.`}
            </Field>
            <Field label={t`Created`}>{formatDate(data.createdAt)}</Field>
            <Field label={t`Last changed`}>{formatDate(data.updatedAt)}</Field>
          </FieldGrid>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <UsedBy title={t`Standards`} items={data.standards} path="/app/standards" empty={t`No standard teaches it.`} />
            <UsedBy title={t`Batches`} items={data.batches} path="/app/batches" empty={t`No batch teaches it.`} />
            <UsedBy title={t`Teachers`} items={data.teachers} path="/app/teachers" empty={t`No teacher teaches it.`} />
          </SimpleGrid>
        </>
      )}
    </DetailPage>
  );
}
