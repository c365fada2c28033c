import { Badge, Box, Group, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { OnlineTest, Question } from '@academy/shared/schemas/online-tests';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { formatNumber } from '../../../lib/format-number';
import { DIFFICULTY_COLORS, optionLetter, useDifficultyLabels } from '../../questions/api';
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
  const right = new Set(question.correct);
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
          <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {question.options.map((option, index) => {
              const isRight = right.has(index);
              return (
                <Group
                  key={option._id}
                  component="li"
                  gap="xs"
                  wrap="nowrap"
                  align="flex-start"
                  p={6}
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: isRight ? 'var(--mantine-color-teal-0)' : undefined,
                    border: `1px solid ${isRight ? 'var(--mantine-color-teal-4)' : 'var(--mantine-color-gray-3)'}`,
                  }}
                >
                  <Text fw={600} w={22} style={{ flexShrink: 0 }}>
                    {optionLetter(index)}
                  </Text>
                  <Box style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    <MathMarkdown source={option.text} />
                  </Box>
                  {isRight ? (
                    <ThemeIcon size="sm" color="teal" radius="xl" style={{ flexShrink: 0 }}>
                      <IconCheck size={14} aria-hidden="true" />
                    </ThemeIcon>
                  ) : null}
                  {isRight ? (
                    <VisuallyHidden>
                      <Trans>Right answer</Trans>
                    </VisuallyHidden>
                  ) : null}
                </Group>
              );
            })}
          </Stack>
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
