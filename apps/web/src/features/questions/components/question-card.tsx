import { Badge, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES } from '@academy/shared/languages';
import type { Question } from '@academy/shared/schemas/online-tests';
import { QuestionOptions } from '../../../components/ui/question-options';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { DIFFICULTY_COLORS, DIFFICULTY_LABELS, TYPE_LABELS } from '../question-labels';

/** What the card shows of a question: a saved one, or the form's values in its preview. */
export type ShownQuestion = Pick<Question, 'text' | 'type' | 'difficulty' | 'correct' | 'answer' | 'solution' | 'language' | 'chapter' | 'topic'> & {
  options: { text: string }[];
  subjectName?: string;
  duplicateOf?: string | null;
};

/**
 * A question as its author reads it: the text and options rendered (math with KaTeX, pictures), the
 * right options marked, the number and its tolerance for a numeric one, the solution on request, and
 * its subject, chapter, type, difficulty and language as badges. A repeated question is flagged.
 */
export function QuestionCard({ question, actions, headingId }: { question: ShownQuestion; actions?: ReactNode; headingId?: string }) {
  const { t, i18n } = useLingui();
  const [showSolution, setShowSolution] = useState(false);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap={6} wrap="wrap">
          {question.subjectName ? (
            <Badge variant="light" color="indigo">
              {question.subjectName}
            </Badge>
          ) : null}
          {question.chapter ? (
            <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
              {question.topic ? `${question.chapter} · ${question.topic}` : question.chapter}
            </Badge>
          ) : null}
          <Badge variant="light" color="grape">
            {i18n._(TYPE_LABELS[question.type])}
          </Badge>
          <Badge variant="light" color={DIFFICULTY_COLORS[question.difficulty]}>
            {i18n._(DIFFICULTY_LABELS[question.difficulty])}
          </Badge>
          {question.language !== 'en' ? (
            <Badge variant="light" color="gray">
              {LANGUAGE_NAMES[question.language]}
            </Badge>
          ) : null}
          {question.duplicateOf ? (
            <Badge variant="filled" color="orange" leftSection={<IconCopy size={12} aria-hidden="true" />} title={t`The same question is already in the bank`}>
              <Trans>Duplicate</Trans>
            </Badge>
          ) : null}
        </Group>

        <Box id={headingId}>
          <MathMarkdown source={question.text} />
        </Box>

        {question.type === 'numeric' ? (
          <Text size="sm">
            <Text span fw={600}>
              <Trans>Answer:</Trans>
            </Text>{' '}
            {question.answer ? (question.answer.tolerance ? `${question.answer.value} ± ${question.answer.tolerance}` : String(question.answer.value)) : '—'}
          </Text>
        ) : (
          <QuestionOptions options={question.options} correct={question.correct} />
        )}

        {question.solution ? (
          <Stack gap={4}>
            <Button variant="subtle" size="compact-sm" onClick={() => setShowSolution((shown) => !shown)} aria-expanded={showSolution} style={{ alignSelf: 'flex-start' }}>
              {showSolution ? <Trans>Hide solution</Trans> : <Trans>Show solution</Trans>}
            </Button>
            {showSolution ? (
              <Box pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
                <MathMarkdown source={question.solution} />
              </Box>
            ) : null}
          </Stack>
        ) : null}

        {actions}
      </Stack>
    </Card>
  );
}
