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
import { TEACHER_STATUS_OPTIONS } from '../../../../features/teachers/teacher-form';

export function Component() {
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
        title="Teachers"
        description="Everyone who teaches at the academy, their subjects and batches."
        actions={
          <Button component={Link} to="/app/teachers/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            Add Teacher
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Name, email or phone"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
          />
          <Select label="Status" placeholder="Any status" data={TEACHER_STATUS_OPTIONS} clearable value={status} onChange={(value) => setStatus(value as TeacherStatus | null)} />
          <Select
            label="Subject"
            placeholder="Any subject"
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
        <LoadErrorAlert title="Teachers could not be loaded" error={teachers.error} fallback={TEACHER_FAILURES.fetchList} onRetry={() => void teachers.refetch()} />
      ) : teachers.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Group justify="center">
            <Text c="dimmed">{filtered ? 'No teachers match these filters.' : 'No teachers yet. Add the first one.'}</Text>
          </Group>
        </Paper>
      ) : (
        <TeacherListView teachers={teachers.data} onDelete={confirmDelete} />
      )}
    </>
  );
}
