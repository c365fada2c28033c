import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TeacherStatus } from '@academy/shared/schemas/teachers';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { useSubjects } from '../../../../features/subjects/api';
import { TEACHER_FAILURES, useTeachers } from '../../../../features/teachers/api';
import { TeacherListView } from '../../../../features/teachers/components/teacher-list-view';
import { useConfirmDeleteTeacher } from '../../../../features/teachers/components/use-confirm-delete-teacher';
import { TEACHER_STATUS_MESSAGES } from '../../../../features/teachers/teacher-form';
import { TEACHER_STATUSES } from '@academy/shared/schemas/teachers';
import { Trans, useLingui } from '@lingui/react/macro';

export function Component() {
  const { t, i18n } = useLingui();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [status, setStatus] = useState<TeacherStatus | null>(null);
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const teachers = useTeachers({ search, status: status ?? undefined, subjectId: subjectId ?? undefined });
  const subjects = useSubjects();
  const confirmDelete = useConfirmDeleteTeacher();
  const filtered = search !== '' || status !== null || subjectId !== null;

  return (
    <>
      <PageHeader
        title={t`Teachers`}
        description={t`Everyone who teaches at the academy, their subjects and batches.`}
        actions={
          <Button component={Link} to="/app/teachers/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            <Trans>Add Teacher</Trans>
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t`Search`}
            placeholder={t`Name, email or phone`}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
          />
          <Select
            label={t`Status`}
            placeholder={t`Any status`}
            data={TEACHER_STATUSES.map((value) => ({ value, label: i18n._(TEACHER_STATUS_MESSAGES[value]) }))} clearable value={status} onChange={(value) => setStatus(value as TeacherStatus | null)} />
          <Select
            label={t`Subject`}
            placeholder={t`Any subject`}
            data={(subjects.data ?? []).map((subject) => ({ value: subject._id, label: subject.name }))}
            clearable
            searchable
            value={subjectId}
            onChange={setSubjectId}
          />
        </SimpleGrid>
      </Paper>
      {teachers.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" />
        </Stack>
      ) : teachers.isError ? (
        <LoadErrorAlert title={t`Teachers could not be loaded`} error={teachers.error} fallback={TEACHER_FAILURES.fetchList} onRetry={() => void teachers.refetch()} />
      ) : teachers.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Group justify="center">
            <Text c="dimmed">{filtered ? t`No teachers match these filters.` : t`No teachers yet. Add the first one.`}</Text>
          </Group>
        </Paper>
      ) : (
        <TeacherListView teachers={teachers.data} onDelete={confirmDelete} />
      )}
    </>
  );
}
