import { ActionIcon, Badge, Box, Button, Checkbox, Group, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { QUESTION_DIFFICULTIES, type Question, type QuestionDifficulty } from '@academy/shared/schemas/online-tests';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { usePaginationLabels } from '../../../components/ui/pagination-labels';
import { formatNumber } from '../../../lib/format-number';
import { BANK_PAGE_SIZE, STAFF_ONLINE_TEST_FAILURES, useBankQuestions, useBankSubjects } from '../staff-api';
import { DIFFICULTY_COLORS, useDifficultyLabels } from '../../questions/api';
import { useLocalNames } from '../../../lib/public-settings';

/** A question's Markdown as words to read out: math without its $ signs, pictures and emphasis marks left out. */
function spokenText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/[$*_`#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

interface StaffQuestionPickerProps {
  /** The chosen questions' ids, in the order chosen. */
  value: string[];
  onChange: (ids: string[]) => void;
  /** The questions already chosen when the form opened (a draft's), to list them before the bank shows them. */
  initial: Question[];
  /** Marks for a right answer, for the total. */
  correctMarks: number;
  error?: ReactNode;
}

/**
 * "Choose questions": the bank the teacher may use (their subjects; the office all), filtered by
 * subject, chapter, difficulty and words, a page at a time; a tap on a question chooses it or lets it
 * go. The chosen ones are counted with their marks and listed, to take one out without finding it again.
 */
export function StaffQuestionPicker({ value, onChange, initial, correctMarks, error }: StaffQuestionPickerProps) {
  const { t } = useLingui();
  const pagination = usePaginationLabels();
  const filters = useBankFilters();
  const { page, setPage } = filters;
  const [showChosen, setShowChosen] = useState(false);
  // Every question met so far, so the chosen list can show those not on the page shown.
  const [known, setKnown] = useState(() => new Map(initial.map((question) => [question._id, question])));

  const bank = useBankQuestions(filters.query);
  const total = bank.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / BANK_PAGE_SIZE));
  const chosen = new Set(value);

  const toggle = (question: Question) => {
    if (chosen.has(question._id)) {
      onChange(value.filter((id) => id !== question._id));
      return;
    }
    setKnown((current) => new Map(current).set(question._id, question));
    onChange([...value, question._id]);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Badge size="lg" variant="light" color={value.length > 0 ? 'indigo' : 'gray'} style={{ textTransform: 'none' }} aria-live="polite">
          {plural(value.length, { one: '# question chosen', other: '# questions chosen' })} · {t`${formatNumber(value.length * correctMarks)} marks`}
        </Badge>
        {value.length > 0 ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setShowChosen((shown) => !shown)} aria-expanded={showChosen}>
            {showChosen ? <Trans>Hide the chosen questions</Trans> : <Trans>Show the chosen questions</Trans>}
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red.8" role="alert" data-field-error>
          {error}
        </Text>
      ) : null}
      {showChosen && value.length > 0 ? <ChosenQuestions value={value} known={known} onChange={onChange} /> : null}

      <BankFilterFields filters={filters} chapters={bank.data?.chapters ?? []} />

      <BankQuestions bank={bank} filtered={Boolean(filters.subject || filters.chapter || filters.difficulty || filters.debouncedSearch)} chosen={chosen} onToggle={toggle} />
      {pages > 1 ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {plural(total, { one: '# question in the bank', other: '# questions in the bank' })}
          </Text>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            size="sm"
            siblings={0}
            getItemProps={(item) => ({ 'aria-label': pagination.page(item) })}
            getControlProps={(control) => ({ 'aria-label': pagination.control(control) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

/** The bank's filters and page; a filter changed goes back to the first page. */
function useBankFilters() {
  const [subject, setSubject] = useState<string | null>(null);
  const [chapter, setChapter] = useState<string | null>(null);
  const [difficulty, setDifficulty] = useState<QuestionDifficulty | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [page, setPage] = useState(1);
  // A filter changed: back to its first page.
  const filtered = <T,>(set: (next: T) => void) => (next: T) => {
    set(next);
    setPage(1);
  };
  const query = { subject: subject ?? undefined, chapter: chapter ?? undefined, difficulty: difficulty ?? undefined, search: debouncedSearch || undefined, page };
  return { subject, setSubject, chapter, setChapter, difficulty, setDifficulty, search, setSearch, debouncedSearch, page, setPage, filtered, query };
}

/** The chosen questions in the order chosen, each to take out without finding it again. */
function ChosenQuestions({ value, known, onChange }: { value: string[]; known: Map<string, Question>; onChange: (ids: string[]) => void }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
      <Stack gap={6} component="ol" m={0} pl="lg" aria-label={t`Chosen questions`}>
        {value.map((id, index) => {
          const question = known.get(id);
          return (
            <Box component="li" key={id}>
              <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                {/* Two lines of it are enough to know it again. */}
                <Box fz="sm" style={{ minWidth: 0, flex: 1, maxHeight: '3.2em', overflow: 'hidden', overflowWrap: 'anywhere' }}>
                  {question ? <MathMarkdown source={question.text} /> : <Trans>A question of the bank</Trans>}
                </Box>
                <ActionIcon variant="subtle" color="red" size="md" aria-label={t`Take out question ${index + 1}`} onClick={() => onChange(value.filter((other) => other !== id))}>
                  <IconX size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** Subject, chapter (of those the bank has), difficulty and words. */
function BankFilterFields({ filters, chapters }: { filters: ReturnType<typeof useBankFilters>; chapters: { subject: string; chapter: string }[] }) {
  const { t } = useLingui();
  const difficultyLabels = useDifficultyLabels();
  const subjects = useBankSubjects();
  const names = useLocalNames();
  const { subject, setSubject, chapter, setChapter, difficulty, setDifficulty, search, setSearch, setPage, filtered } = filters;
  const chapterOptions = [...new Set(chapters.filter((entry) => !subject || entry.subject === subject).map((entry) => entry.chapter))].sort((a, b) => a.localeCompare(b));
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Select
        label={t`Subject`}
        placeholder={t`All`}
        data={(subjects.data?.subjects ?? []).map((entry) => ({ value: entry._id, label: names.subject(entry) }))}
        value={subject}
        onChange={filtered((next: string | null) => {
          setSubject(next);
          setChapter(null);
        })}
        clearable
      />
      <Select label={t`Chapter`} placeholder={t`All`} data={chapterOptions} value={chapter} onChange={filtered(setChapter)} searchable clearable nothingFoundMessage={t`No chapter found`} />
      <Select
        label={t`Difficulty`}
        placeholder={t`Any`}
        data={QUESTION_DIFFICULTIES.map((level) => ({ value: level, label: difficultyLabels[level] }))}
        value={difficulty}
        onChange={filtered((next: string | null) => setDifficulty(next as QuestionDifficulty | null))}
        clearable
      />
      <TextInput
        label={t`Search`}
        placeholder={t`Words`}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
    </SimpleGrid>
  );
}

type BankQuestionsProps = { bank: ReturnType<typeof useBankQuestions>; filtered: boolean; chosen: Set<string>; onToggle: (question: Question) => void };

/** The page of the bank shown, each question a card to tap to choose it or let it go. */
function BankQuestions({ bank, filtered, chosen, onToggle }: BankQuestionsProps) {
  const { t } = useLingui();
  const questions = bank.data?.questions ?? [];
  return bank.isPending ? (
    <Stack gap="xs" aria-hidden="true">
      <Skeleton h={64} radius="md" />
      <Skeleton h={64} radius="md" />
    </Stack>
  ) : bank.isError && questions.length === 0 ? (
    <LoadErrorAlert title={t`The question bank could not be loaded`} error={bank.error} fallback={STAFF_ONLINE_TEST_FAILURES.bank} onRetry={() => void bank.refetch()} />
  ) : questions.length === 0 ? (
    <Paper withBorder radius="md" p="md">
      <Text c="dimmed" ta="center" size="sm">
        {filtered ? <Trans>No question matches these filters.</Trans> : <Trans>The question bank has no questions of your subjects yet: add them in the question bank first.</Trans>}
      </Text>
    </Paper>
  ) : (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none', opacity: bank.isPlaceholderData ? 0.6 : 1 }} aria-label={t`Questions of the bank`}>
      {questions.map((question) => (
        <li key={question._id}>
          <BankQuestionCard question={question} checked={chosen.has(question._id)} onToggle={() => onToggle(question)} />
        </li>
      ))}
    </Stack>
  );
}

function BankQuestionCard({ question, checked, onToggle }: { question: Question; checked: boolean; onToggle: () => void }) {
  const difficultyLabels = useDifficultyLabels();
  const subjects = useBankSubjects();
  const names = useLocalNames();
  const subjectName = (subjects.data?.subjects ?? []).find((entry) => entry._id === question.subject._id);
  return (
    <Checkbox.Card
      checked={checked}
      onClick={onToggle}
      withBorder
      radius="md"
      p="sm"
      style={{ display: 'block' }}
      // A name from the content would drop the math (KaTeX's MathML is not read in a button's name).
      aria-label={`${question.chapter}: ${spokenText(question.text)}`}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox.Indicator mt={2} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {names.subject(subjectName ?? question.subject)} · {question.chapter}
            </Text>
            <Badge size="xs" variant="light" color={DIFFICULTY_COLORS[question.difficulty]}>
              {difficultyLabels[question.difficulty]}
            </Badge>
          </Group>
          <MathMarkdown source={question.text} />
        </Stack>
      </Group>
    </Checkbox.Card>
  );
}
