import type { QuestionType } from '@academy/shared/schemas/online-tests';

/*
 * How an online test is scored (issue 40; docs/decisions/037-online-tests.md), as pure functions: the
 * server alone applies them, at submission, on what was saved.
 */

export type AnswerKey = { type: QuestionType; correct: readonly string[]; answerValue: number | null; answerTolerance: number | null };
export type GivenAnswer = { choice: readonly string[]; value: number | null } | undefined;
export type Outcome = 'correct' | 'wrong' | 'unanswered';
/** The scheme in half-marks (+4/−1/0 → 8/−2/0). */
export type HalfMarking = { correct: number; wrong: number; unanswered: number };

/** A numeric answer within the tolerance is right; the small slack absorbs binary fractions (0.1 + 0.2). */
const NUMERIC_SLACK = 1e-9;

/**
 * Right, wrong or left: a choice question is right when exactly the right options are chosen (no partial
 * marks, as JEE Main and NEET); a numeric one when the number is within the tolerance of the answer.
 */
export function outcomeOf(key: AnswerKey, given: GivenAnswer): Outcome {
  if (key.type === 'numeric') {
    if (given?.value === null || given?.value === undefined) return 'unanswered';
    return Math.abs(given.value - (key.answerValue ?? 0)) <= (key.answerTolerance ?? 0) + NUMERIC_SLACK ? 'correct' : 'wrong';
  }
  if (!given || given.choice.length === 0) return 'unanswered';
  const chosen = new Set(given.choice);
  return chosen.size === key.correct.length && key.correct.every((id) => chosen.has(id)) ? 'correct' : 'wrong';
}

export function halfMarksOf(outcome: Outcome, marking: HalfMarking): number {
  return marking[outcome];
}

export type Scored = { scoreHalfMarks: number; correct: number; wrong: number; unanswered: number; outcomes: Map<string, Outcome> };

/** An attempt's score over its questions (each question once, whatever the order). */
export function scoreAttempt(questionIds: readonly string[], keys: ReadonlyMap<string, AnswerKey>, answers: ReadonlyMap<string, GivenAnswer>, marking: HalfMarking): Scored {
  const scored: Scored = { scoreHalfMarks: 0, correct: 0, wrong: 0, unanswered: 0, outcomes: new Map() };
  for (const questionId of questionIds) {
    const key = keys.get(questionId);
    if (!key) continue;
    const outcome = outcomeOf(key, answers.get(questionId));
    scored.outcomes.set(questionId, outcome);
    scored[outcome] += 1;
    scored.scoreHalfMarks += halfMarksOf(outcome, marking);
  }
  return scored;
}

/**
 * Rank and percentile of a score among the test's scores (competition rank: equal scores share a rank,
 * the next rank skips). Percentile as the national testing agency states it: the share of candidates
 * who scored the same or less, two decimals.
 */
export function standingOf(score: number, scores: readonly number[]): { rank: number; outOf: number; percentile: number } {
  const better = scores.filter((other) => other > score).length;
  const notBetter = scores.filter((other) => other <= score).length;
  const outOf = scores.length;
  return { rank: better + 1, outOf, percentile: outOf === 0 ? 0 : Math.round((10_000 * notBetter) / outOf) / 100 };
}

/**
 * How well a question tells the strong from the weak: the share right in the top third of the attempts
 * (by score) minus the share right in the bottom third. Null below three attempts (no thirds).
 */
export function discriminationOf(attempts: readonly { score: number; correct: boolean }[]): number | null {
  const third = Math.floor(attempts.length / 3);
  if (third < 1) return null;
  const sorted = [...attempts].sort((a, b) => b.score - a.score);
  const share = (group: readonly { correct: boolean }[]) => group.filter((attempt) => attempt.correct).length / group.length;
  return Math.round(100 * (share(sorted.slice(0, third)) - share(sorted.slice(-third)))) / 100;
}

/** A fair shuffle (Fisher–Yates) with the given source of randomness. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}
