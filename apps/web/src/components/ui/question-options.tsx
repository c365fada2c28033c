import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { MathMarkdown } from './math-markdown';

/** A, B, C, D: the options' letters, as in the sheet and on the paper. */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/**
 * A question's options as its author checks them (the question bank, a test's paper): each with its
 * letter and its text (math, pictures), the right ones marked in teal with a tick, and said to screen
 * readers ("Option B, right answer:").
 */
export function QuestionOptions({ options, correct }: { options: { text: string }[]; correct: number[] }) {
  const { t } = useLingui();
  const right = new Set(correct);
  return (
    <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`Options`}>
      {options.map((option, index) => {
        const isRight = right.has(index);
        return (
          <Group
            key={index}
            component="li"
            gap="xs"
            wrap="nowrap"
            align="flex-start"
            p={6}
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              border: `1px solid ${isRight ? 'var(--mantine-color-teal-5)' : 'var(--mantine-color-gray-3)'}`,
              background: isRight ? 'var(--mantine-color-teal-light)' : undefined,
            }}
          >
            <Text fw={700} size="sm" w={18} style={{ flexShrink: 0 }} aria-hidden="true">
              {optionLetter(index)}
            </Text>
            <Box style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              <VisuallyHidden>{isRight ? t`Option ${optionLetter(index)}, right answer:` : t`Option ${optionLetter(index)}:`}</VisuallyHidden>
              <MathMarkdown source={option.text} />
            </Box>
            {isRight ? <IconCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden="true" style={{ flexShrink: 0 }} /> : null}
          </Group>
        );
      })}
    </Stack>
  );
}
