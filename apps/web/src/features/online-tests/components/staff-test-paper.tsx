import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { OnlineTest, Question } from '@academy/shared/schemas/online-tests';
import { QuestionOptions } from '../../../components/ui/question-options';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { formatNumber } from '../../../lib/format-number';
import { DIFFICULTY_COLORS, useDifficultyLabels } from '../../questions/api';
import { useLocalNames } from '../../../lib/public-settings';

/**
 * The paper as its teacher checks it: a section per subject, each question rendered (math, pictures)
 * with its right option marked, or its number, and the solution. Students never get this view: their
 * attempt carries no answers.
 */
export function StaffTestPaper({ test }: { test: OnlineTest }) {
  const names = useLocalNames();
  // Questions are numbered through the whole paper, as the student's attempt numbers them.
  const firstNumbers = test.sections.map((_section, index) => 1 + test.sections.slice(0, index).reduce((sum, earlier) => sum + earlier.questions.length, 0));
  return (
    <Stack gap="lg">
      {test.sections.map((section, sectionIndex) => (
        <Stack key={section.subject._id} gap="sm" component="section" aria-label={names.subject(section.subject)}>
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4">
              {names.subject(section.subject)}
            </Title>
            <Text size="sm" c="dimmed">
              {plural(section.questions.length, { one: '# question', other: '# questions' })}
            </Text>
          </Group>
          {section.questions.map((question, index) => (
            <PaperQuestion key={question._id} question={question} number={firstNumbers[sectionIndex]! + index} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

function PaperQuestion({ question, number }: { question: Question; number: number }) {
  const { t } = useLingui();
  const difficultyLabels = useDifficultyLabels();
  return (
    <Paper component="article" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-label={t`Question ${number}`}>
      <Stack gap="sm">
        <Group gap={6} wrap="wrap">
          <Text fw={700}>{t`Q${number}`}</Text>
          <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
            {question.chapter}
          </Badge>
          <Badge variant="light" color={DIFFICULTY_COLORS[question.difficulty]}>
            {difficultyLabels[question.difficulty]}
          </Badge>
        </Group>
        <Box style={{ overflowWrap: 'anywhere' }}>
          <MathMarkdown source={question.text} />
        </Box>
        {question.type === 'numeric' && question.answer ? (
          <Text size="sm">
            <Text span fw={600} c="teal.8">
              <Trans>Answer:</Trans>
            </Text>{' '}
            {formatNumber(question.answer.value, 6)}
            {question.answer.tolerance > 0 ? ` (± ${formatNumber(question.answer.tolerance, 6)})` : ''}
          </Text>
        ) : (
          <QuestionOptions options={question.options} correct={question.correct} />
        )}
        {question.solution ? (
          <Box p="sm" bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-sm)', overflowWrap: 'anywhere' }}>
            <Text size="sm" fw={600} mb={4}>
              <Trans>Solution</Trans>
            </Text>
            <MathMarkdown source={question.solution} />
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}
