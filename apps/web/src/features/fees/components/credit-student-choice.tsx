import { Button, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useStudentSearch } from '../api';

/** A student picked for a credit: the id sent, and the words shown. */
export type StudentPick = { id: string; label: string };

/**
 * A student searched by name or ID, for a credit that matched nobody. On a wide screen a searchable
 * field whose list stays in the window (it flips above or shifts when there is no room below). On a
 * phone (issue 54) a field's list falls under the keyboard and below the screen: the search opens as a
 * screen of its own instead, the results under the search box, the page behind it untouched.
 */
export function StudentChoice({ value, onChange }: { value: StudentPick | null; onChange: (pick: StudentPick) => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 300);
  const found = useStudentSearch(debounced);
  const [searching, setSearching] = useState(false);
  const students = found.data?.students ?? [];
  const options = students.map((student) => ({ value: student._id, label: `${student.name} · ${student.studentCode ?? ''}` }));
  const hint = debounced.trim().length >= 2 ? t`No student found` : t`Type two letters`;
  if (!phone) {
    return (
      <Select
        aria-label={t`Student for this credit`}
        placeholder={t`Search a student`}
        size="xs"
        searchable
        searchValue={term}
        onSearchChange={setTerm}
        filter={({ options: all }) => all}
        value={value?.id ?? null}
        onChange={(studentId, option) => studentId && option && onChange({ id: studentId, label: option.label })}
        data={value && !options.some((option) => option.value === value.id) ? [{ value: value.id, label: value.label }, ...options] : options}
        nothingFoundMessage={hint}
        maxDropdownHeight={240}
        comboboxProps={{ withinPortal: true, middlewares: { flip: true, shift: true } }}
      />
    );
  }
  const close = () => {
    setSearching(false);
    setTerm('');
  };
  return (
    <>
      <Button
        variant="default"
        size="sm"
        fullWidth
        justify="space-between"
        rightSection={<IconSearch size={16} aria-hidden="true" />}
        onClick={() => setSearching(true)}
        aria-label={value ? t`Student for this credit: ${value.label}` : t`Student for this credit`}
        h="auto"
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' } }}
      >
        {value ? value.label : t`Search a student`}
      </Button>
      <Modal opened={searching} onClose={close} fullScreen title={t`Student for this credit`} transitionProps={{ duration: 0 }}>
        <Stack gap="sm">
          <TextInput
            label={t`Search a student`}
            placeholder={t`Name or student ID`}
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            data-autofocus
          />
          {students.length > 0 ? (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Students found`}>
              {students.map((student) => {
                const label = `${student.name} · ${student.studentCode ?? ''}`;
                return (
                  <li key={student._id}>
                    {/* The name and the student ID on lines of their own, whole, however long. */}
                    <Button
                      variant="light"
                      fullWidth
                      h="auto"
                      py={8}
                      justify="flex-start"
                      aria-label={label}
                      onClick={() => {
                        onChange({ id: student._id, label });
                        close();
                      }}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' } }}
                    >
                      <Stack gap={0}>
                        <span>{student.name}</span>
                        <Text span size="xs" c="dimmed">
                          {student.studentCode}
                        </Text>
                      </Stack>
                    </Button>
                  </li>
                );
              })}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" role="status">
              {found.isFetching ? t`Searching…` : hint}
            </Text>
          )}
        </Stack>
      </Modal>
    </>
  );
}
