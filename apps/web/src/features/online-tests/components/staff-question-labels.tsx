import { useLingui } from '@lingui/react/macro';
import type { QuestionDifficulty } from '@academy/shared/schemas/online-tests';

/** A question's difficulty in the language shown. */
export function useDifficultyLabels(): Record<QuestionDifficulty, string> {
  const { t } = useLingui();
  return { easy: t`Easy`, medium: t`Medium`, hard: t`Hard` };
}

/** The difficulty's colour: green, yellow, red (as the question bank shows it). */
export const DIFFICULTY_COLORS: Record<QuestionDifficulty, string> = { easy: 'teal', medium: 'yellow', hard: 'red' };

/** A, B, C, D: the options' letters, as on the paper. */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);
