import { Badge, Button, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Attempt } from '@academy/shared/schemas/online-tests';
import { paletteState, type AttemptDraft, type PaletteState } from '../attempt-answers';
import type { SyncStatus } from '../use-attempt-sync';
import classes from './attempt-screen.module.css';
import { useLocalNames } from '../../../lib/public-settings';

/** The palette's colours, as the NTA's screens use them. */
const PALETTE_CLASS: Record<PaletteState, string> = {
  'not-visited': classes.notVisited!,
  'not-answered': classes.notAnswered!,
  answered: classes.answered!,
  marked: classes.marked!,
  'answered-marked': classes.answeredMarked!,
};

export type AttemptSection = { subject: Attempt['questions'][number]['subject']; first: number; count: number };

/** The paper's sections: each run of questions of one subject. */
export function attemptSections(attempt: Attempt): AttemptSection[] {
  const sections: AttemptSection[] = [];
  attempt.questions.forEach((each, position) => {
    const last = sections.at(-1);
    if (last && last.subject._id === each.subject._id) last.count += 1;
    else sections.push({ subject: each.subject, first: position, count: 1 });
  });
  return sections;
}

type QuestionPaletteProps = {
  attempt: Attempt;
  sections: AttemptSection[];
  answers: AttemptDraft['answers'];
  index: number;
  onPick: (position: number) => void;
  onSubmit: () => void;
  submitting: boolean;
};

/** Every question's state by section (tapping one goes to it), the legend, and the submit button. */
export function QuestionPalette({ attempt, sections, answers, index, onPick, onSubmit, submitting }: QuestionPaletteProps) {
  const { t } = useLingui();
  const names = useLocalNames();
  return (
    <Stack gap="sm">
      {sections.map((section) => (
        <Stack key={section.subject._id} gap={6}>
          <Text size="sm" fw={600}>
            {names.subject(section.subject)}
          </Text>
          <SimpleGrid cols={6} spacing={6} verticalSpacing={6}>
            {attempt.questions.slice(section.first, section.first + section.count).map((each, offset) => {
              const position = section.first + offset;
              const state = paletteState(answers[each._id]);
              return (
                <UnstyledButton
                  key={each._id}
                  className={`${classes.cell} ${PALETTE_CLASS[state]} ${position === index ? classes.current : ''}`}
                  onClick={() => onPick(position)}
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
      <PaletteLegend />
      <Button color="teal" onClick={onSubmit} loading={submitting} data-testid="submit-test">
        <Trans>Submit test</Trans>
      </Button>
    </Stack>
  );
}

function PaletteLegend() {
  const { t } = useLingui();
  return (
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
  );
}

/** Whether the answers have reached the server, or wait on the phone (offline), or one was refused. */
export function SyncBadge({ sync }: { sync: { status: SyncStatus; waiting: number } }) {
  const { status } = sync;
  return status === 'refused' ? (
    <Badge color="red" variant="light" tt="none" leftSection={<IconAlertTriangle size={14} aria-hidden="true" />} data-testid="sync-status">
      <Trans>Not saved</Trans>
    </Badge>
  ) : status === 'offline' ? (
    <Badge color="orange" variant="light" tt="none" h="auto" py={2} style={{ whiteSpace: 'normal' }} leftSection={<IconCloudOff size={14} aria-hidden="true" />} data-testid="sync-status">
      {plural(sync.waiting, { one: 'Offline: # answer kept on this phone', other: 'Offline: # answers kept on this phone' })}
    </Badge>
  ) : status === 'saving' || sync.waiting > 0 ? (
    <Badge color="blue" variant="light" tt="none" leftSection={<IconCloudUpload size={14} aria-hidden="true" />} data-testid="sync-status">
      <Trans>Saving…</Trans>
    </Badge>
  ) : (
    <Badge color="teal" variant="light" tt="none" leftSection={<IconCloudCheck size={14} aria-hidden="true" />} data-testid="sync-status">
      <Trans>Saved</Trans>
    </Badge>
  );
}
