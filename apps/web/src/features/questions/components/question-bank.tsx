import { Button, Group, Loader, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { QUESTION_DIFFICULTIES, QUESTION_TYPES, type Question, type QuestionDifficulty, type QuestionType } from '@academy/shared/schemas/online-tests';
import { ListFooter } from '../../../components/list-kit';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { normalizeError } from '../../../lib/api-client';
import { modals } from '../../../lib/modals';
import { QUESTION_PAGE_SIZE, useDeleteQuestion, useQuestions, useQuestionSubjects, type QuestionFilters } from '../api';
import { DIFFICULTY_LABELS, TYPE_LABELS } from '../question-labels';
import { QuestionCard } from './question-card';
import { useLocalNames } from '../../../lib/public-settings';

/** The filters live in the address (?subject=&chapter=…), so coming back from editing a question finds the same page. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters: QuestionFilters = {
    subject: params.get('subject') || undefined,
    chapter: params.get('chapter') || undefined,
    difficulty: (params.get('difficulty') || undefined) as QuestionDifficulty | undefined,
    type: (params.get('type') || undefined) as QuestionType | undefined,
    search: params.get('search') || undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const change = (changes: Partial<Record<keyof QuestionFilters, string | number | null | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        // A new filter starts at the first page; the subject's chapters are the subject's.
        if (!('page' in changes)) next.delete('page');
        if ('subject' in changes) next.delete('chapter');
        return next;
      },
      { replace: true },
    );
  return { filters, change };
}

/**
 * The question bank (issue 40) of a teacher (their subjects) or an admin (every subject): filtered by
 * subject, chapter, difficulty, type and words, a page at a time, each question rendered as students see
 * it (math with KaTeX), with its badges and a duplicate flag; edit and delete. `basePath`: the area's
 * address of the bank (/app/teacher/questions or /app/questions).
 */
export function QuestionBank({ basePath }: { basePath: string }) {
  const { t } = useLingui();
  const { filters, change } = useFilters();
  // The address follows the typing at once (no late navigation can pull the person back from another
  // screen); the request waits for a pause.
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const list = useQuestions({ ...filters, search: search || undefined });
  const subjects = useQuestionSubjects();
  const names = useLocalNames();
  const remove = useDeleteQuestion();
  const chapters = [...new Set((list.data?.chapters ?? []).map((entry) => entry.chapter))];
  const filtered = Boolean(filters.subject || filters.chapter || filters.difficulty || filters.type || filters.search);
  const subjectName = new Map((subjects.data?.subjects ?? []).map((subject) => [subject._id, names.subject(subject)]));

  const confirmDelete = (question: Question) =>
    modals.openConfirmModal({
      title: t`Delete this question?`,
      children: <Text size="sm">{t`It leaves the bank. A test that already uses it keeps it, with its answers and results.`}</Text>,
      labels: { confirm: t`Delete`, cancel: t`Keep it` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(question._id, {
          onSuccess: ({ message }) => notifications.show({ color: 'teal', message: message ?? t`Question deleted` }),
          onError: (failure) => notifications.show({ color: 'red', title: t`The question was not deleted`, message: normalizeError(failure).message }),
        }),
    });

  return (
    <Stack gap="md">
      <QuestionBankFilters filters={filters} change={change} searchText={searchText} setSearchText={setSearchText} searching={list.isFetching && Boolean(list.data)} chapters={chapters} />

      {list.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={180} radius="md" />
          ))}
        </Stack>
      ) : !list.data ? (
        <LoadErrorAlert title={t`The question bank could not be loaded`} error={list.error} fallback={t`The question bank could not be loaded`} onRetry={() => void list.refetch()} />
      ) : list.data.questions.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {filtered ? t`No question matches these filters.` : t`No questions yet. Write your first one, or import a sheet of them.`}
        </Text>
      ) : (
        <>
          <Stack gap="sm" component="section" aria-label={t`Questions`}>
            {list.data.questions.map((question) => (
              <QuestionCard
                key={question._id}
                headingId={`question-${question._id}`}
                question={{ ...question, subjectName: subjectName.get(question.subject._id) ?? names.subject(question.subject) }}
                actions={
                  <Group gap="xs" justify="space-between" wrap="wrap">
                    <Text size="xs" c="dimmed">
                      {question.createdBy ? t`By ${question.createdBy.name}` : null}
                    </Text>
                    <Group gap="xs">
                      <Button component={Link} to={`${basePath}/${question._id}/edit`} size="xs" variant="default" leftSection={<IconEdit size={16} aria-hidden="true" />}>
                        <Trans>Edit</Trans>
                      </Button>
                      <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => confirmDelete(question)} loading={remove.isPending && remove.variables === question._id}>
                        <Trans>Delete</Trans>
                      </Button>
                    </Group>
                  </Group>
                }
              />
            ))}
          </Stack>
          <ListFooter
            countText={plural(list.data.pagination.total, { one: '# question', other: '# questions' })}
            paging={{ total: list.data.pagination.total, pageSize: QUESTION_PAGE_SIZE, page: filters.page, onChange: (page) => change({ page }) }}
          />
        </>
      )}
    </Stack>
  );
}

type QuestionBankFiltersProps = {
  filters: QuestionFilters;
  change: ReturnType<typeof useFilters>['change'];
  searchText: string;
  setSearchText: (text: string) => void;
  searching: boolean;
  chapters: string[];
};

/** Words, subject, chapter, difficulty and type. */
function QuestionBankFilters({ filters, change, searchText, setSearchText, searching, chapters }: QuestionBankFiltersProps) {
  const { t, i18n } = useLingui();
  const subjects = useQuestionSubjects();
  const names = useLocalNames();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
      <TextInput
        label={t`Search`}
        placeholder={t`Words in the question`}
        type="search"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={searching ? <Loader size="xs" aria-label={t`Searching`} /> : null}
        value={searchText}
        onChange={(event) => {
          setSearchText(event.currentTarget.value);
          change({ search: event.currentTarget.value });
        }}
      />
      <Select
        label={t`Subject`}
        placeholder={t`All subjects`}
        clearable
        data={(subjects.data?.subjects ?? []).map((subject) => ({ value: subject._id, label: names.subject(subject) }))}
        value={filters.subject ?? null}
        onChange={(value) => change({ subject: value })}
      />
      <Select label={t`Chapter`} placeholder={t`All chapters`} clearable searchable data={chapters} value={filters.chapter ?? null} onChange={(value) => change({ chapter: value })} />
      <Select
        label={t`Difficulty`}
        placeholder={t`Any`}
        clearable
        data={QUESTION_DIFFICULTIES.map((difficulty) => ({ value: difficulty, label: i18n._(DIFFICULTY_LABELS[difficulty]) }))}
        value={filters.difficulty ?? null}
        onChange={(value) => change({ difficulty: value })}
      />
      <Select
        label={t`Type`}
        placeholder={t`Any`}
        clearable
        data={QUESTION_TYPES.map((type) => ({ value: type, label: i18n._(TYPE_LABELS[type]) }))}
        value={filters.type ?? null}
        onChange={(value) => change({ type: value })}
      />
    </SimpleGrid>
  );
}
