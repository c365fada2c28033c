import { msg } from '@lingui/core/macro';
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

/** A, B, C, D: the options' letters, as in the sheet and on the paper. */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);
