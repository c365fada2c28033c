import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OnlineTestList } from '@academy/shared/schemas/online-tests';
import { preloadMathMarkdown } from '../../../components/ui/math-markdown';
import { modals } from '../../../lib/modals';
import { normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/format-number';
import { useStartAttempt } from '../api';

type ListedTest = OnlineTestList['tests'][number];

/**
 * The student's online tests (issue 40): open ones first with Start (after the instructions) or
 * Resume, upcoming ones with their opening, closed ones with the result. Start is a form the server
 * answers too (issue 74): before the app's code has come a tap starts the test at once.
 */
export function StudentOnlineTests({ tests }: { tests: ListedTest[] }) {
  const { begin, starting } = useBeginTest();
  const order = { open: 0, upcoming: 1, closed: 2 } as const;
  const sorted = [...tests].sort((a, b) => order[a.phase] - order[b.phase] || Date.parse(a.opensAt) - Date.parse(b.opensAt));
  if (sorted.length === 0)
    return (
      <Text c="dimmed">
        <Trans>No online tests for your batches yet.</Trans>
      </Text>
    );
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {sorted.map((test) => (
        <StudentTestCard key={test._id} test={test} onBegin={begin} starting={starting} />
      ))}
    </Stack>
  );
}

/** Start: the instructions first, then the attempt is started and opened. */
function useBeginTest() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const start = useStartAttempt();
  const begin = (test: ListedTest) => {
    preloadMathMarkdown();
    modals.openConfirmModal({
      title: test.title,
      children: (
        <Stack gap={6}>
          <Text size="sm">
            <Trans>
              {plural(test.questionCount, { one: '# question', other: '# questions' })}, {plural(test.durationMinutes, { one: '# minute', other: '# minutes' })}. A right answer gives {formatNumber(test.marking.correct)}, a wrong one {formatNumber(test.marking.wrong)}, a question left{' '}
              {formatNumber(test.marking.unanswered)}.
            </Trans>
          </Text>
          <Text size="sm">
            <Trans>The clock starts now and does not stop, even if you close the app. Your answers are saved as you choose them, also without a connection.</Trans>
          </Text>
          <Text size="sm" fw={600}>
            <Trans>You can take this test once.</Trans>
          </Text>
        </Stack>
      ),
      labels: { confirm: t`Start the test`, cancel: t`Not now` },
      onConfirm: () =>
        start.mutate(test._id, {
          onSuccess: (attempt) => void navigate(`/app/student/online-tests/attempts/${attempt._id}`),
          onError: (error) => notifications.show({ color: 'red', title: t`The test did not start`, message: normalizeError(error).message }),
        }),
    });
  };
  return { begin, starting: start.isPending };
}

type TestCardProps = { test: ListedTest; onBegin: (test: ListedTest) => void; starting: boolean };

function StudentTestCard({ test, onBegin, starting }: TestCardProps) {
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid={`online-test-${test._id}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {test.title}
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>
              {plural(test.questionCount, { one: '# question', other: '# questions' })} · {test.durationMinutes} min · out of {formatNumber(test.maxMarks)}
            </Trans>
          </Text>
          <Text size="sm">
            {test.phase === 'upcoming' ? <Trans>Opens {formatDateTime(test.opensAt)}</Trans> : <Trans>Closes {formatDateTime(test.closesAt)}</Trans>}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <TestAction test={test} onBegin={onBegin} starting={starting} />
        </Stack>
      </Group>
    </Card>
  );
}

/** The test's result, Resume, Start, or whether it is upcoming or was missed. */
function TestAction({ test, onBegin, starting }: TestCardProps) {
  const { t } = useLingui();
  const attempt = test.attempt;
  // Past its end, the attempt screen shows the result (the server submits it).
  const inProgress = attempt && !attempt.submittedAt && test.phase === 'open';
  return attempt?.submittedAt ? (
    <>
      <Badge color="teal" variant="light">
        {attempt.score === null ? t`Submitted` : t`Score ${formatNumber(attempt.score)}`}
      </Badge>
      {attempt.score === null ? (
        // No score until the results show (issue 71): when they will.
        <Text size="xs" c="dimmed" ta="right">
          <Trans>Results {formatDateTime(test.resultsAt ?? test.closesAt)}</Trans>
        </Text>
      ) : null}
      <Button component={Link} to={`/app/student/online-tests/attempts/${attempt._id}/result`} variant="light" size="sm">
        <Trans>See result</Trans>
      </Button>
    </>
  ) : inProgress ? (
    <Button component={Link} to={`/app/student/online-tests/attempts/${attempt._id}`} size="sm" onMouseEnter={preloadMathMarkdown}>
      <Trans>Resume</Trans>
    </Button>
  ) : attempt ? (
    <Button component={Link} to={`/app/student/online-tests/attempts/${attempt._id}/result`} variant="light" size="sm">
      <Trans>See result</Trans>
    </Button>
  ) : test.phase === 'open' ? (
    // A plain form (issue 74): tapped before the app has taken the page over, or without it, the
    // browser posts it and the server starts the test (apps/api start-form.routes.ts); once the
    // app runs, Start opens the instructions and starts it through the API.
    <form
      method="post"
      action={`/app/student/online-tests/${encodeURIComponent(test._id)}/start`}
      data-html-form
      onSubmit={(event) => {
        event.preventDefault();
        onBegin(test);
      }}
    >
      <Button type="submit" leftSection={<IconPlayerPlay size={16} aria-hidden="true" />} loading={starting} size="sm">
        <Trans>Start</Trans>
      </Button>
    </form>
  ) : test.phase === 'upcoming' ? (
    <Badge color="blue" variant="light">
      <Trans>Upcoming</Trans>
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      <Trans>Missed</Trans>
    </Badge>
  );
}
