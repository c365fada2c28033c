import { Button, Card, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Attempt } from '@academy/shared/schemas/online-tests';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { changeAnswer, isAnswered, type AttemptDraft, type LocalAnswer } from '../attempt-answers';
import classes from './attempt-screen.module.css';

const LETTERS = ['A', 'B', 'C', 'D'];

type AttemptQuestionItem = Attempt['questions'][number];
type UpdateDraft = (change: (draft: AttemptDraft) => AttemptDraft) => void;

/**
 * What a numeric answer's field shows for each question: the text typed (a half-typed "-" or "9." is
 * kept as typed), else the answer kept.
 */
export function useTypedNumbers() {
  const [numberText, setNumberText] = useState<Record<string, string>>({});
  const typedFor = (questionId: string, answer: LocalAnswer | undefined) => numberText[questionId] ?? (answer?.value === null || answer?.value === undefined ? '' : String(answer.value));
  const setTyped = (questionId: string, text: string) => setNumberText((current) => ({ ...current, [questionId]: text }));
  return { typedFor, setTyped };
}

type QuestionCardProps = { attempt: Attempt; question: AttemptQuestionItem; answer: LocalAnswer | undefined; typed: string; onType: (text: string) => void; update: UpdateDraft };

/** The question on screen: its number, marking, text, and its options or the number to type. */
export function QuestionCard({ attempt, question, answer, typed, onType, update }: QuestionCardProps) {
  const { t } = useLingui();
  const marks = question.type === 'numeric' ? t`Type the number` : question.type === 'multiple' ? t`One or more answers` : t`One answer`;
  return (
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
          <Radio.Group value={answer?.choice[0] ?? null} onChange={(optionId) => update((draft) => changeAnswer(draft, question._id, { choice: [optionId] }))} aria-label={t`Answer`}>
            <OptionCards options={question.options} multiple={false} />
          </Radio.Group>
        ) : question.type === 'multiple' ? (
          <Checkbox.Group value={answer?.choice ?? []} onChange={(choice) => update((draft) => changeAnswer(draft, question._id, { choice }))} aria-label={t`Answer`}>
            <OptionCards options={question.options} multiple />
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
              onType(text);
              const value = text.trim() === '' ? null : Number(text);
              if (value === null || Number.isFinite(value)) update((draft) => changeAnswer(draft, question._id, { value }));
            }}
            maw={240}
          />
        )}
      </Stack>
    </Card>
  );
}

/** A choice question's options as cards: radio cards for one answer, check cards for one or more. */
function OptionCards({ options, multiple }: { options: AttemptQuestionItem['options']; multiple: boolean }) {
  return (
    <Stack gap="xs">
      {options.map((option, position) => {
        const content = (
          <Group wrap="nowrap" align="flex-start" gap="sm">
            {multiple ? <Checkbox.Indicator /> : <Radio.Indicator />}
            <Text fw={600}>{LETTERS[position]}</Text>
            <MathMarkdown source={option.text} className={classes.optionText} />
          </Group>
        );
        return multiple ? (
          <Checkbox.Card key={option._id} value={option._id} radius="md" p="sm" className={classes.option}>
            {content}
          </Checkbox.Card>
        ) : (
          <Radio.Card key={option._id} value={option._id} radius="md" p="sm" className={classes.option}>
            {content}
          </Radio.Card>
        );
      })}
    </Stack>
  );
}

type QuestionMovesProps = { index: number; count: number; questionId: string; answer: LocalAnswer | undefined; update: UpdateDraft; onClearTyped: () => void; leave: (next: number) => void };

/** Previous, clear the answer, mark for review (and on to the next), save and next. */
export function QuestionMoves({ index, count, questionId, answer, update, onClearTyped, leave }: QuestionMovesProps) {
  return (
    <Group gap="xs" justify="space-between">
      <Group gap="xs">
        <Button variant="default" onClick={() => leave(index - 1)} disabled={index === 0}>
          <Trans>Previous</Trans>
        </Button>
        <Button
          variant="default"
          onClick={() => {
            onClearTyped();
            update((draft) => changeAnswer(draft, questionId, { choice: [], value: null }));
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
            update((draft) => changeAnswer(draft, questionId, { markedForReview: !answer?.markedForReview }));
            if (!answer?.markedForReview) leave(index + 1);
          }}
        >
          {answer?.markedForReview ? <Trans>Unmark review</Trans> : <Trans>Mark for review & next</Trans>}
        </Button>
        <Button onClick={() => leave(index + 1)} disabled={index === count - 1}>
          <Trans>Save & next</Trans>
        </Button>
      </Group>
    </Group>
  );
}
