import { Alert, Button, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconLayoutGrid } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Attempt } from '@academy/shared/schemas/online-tests';
import { ApiError, normalizeError } from '../../../lib/api-client';
import { modals } from '../../../lib/modals';
import { clockText, paletteState, type AttemptDraft } from '../attempt-answers';
import { attemptSections, QuestionPalette, SyncBadge, type AttemptSection } from './attempt-palette';
import { QuestionCard, QuestionMoves, useTypedNumbers } from './attempt-question';
import { useAttemptTaking } from './use-attempt-taking';
import classes from './attempt-screen.module.css';
import { useLocalNames } from '../../../lib/public-settings';

/**
 * Taking an online test on a phone (issue 40): one question at a time with its options, the server's
 * countdown, a palette of every question's state, sections per subject, answers kept on the phone and
 * sent as they are chosen; at the end of the time the attempt is submitted (by the server too).
 */
export function AttemptScreen({ attempt, userId }: { attempt: Attempt; userId: string }) {
  const { t } = useLingui();
  const taking = useAttemptTaking(attempt, userId);
  const { sync, submit, index, question, answer, leave } = taking;
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const { typedFor, setTyped } = useTypedNumbers();
  const askSubmit = useAskSubmit(attempt, sync.draft.answers, taking.finish);
  const sections = attemptSections(attempt);

  const palette = <QuestionPalette attempt={attempt} sections={sections} answers={sync.draft.answers} index={index} onPick={leave} onSubmit={askSubmit} submitting={submit.isPending} />;

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" className={classes.bar}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={1} size="h5" lineClamp={1}>
            {attempt.test.title}
          </Title>
          <Text fw={700} ff="monospace" c={taking.left !== null && taking.left < 300 ? 'red.8' : undefined} aria-label={t`Time left`} data-testid="time-left" role="timer">
            {taking.left === null ? '–:––' : clockText(taking.left)}
          </Text>
        </Group>
        <Group justify="space-between" mt={6} gap="xs">
          <SyncBadge sync={sync} />
          {wide ? null : (
            <Button size="compact-sm" variant="light" leftSection={<IconLayoutGrid size={16} aria-hidden="true" />} onClick={() => taking.setPaletteOpen(true)}>
              <Trans>All questions</Trans>
            </Button>
          )}
        </Group>
      </Paper>
      <AttemptAlerts refused={sync.status === 'refused'} submitError={submit.isError ? submit.error : null} />
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          {sections.length > 1 ? <SectionButtons sections={sections} index={index} leave={leave} /> : null}
          <QuestionCard attempt={attempt} question={question} answer={answer} typed={typedFor(question._id, answer)} onType={(text) => setTyped(question._id, text)} update={sync.update} />
          <QuestionMoves index={index} count={attempt.questions.length} questionId={question._id} answer={answer} update={sync.update} onClearTyped={() => setTyped(question._id, '')} leave={leave} />
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
          <Drawer opened={taking.paletteOpen} onClose={() => taking.setPaletteOpen(false)} position="bottom" size="auto" title={t`All questions`}>
            {palette}
          </Drawer>
        </>
      )}
    </Stack>
  );
}

/** Asks before submitting, with how many questions are answered, not answered and marked for review. */
function useAskSubmit(attempt: Attempt, answers: AttemptDraft['answers'], finish: () => Promise<void>) {
  const { t } = useLingui();
  const counts = { answered: 0, marked: 0, notAnswered: 0 };
  for (const each of attempt.questions) {
    const state = paletteState(answers[each._id]);
    if (state === 'answered' || state === 'answered-marked') counts.answered += 1;
    else counts.notAnswered += 1;
    if (state === 'marked' || state === 'answered-marked') counts.marked += 1;
  }
  return () =>
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
}

/** An answer the server refused; a submission that did not go (offline: the answers wait on the phone). */
function AttemptAlerts({ refused, submitError }: { refused: boolean; submitError: Error | null }) {
  const { t } = useLingui();
  return (
    <>
      {refused ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          <Trans>An answer was refused by the server. Choose it again.</Trans>
        </Alert>
      ) : null}
      {submitError ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`Not submitted yet`}>
          {submitError instanceof ApiError && submitError.status === 0
            ? t`No connection. Your answers are kept on this phone; submit again when you are back online. At the end of the time the test is submitted with the answers that reached the server.`
            : normalizeError(submitError).message}
        </Alert>
      ) : null}
    </>
  );
}

/** One button a subject, the current one filled: a tap goes to its first question. */
function SectionButtons({ sections, index, leave }: { sections: AttemptSection[]; index: number; leave: (next: number) => void }) {
  const names = useLocalNames();
  return (
    <Group gap={6}>
      {sections.map((section) => (
        <Button key={section.subject._id} size="compact-sm" variant={index >= section.first && index < section.first + section.count ? 'filled' : 'default'} onClick={() => leave(section.first)}>
          {names.subject(section.subject)}
        </Button>
      ))}
    </Group>
  );
}
