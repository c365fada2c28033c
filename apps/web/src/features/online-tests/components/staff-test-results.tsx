import { Badge, Box, Button, Group, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { OnlineTestResults } from '@academy/shared/schemas/online-tests';
import { ListView, type ListColumn } from '../../../components/list-kit';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber, formatPercent } from '../../../lib/format-number';
import { onlineTestResultsWorkbookHref, STAFF_ONLINE_TEST_FAILURES, useOnlineTestResults } from '../staff-api';
import { StatTile } from '../../../components/ui/stat-tile';

type AttemptRow = OnlineTestResults['attempts'][number];
type QuestionRow = OnlineTestResults['questions'][number];

/** The mean of the submitted scores, or null before the first submission. */
function averageScore(attempts: readonly Pick<AttemptRow, 'score' | 'submittedAt'>[]): number | null {
  const scores = attempts.flatMap((attempt) => (attempt.submittedAt !== null && attempt.score !== null ? [attempt.score] : []));
  return scores.length === 0 ? null : scores.reduce((sum, score) => sum + score, 0) / scores.length;
}

/**
 * A test's results for its teacher: how many started and submitted and the average, the ranks, who
 * has not started, and each question's share right and discrimination (the most missed first), with
 * the workbook to download. Ranks are final once the test closes.
 */
export function StaffTestResults({ testId }: { testId: string }) {
  const { t } = useLingui();
  const results = useOnlineTestResults(testId);
  if (results.isPending)
    return (
      <Stack gap="md" aria-hidden="true">
        <Skeleton h={80} radius="md" />
        <Skeleton h={200} radius="md" />
      </Stack>
    );
  if (!results.data) return <LoadErrorAlert title={t`The results could not be loaded`} error={results.error} fallback={STAFF_ONLINE_TEST_FAILURES.results} onRetry={() => void results.refetch()} />;
  const { test, attempts, notStarted, questions } = results.data;
  const submitted = attempts.filter((attempt) => attempt.submittedAt !== null).length;
  const average = averageScore(attempts);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {test.closed ? <Trans>The test has closed: these ranks are final.</Trans> : <Trans>The test is still open: ranks change as students submit.</Trans>}
        </Text>
        <Button component="a" href={onlineTestResultsWorkbookHref(testId)} download variant="light" leftSection={<IconDownload size={18} aria-hidden="true" />}>
          <Trans>Download Excel</Trans>
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatTile label={t`Started`} value={formatNumber(attempts.length)} />
        <StatTile label={t`Submitted`} value={formatNumber(submitted)} />
        <StatTile label={t`Average score`} value={average === null ? '–' : `${formatNumber(average, 1)} / ${formatNumber(test.maxMarks)}`} />
        <StatTile label={t`Not started`} value={formatNumber(notStarted.length)} />
      </SimpleGrid>

      <SectionCard title={t`Ranks`}>
        {attempts.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No student has started this test yet.</Trans>
          </Text>
        ) : (
          <RankList attempts={attempts} maxMarks={test.maxMarks} />
        )}
      </SectionCard>

      {notStarted.length > 0 ? (
        <SectionCard title={t`Not started`} description={plural(notStarted.length, { one: '# student of the test’s batches', other: '# students of the test’s batches' })}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {notStarted.map((student) => student.name).join(', ')}
          </Text>
        </SectionCard>
      ) : null}

      <SectionCard
        title={t`Questions`}
        description={t`The most missed first. Discrimination is the share right among the top third minus the share right among the bottom third: below 0.2 the question tells strong and weak students apart poorly; below 0, check the question and its answer.`}
      >
        <QuestionFigures questions={questions} />
      </SectionCard>
    </Stack>
  );
}


function RankList({ attempts, maxMarks }: { attempts: AttemptRow[]; maxMarks: number }) {
  const { t } = useLingui();
  const columns: ListColumn<AttemptRow>[] = [
    { key: 'rank', header: t`Rank`, w: 70, card: 'hidden', cell: (attempt) => <Text fw={700}>{attempt.rank ?? '–'}</Text> },
    {
      key: 'name',
      header: t`Student`,
      card: 'title',
      cell: (attempt) => <Text fw={600}>{attempt.name}</Text>,
      cardCell: (attempt) => <Text fw={600}>{attempt.rank === null ? attempt.name : `${attempt.rank}. ${attempt.name}`}</Text>,
    },
    { key: 'batch', header: t`Batch`, card: 'subtitle', cell: (attempt) => <Text size="sm" c="dimmed">{attempt.batch?.name ?? '–'}</Text> },
    {
      key: 'score',
      header: t`Score`,
      card: 'aside',
      align: 'right',
      nowrap: true,
      cell: (attempt) =>
        attempt.submittedAt === null ? (
          <Badge color="yellow" variant="light">
            <Trans>In progress</Trans>
          </Badge>
        ) : (
          <Text fw={700}>{`${formatNumber(attempt.score ?? 0)} / ${formatNumber(maxMarks)}`}</Text>
        ),
    },
    {
      key: 'answers',
      header: t`Right · wrong · left`,
      nowrap: true,
      cell: (attempt) => (attempt.submittedAt === null ? '–' : `${attempt.correct} · ${attempt.wrong} · ${attempt.unanswered}`),
      cardCell: (attempt) =>
        attempt.submittedAt === null ? null : (
          <Text size="sm">{t`Right ${attempt.correct} · wrong ${attempt.wrong} · left ${attempt.unanswered}`}</Text>
        ),
    },
    {
      key: 'submittedAt',
      header: t`Submitted`,
      nowrap: true,
      cell: (attempt) => (attempt.submittedAt ? formatDateTime(attempt.submittedAt) : '–'),
      cardCell: (attempt) =>
        attempt.submittedAt ? (
          <Text size="xs" c="dimmed">
            {t`Submitted ${formatDateTime(attempt.submittedAt)}`}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {t`Started ${formatDateTime(attempt.startedAt)}`}
          </Text>
        ),
    },
  ];
  return <ListView rows={attempts} columns={columns} label={t`Ranks`} minWidth={720} wideFrom="48em" />;
}

/** How well a question tells strong students from weak ones, in words. */
function DiscriminationBadge({ value }: { value: number | null }) {
  const { t } = useLingui();
  if (value === null)
    return (
      <Text size="sm" c="dimmed" title={t`Shown from 3 submitted attempts`}>
        –
      </Text>
    );
  const [label, color] = value < 0 ? [t`Check it`, 'red'] : value < 0.2 ? [t`Poor`, 'orange'] : value < 0.3 ? [t`Fair`, 'yellow'] : [t`Good`, 'teal'];
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" ff="monospace">
        {value > 0 ? `+${formatNumber(value, 2)}` : value < 0 ? `−${formatNumber(-value, 2)}` : '0'}
      </Text>
      <Badge size="sm" variant="light" color={color}>
        {label}
      </Badge>
    </Group>
  );
}

function PercentBar({ value }: { value: number | null }) {
  const { t } = useLingui();
  if (value === null)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  // percentCorrect is 0–100.
  const color = value < 40 ? 'red' : value < 70 ? 'yellow' : 'teal';
  return (
    <Group gap="xs" wrap="nowrap" miw={120}>
      <Progress value={value} color={color} size="sm" style={{ flex: 1, minWidth: 48 }} aria-label={t`Right: ${formatPercent(value / 100, 0)}`} />
      <Text size="sm" fw={600} w={44} ta="right">
        {formatPercent(value / 100, 0)}
      </Text>
    </Group>
  );
}

function QuestionFigures({ questions }: { questions: QuestionRow[] }) {
  const { t } = useLingui();
  const columns: ListColumn<QuestionRow>[] = [
    { key: 'number', header: t`Q`, w: 56, card: 'hidden', cell: (question) => <Text fw={700}>{t`Q${question.number}`}</Text> },
    {
      key: 'question',
      header: t`Question`,
      card: 'title',
      maw: 360,
      cell: (question) => (
        <Box fz="sm" style={{ maxHeight: '4.8em', overflow: 'hidden', overflowWrap: 'anywhere' }}>
          <Text size="xs" c="dimmed">
            {question.chapter}
          </Text>
          <MathMarkdown source={question.text} />
        </Box>
      ),
      cardCell: (question) => (
        <Box fz="sm" style={{ maxHeight: '6em', overflow: 'hidden', overflowWrap: 'anywhere' }}>
          <Text size="xs" c="dimmed">
            {t`Q${question.number}`} · {question.chapter}
          </Text>
          <MathMarkdown source={question.text} />
        </Box>
      ),
    },
    { key: 'answered', header: t`Answered`, align: 'right', cell: (question) => formatNumber(question.answered), cardCell: (question) => <Text size="sm">{t`Answered by ${question.answered}`}</Text> },
    { key: 'percentCorrect', header: t`Right`, miw: 150, cell: (question) => <PercentBar value={question.percentCorrect} /> },
    {
      key: 'discrimination',
      header: t`Discrimination`,
      cell: (question) => <DiscriminationBadge value={question.discrimination} />,
      cardCell: (question) => (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            <Trans>Discrimination</Trans>
          </Text>
          <DiscriminationBadge value={question.discrimination} />
        </Group>
      ),
    },
  ];
  if (questions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <Trans>No question has been answered yet.</Trans>
      </Text>
    );
  return <ListView rows={questions} rowKey={(question) => question.questionId} columns={columns} label={t`Questions`} minWidth={760} />;
}
