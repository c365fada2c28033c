import { Alert, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AttemptResult } from '@academy/shared/schemas/online-tests';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/format-number';
import { useLocalNames } from '../../../lib/public-settings';

const LETTERS = ['A', 'B', 'C', 'D'];
const OUTCOME_COLOR = { correct: 'teal', wrong: 'red', unanswered: 'gray' } as const;

/**
 * A student's submitted attempt. Until the results show (the teacher's results time, else the test's
 * closing for everyone) only that it was received and when the results come: the server sends no
 * score, count or verdict before (issue 53: verdicts rebuilt an open test's key; issue 71: so did the
 * score). Then the score by the marking scheme, rank and percentile, each subject's and chapter's
 * accuracy, and every question with their answer, time, verdict, the right answer and the solution.
 */
export function AttemptResultView({ result }: { result: AttemptResult }) {
  if (!result.test.resultsShown || result.score === null) return <AttemptReceived result={result} />;
  return <AttemptResultShown result={result} score={result.score} />;
}

function AttemptReceived({ result }: { result: AttemptResult }) {
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden="true" />} title={<Trans>Your answers were received</Trans>} data-testid="result-received">
      <Stack gap={4}>
        <Text size="sm">
          <Trans>Received at {formatDateTime(result.submittedAt)}.</Trans>
        </Text>
        <Text size="sm" data-testid="results-at">
          <Trans>Your score, rank and the right answers show on {formatDateTime(result.test.resultsAt)}, once the test has closed for everyone.</Trans>
        </Text>
      </Stack>
    </Alert>
  );
}

type ResultQuestion = AttemptResult['questions'][number];

function AttemptResultShown({ result, score }: { result: AttemptResult; score: number }) {
  const { t } = useLingui();
  const names = useLocalNames();
  const subjects = new Map(result.subjects.map((subject) => [subject.subject._id, names.subject(subject.subject)]));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <ResultTile label={t`Score`} value={`${formatNumber(score)} / ${formatNumber(result.test.maxMarks)}`} testId="result-score" />
        <ResultTile label={t`Rank`} value={t`${result.rank ?? '–'} of ${result.outOf ?? '–'}`} testId="result-rank" />
        <ResultTile label={t`Percentile`} value={result.percentile === null ? '–' : formatNumber(result.percentile)} testId="result-percentile" />
        <ResultTile label={t`Right · wrong · left`} value={`${result.correct} · ${result.wrong} · ${result.unanswered}`} testId="result-counts" />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        <Trans>The test has closed: the right answers and solutions are shown below. The rank is final.</Trans>
      </Text>
      {result.subjects.length > 0 ? <SubjectBreakdown result={result} /> : null}
      <Title order={2} size="h5">
        <Trans>Question by question</Trans>
      </Title>
      <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {result.questions.map((question) => (
          <QuestionResult key={question._id} question={question} subjectName={subjects.get(question.subject)} />
        ))}
      </Stack>
    </Stack>
  );
}

function ResultTile({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** Each subject's marks and accuracy, and under it each chapter's accuracy. */
function SubjectBreakdown({ result }: { result: AttemptResult }) {
  const { t } = useLingui();
  const names = useLocalNames();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h5" mb="sm">
        <Trans>By subject and chapter</Trans>
      </Title>
      <Stack gap="sm">
        {result.subjects.map((subject) => (
          <Stack key={subject.subject._id} gap={4}>
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{names.subject(subject.subject)}</Text>
              <Text size="sm">
                {t`${formatNumber(subject.score)} marks`} · {subject.accuracy === null ? '–' : t`${formatNumber(subject.accuracy)}% accurate`}
              </Text>
            </Group>
            {result.chapters
              .filter((chapter) => chapter.subject === subject.subject._id)
              .map((chapter) => (
                <Group key={chapter.chapter} gap="xs" wrap="nowrap">
                  {/* The chapter's whole name, on two lines if need be (issue 54: cut on a phone). */}
                  <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>
                    {chapter.chapter}
                  </Text>
                  <Progress value={chapter.accuracy ?? 0} w={{ base: 56, sm: 100 }} style={{ flexShrink: 0 }} color={(chapter.accuracy ?? 0) >= 60 ? 'teal' : 'orange'} aria-hidden="true" />
                  <Text size="sm" w={56} ta="right">
                    {chapter.accuracy === null ? '–' : `${formatNumber(chapter.accuracy)}%`}
                  </Text>
                </Group>
              ))}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** One question: its verdict and marks, the text, the answer given and the right one, the solution. */
function QuestionResult({ question, subjectName }: { question: ResultQuestion; subjectName: string | undefined }) {
  const { t } = useLingui();
  const outcomeLabel = { correct: t`Right`, wrong: t`Wrong`, unanswered: t`Not answered` };
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid={`result-question-${question.number}`}>
      <Group justify="space-between" gap="xs" mb="xs">
        <Text fw={700}>
          <Trans>Question {question.number}</Trans> · <Text span size="sm" c="dimmed">
            {/* The subjects' names come with their breakdown, after closing only. */}
            {[subjectName, question.chapter].filter(Boolean).join(' · ')}
          </Text>
        </Text>
        <Group gap="xs">
          {question.outcome !== null && question.marks !== null ? (
            <Badge color={OUTCOME_COLOR[question.outcome]} variant="light">
              {outcomeLabel[question.outcome]} ({question.marks > 0 ? '+' : ''}
              {formatNumber(question.marks)})
            </Badge>
          ) : (
            // Open test: only whether they answered, which they know anyway.
            <Badge color="gray" variant="light">
              {question.choice.length > 0 || question.value !== null ? t`Answered` : outcomeLabel.unanswered}
            </Badge>
          )}
          {/* An answer given offline has no time the server could count (issue 54: "0 s"): none shown. */}
          {question.timeSpentSeconds > 0 ? (
            <Text size="xs" c="dimmed">
              {t`${question.timeSpentSeconds} s`}
            </Text>
          ) : null}
        </Group>
      </Group>
      <MathMarkdown source={question.text} />
      <QuestionAnswer question={question} />
      {question.solution ? (
        <Card withBorder radius="sm" padding="sm" mt="sm" bg="gray.0">
          <Text size="sm" fw={600} mb={4}>
            <Trans>Solution</Trans>
          </Text>
          <MathMarkdown source={question.solution} />
        </Card>
      ) : null}
    </Card>
  );
}

/** A numeric question's value and the right one; a choice question's options, the chosen and the right marked. */
function QuestionAnswer({ question }: { question: ResultQuestion }) {
  return question.type === 'numeric' ? (
    <Stack gap={2} mt="xs">
      <Text size="sm">
        <Trans>Your answer:</Trans> {question.value === null ? '–' : formatNumber(question.value, 6)}
      </Text>
      {question.answer ? (
        <Text size="sm" c="teal.9">
          <Trans>Right answer:</Trans> {formatNumber(question.answer.value, 6)}
          {question.answer.tolerance > 0 ? ` (± ${formatNumber(question.answer.tolerance, 6)})` : ''}
        </Text>
      ) : null}
    </Stack>
  ) : (
    <Stack gap={4} mt="xs">
      {question.options.map((option, position) => {
        const chosen = question.choice.includes(option._id);
        const right = question.correctOptions?.includes(option._id) ?? false;
        return (
          <Group
            key={option._id}
            wrap="nowrap"
            align="flex-start"
            gap="sm"
            p={6}
            bg={right ? 'teal.0' : chosen && question.outcome === 'wrong' ? 'red.0' : undefined}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Text fw={600} w={16} style={{ flexShrink: 0 }}>
              {LETTERS[position]}
            </Text>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <MathMarkdown source={option.text} />
              {chosen || right ? (
                <Group gap={4}>
                  {chosen ? (
                    <Badge size="sm" variant="outline" tt="none">
                      <Trans>Your choice</Trans>
                    </Badge>
                  ) : null}
                  {right ? (
                    <Badge size="sm" color="teal" tt="none">
                      <Trans>Right</Trans>
                    </Badge>
                  ) : null}
                </Group>
              ) : null}
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}
