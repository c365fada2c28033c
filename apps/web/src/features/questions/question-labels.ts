import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { QuestionDifficulty, QuestionType } from '@academy/shared/schemas/online-tests';

/** How a question's type and difficulty read on screen, and the difficulty's colour (green, yellow, red). */
export const TYPE_LABELS: Record<QuestionType, MessageDescriptor> = {
  single: msg`Single answer`,
  multiple: msg`Multiple answers`,
  numeric: msg`Numeric`,
};

export const DIFFICULTY_LABELS: Record<QuestionDifficulty, MessageDescriptor> = {
  easy: msg`Easy`,
  medium: msg`Medium`,
  hard: msg`Hard`,
};

export const DIFFICULTY_COLORS: Record<QuestionDifficulty, string> = { easy: 'teal', medium: 'yellow', hard: 'red' };

// A, B, C, D: the options' letters (the one definition is beside the options' list).
export { optionLetter } from '../../components/ui/question-options';

/** A question's difficulty in the language shown, for each difficulty (the online tests' pickers and paper). */
export function useDifficultyLabels(): Record<QuestionDifficulty, string> {
  const { i18n } = useLingui();
  return { easy: i18n._(DIFFICULTY_LABELS.easy), medium: i18n._(DIFFICULTY_LABELS.medium), hard: i18n._(DIFFICULTY_LABELS.hard) };
}
