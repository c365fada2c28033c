import { Alert, Badge, Button, Card, Checkbox, Drawer, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconCloudUpload, IconLayoutGrid } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Attempt } from '@academy/shared/schemas/online-tests';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { ApiError, normalizeError } from '../../../lib/api-client';
import { modals } from '../../../lib/modals';
import { atQuestion, changeAnswer, clockText, isAnswered, keepPaper, paletteState, removeDraft, secondsLeft, visit, type PaletteState } from '../attempt-answers';
import { useSubmitAttempt } from '../api';
import { useAttemptSync } from '../use-attempt-sync';
import classes from './attempt-screen.module.css';
import { useLocalNames } from '../../../lib/public-settings';

const LETTERS = ['A', 'B', 'C', 'D'];

/** Whole seconds since an instant (the time spent on the question on screen). */
function secondsSince(instant: number): number {
  return Math.round((Date.now() - instant) / 1000);
}

/** The palette's colours, as the NTA's screens use them. */
const PALETTE_CLASS: Record<PaletteState, string> = {
  'not-visited': classes.notVisited!,
  'not-answered': classes.notAnswered!,
  answered: classes.answered!,
  marked: classes.marked!,
  'answered-marked': classes.answeredMarked!,
};

/**
 * Taking an online test on a phone (issue 40): one question at a time with its options, the server's
 * countdown, a palette of every question's state, sections per subject, answers kept on the phone and
 * sent as they are chosen; at the end of the time the attempt is submitted (by the server too).
 */
export function AttemptScreen({ attempt, userId }: { attempt: Attempt; userId: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const names = useLocalNames();
  const sync = useAttemptSync(userId, attempt);
  const submit = useSubmitAttempt(attempt._id);
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const [index, setIndex] = useState(() => {
    // Resume where the student was: the question on screen before a reload (issue 54), else the first not answered yet.
    const kept = sync.draft.current;
    if (kept !== undefined && kept >= 0 && kept < attempt.questions.length) return kept;
    const first = attempt.questions.findIndex((question) => !isAnswered(sync.draft.answers[question._id]));
    return first === -1 ? 0 : first;
  });
  const [paletteOpen, setPaletteOpen] = useState(false);
  // Null until the first tick (a second): the clock is read in effects, never while rendering.
  const [left, setLeft] = useState<number | null>(null);
  const [numberText, setNumberText] = useState<Record<string, string>>({});
  const shownAt = useRef(0);
  const question = attempt.questions[index]!;
  const answer = sync.draft.answers[question._id];

  // The time on each question counts into its answer when the student leaves it.
  const leave = (next: number) => {
    const seconds = shownAt.current ? secondsSince(shownAt.current) : 0;
    const current = sync.draft.answers[question._id];
    if (seconds > 0 && isAnswered(current)) sync.update((draft) => changeAnswer(draft, question._id, { timeSpentSeconds: (current?.timeSpentSeconds ?? 0) + seconds }));
    setIndex(Math.max(0, Math.min(attempt.questions.length - 1, next)));
    setPaletteOpen(false);
  };

  const { update } = sync;
  useEffect(() => {
    shownAt.current = Date.now();
    update((draft) => atQuestion(visit(draft, question._id), index));
  }, [question._id, index, update]);
  // The paper itself, for a reload without a connection (issue 54); removed with the answers on submitting.
  useEffect(() => keepPaper(userId, attempt), [userId, attempt]);

  const finish = async () => {
    await sync.flush();
    submit.mutate(undefined, {
      onSuccess: () => {
        removeDraft(userId, attempt._id);
        void navigate(`/app/student/online-tests/attempts/${attempt._id}/result`, { replace: true });
      },
    });
  };

  // The server's clock: at zero, what is on the phone goes, then the attempt is submitted.
  const submitted = useRef(false);
  useEffect(() => {
    const read = () => {
      const seconds = secondsLeft(attempt.endsAt, sync.offsetMs);
      setLeft(seconds);
      if (seconds === 0 && !submitted.current) {
        submitted.current = true;
        void finish();
      }
    };
    read();
    const tick = setInterval(read, 1000);
    return () => clearInterval(tick);
    // finish reads the latest draft through the sync's own refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt.endsAt, sync.offsetMs]);
  // Submitted on another phone, or the time ran out on the server: on to the result.
  useEffect(() => {
    if (sync.status === 'ended' && !submitted.current) {
      submitted.current = true;
      void finish();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sync.status]);

  const counts = { answered: 0, marked: 0, notAnswered: 0 };
  for (const each of attempt.questions) {
    const state = paletteState(sync.draft.answers[each._id]);
    if (state === 'answered' || state === 'answered-marked') counts.answered += 1;
    else counts.notAnswered += 1;
    if (state === 'marked' || state === 'answered-marked') counts.marked += 1;
  }
  const askSubmit = () =>
    modals.openConfirmModal({
      title: t`Submit the test?`,
      children: (
        <Stack gap={4}>
          <Text size="sm">{plural(counts.answered, { one: '# question answered', other: '# questions answered' })}</Text>
          <Text size="sm">{plural(counts.notAnswered, { one: '# question not answered', other: '# questions not answered' })}</Text>
          <Text size="sm">{plural(counts.marked, { one: '# question marked for review', other: '# questions marked for review' })}</Text>
          <Text size="sm" c="dimmed">
            <Trans>You cannot change your answers after submitting.</Trans>
          </Text>
        </Stack>
      ),
      labels: { confirm: t`Submit`, cancel: t`Back to the test` },
      onConfirm: () => void finish(),
    });

  const sections: { subject: Attempt['questions'][number]['subject']; first: number; count: number }[] = [];
  attempt.questions.forEach((each, position) => {
    const last = sections.at(-1);
    if (last && last.subject._id === each.subject._id) last.count += 1;
    else sections.push({ subject: each.subject, first: position, count: 1 });
  });

  const palette = (
    <Stack gap="sm">
      {sections.map((section) => (
        <Stack key={section.subject._id} gap={6}>
          <Text size="sm" fw={600}>
            {names.subject(section.subject)}
          </Text>
          <SimpleGrid cols={6} spacing={6} verticalSpacing={6}>
            {attempt.questions.slice(section.first, section.first + section.count).map((each, offset) => {
              const position = section.first + offset;
              const state = paletteState(sync.draft.answers[each._id]);
              return (
                <UnstyledButton
                  key={each._id}
                  className={`${classes.cell} ${PALETTE_CLASS[state]} ${position === index ? classes.current : ''}`}
                  onClick={() => leave(position)}
                  aria-label={t`Question ${each.number}`}
                  aria-current={position === index ? 'step' : undefined}
                  data-state={state}
                >
                  {each.number}
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
      <Stack gap={4} mt="xs">
        {(
          [
            ['answered', t`Answered`],
            ['not-answered', t`Not answered`],
            ['not-visited', t`Not visited`],
            ['marked', t`Marked for review`],
            ['answered-marked', t`Answered and marked for review (will be evaluated)`],
          ] as const
        ).map(([state, label]) => (
          <Group key={state} gap="xs" wrap="nowrap">
            <span className={`${classes.legend} ${PALETTE_CLASS[state]}`} aria-hidden="true" />
            <Text size="xs">{label}</Text>
          </Group>
        ))}
      </Stack>
      <Button color="teal" onClick={askSubmit} loading={submit.isPending} data-testid="submit-test">
        <Trans>Submit test</Trans>
      </Button>
    </Stack>
  );

  const syncBadge =
    sync.status === 'refused' ? (
      <Badge color="red" variant="light" tt="none" leftSection={<IconAlertTriangle size={14} aria-hidden="true" />} data-testid="sync-status">
        <Trans>Not saved</Trans>
      </Badge>
    ) : sync.status === 'offline' ? (
      <Badge color="orange" variant="light" tt="none" h="auto" py={2} style={{ whiteSpace: 'normal' }} leftSection={<IconCloudOff size={14} aria-hidden="true" />} data-testid="sync-status">
        {plural(sync.waiting, { one: 'Offline: # answer kept on this phone', other: 'Offline: # answers kept on this phone' })}
      </Badge>
    ) : sync.status === 'saving' || sync.waiting > 0 ? (
      <Badge color="blue" variant="light" tt="none" leftSection={<IconCloudUpload size={14} aria-hidden="true" />} data-testid="sync-status">
        <Trans>Saving…</Trans>
      </Badge>
    ) : (
      <Badge color="teal" variant="light" tt="none" leftSection={<IconCloudCheck size={14} aria-hidden="true" />} data-testid="sync-status">
        <Trans>Saved</Trans>
      </Badge>
    );

  const marks = question.type === 'numeric' ? t`Type the number` : question.type === 'multiple' ? t`One or more answers` : t`One answer`;
  const typed = numberText[question._id] ?? (answer?.value === null || answer?.value === undefined ? '' : String(answer.value));

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" className={classes.bar}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={1} size="h5" lineClamp={1}>
            {attempt.test.title}
          </Title>
          <Text fw={700} ff="monospace" c={left !== null && left < 300 ? 'red.8' : undefined} aria-label={t`Time left`} data-testid="time-left" role="timer">
            {left === null ? '–:––' : clockText(left)}
          </Text>
        </Group>
        <Group justify="space-between" mt={6} gap="xs">
          {syncBadge}
          {wide ? null : (
            <Button size="compact-sm" variant="light" leftSection={<IconLayoutGrid size={16} aria-hidden="true" />} onClick={() => setPaletteOpen(true)}>
              <Trans>All questions</Trans>
            </Button>
          )}
        </Group>
      </Paper>
      {sync.status === 'refused' ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          <Trans>An answer was refused by the server. Choose it again.</Trans>
        </Alert>
      ) : null}
      {submit.isError ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`Not submitted yet`}>
          {submit.error instanceof ApiError && submit.error.status === 0
            ? t`No connection. Your answers are kept on this phone; submit again when you are back online. At the end of the time the test is submitted with the answers that reached the server.`
            : normalizeError(submit.error).message}
        </Alert>
      ) : null}
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          {sections.length > 1 ? (
            <Group gap={6}>
              {sections.map((section) => (
                <Button
                  key={section.subject._id}
                  size="compact-sm"
                  variant={index >= section.first && index < section.first + section.count ? 'filled' : 'default'}
                  onClick={() => leave(section.first)}
                >
                  {names.subject(section.subject)}
                </Button>
              ))}
            </Group>
          ) : null}
          <Card withBorder radius="md" padding="md">
            <Group justify="space-between" mb="xs" gap="xs">
              <Text fw={700} data-testid="question-number">
                <Trans>
                  Question {question.number} of {attempt.questions.length}
                </Trans>
              </Text>
              <Text size="xs" c="dimmed">
                {marks} · {t`+${attempt.test.marking.correct}, ${attempt.test.marking.wrong}`}
              </Text>
            </Group>
            <div data-testid="question-text">
              <MathMarkdown source={question.text} className={classes.question} />
            </div>
            <Stack gap="xs" mt="md">
              {question.type === 'single' ? (
                <Radio.Group
                  value={answer?.choice[0] ?? null}
                  onChange={(optionId) => sync.update((draft) => changeAnswer(draft, question._id, { choice: [optionId] }))}
                  aria-label={t`Answer`}
                >
                  <Stack gap="xs">
                    {question.options.map((option, position) => (
                      <Radio.Card key={option._id} value={option._id} radius="md" p="sm" className={classes.option}>
                        <Group wrap="nowrap" align="flex-start" gap="sm">
                          <Radio.Indicator />
                          <Text fw={600}>{LETTERS[position]}</Text>
                          <MathMarkdown source={option.text} className={classes.optionText} />
                        </Group>
                      </Radio.Card>
                    ))}
                  </Stack>
                </Radio.Group>
              ) : question.type === 'multiple' ? (
                <Checkbox.Group
                  value={answer?.choice ?? []}
                  onChange={(choice) => sync.update((draft) => changeAnswer(draft, question._id, { choice }))}
                  aria-label={t`Answer`}
                >
                  <Stack gap="xs">
                    {question.options.map((option, position) => (
                      <Checkbox.Card key={option._id} value={option._id} radius="md" p="sm" className={classes.option}>
                        <Group wrap="nowrap" align="flex-start" gap="sm">
                          <Checkbox.Indicator />
                          <Text fw={600}>{LETTERS[position]}</Text>
                          <MathMarkdown source={option.text} className={classes.optionText} />
                        </Group>
                      </Checkbox.Card>
                    ))}
                  </Stack>
                </Checkbox.Group>
              ) : (
                <TextInput
                  label={t`Your answer`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={typed}
                  error={typed.trim() !== '' && !Number.isFinite(Number(typed)) ? t`Type a number, like 9.81 or -2` : undefined}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    setNumberText((current) => ({ ...current, [question._id]: text }));
                    const value = text.trim() === '' ? null : Number(text);
                    if (value === null || Number.isFinite(value)) sync.update((draft) => changeAnswer(draft, question._id, { value }));
                  }}
                  maw={240}
                />
              )}
            </Stack>
          </Card>
          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              <Button variant="default" onClick={() => leave(index - 1)} disabled={index === 0}>
                <Trans>Previous</Trans>
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setNumberText((current) => ({ ...current, [question._id]: '' }));
                  sync.update((draft) => changeAnswer(draft, question._id, { choice: [], value: null }));
                }}
                disabled={!isAnswered(answer)}
              >
                <Trans>Clear</Trans>
              </Button>
            </Group>
            <Group gap="xs">
              <Button
                variant="light"
                color="grape"
                onClick={() => {
                  sync.update((draft) => changeAnswer(draft, question._id, { markedForReview: !answer?.markedForReview }));
                  if (!answer?.markedForReview) leave(index + 1);
                }}
              >
                {answer?.markedForReview ? <Trans>Unmark review</Trans> : <Trans>Mark for review & next</Trans>}
              </Button>
              <Button onClick={() => leave(index + 1)} disabled={index === attempt.questions.length - 1}>
                <Trans>Save & next</Trans>
              </Button>
            </Group>
          </Group>
        </Stack>
        {wide ? (
          <Paper withBorder radius="md" p="sm" w={300} style={{ flexShrink: 0 }}>
            {palette}
          </Paper>
        ) : null}
      </Group>
      {wide ? null : (
        <>
          <Button color="teal" variant="light" onClick={askSubmit} loading={submit.isPending}>
            <Trans>Submit test</Trans>
          </Button>
          <Drawer opened={paletteOpen} onClose={() => setPaletteOpen(false)} position="bottom" size="auto" title={t`All questions`}>
            {palette}
          </Drawer>
        </>
      )}
    </Stack>
  );
}
