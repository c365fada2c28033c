import { Loader, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { TEACHER_STUDENTS_FAILURE, useMyStudents } from '../../../features/teacher-students/api';
import { MyStudentsView } from '../../../features/teacher-students/components/my-students-view';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

export function Component() {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const students = useMyStudents(debounced);
  const searching = students.isFetching || debounced !== search.trim();

  return (
    <>
      <PageHeader title={t`Students`} description={t`Everyone in your batches, with phone numbers to reach them or their parents.`} />
      <Stack gap="md">
        <TextInput
          label={t`Search`}
          placeholder={t`Name, email or phone`}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={searching && students.data ? <Loader size="xs" aria-label={t`Searching`} /> : null}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={420}
        />
        {students.isPending ? (
          <Stack gap="sm" aria-hidden="true">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} h={64} radius="md" />
            ))}
          </Stack>
        ) : students.isError ? (
          <LoadErrorAlert title={t`Your students could not be loaded`} error={students.error} fallback={TEACHER_STUDENTS_FAILURE} onRetry={() => void students.refetch()} />
        ) : students.data.length === 0 ? (
          <Text c="dimmed" py="lg" ta="center">
            {debounced ? t`No student matches “${debounced}”.` : t`No students in your batches yet.`}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {plural(students.data.length, { one: '# student', other: '# students' })}
            </Text>
            <MyStudentsView students={students.data} />
          </>
        )}
      </Stack>
    </>
  );
}
