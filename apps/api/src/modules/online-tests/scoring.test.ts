import { describe, expect, it } from 'vitest';
import { discriminationOf, outcomeOf, scoreAttempt, shuffled, standingOf, type AnswerKey } from './scoring';

const single: AnswerKey = { type: 'single', correct: ['b'], answerValue: null, answerTolerance: null };
const multiple: AnswerKey = { type: 'multiple', correct: ['a', 'c'], answerValue: null, answerTolerance: null };
const numeric: AnswerKey = { type: 'numeric', correct: [], answerValue: 9.81, answerTolerance: 0.01 };

describe('online test scoring', () => {
  it('marks a choice right only with exactly the right options', () => {
    expect(outcomeOf(single, { choice: ['b'], value: null })).toBe('correct');
    expect(outcomeOf(single, { choice: ['a'], value: null })).toBe('wrong');
    expect(outcomeOf(single, { choice: [], value: null })).toBe('unanswered');
    expect(outcomeOf(single, undefined)).toBe('unanswered');
    expect(outcomeOf(multiple, { choice: ['c', 'a'], value: null })).toBe('correct');
    expect(outcomeOf(multiple, { choice: ['a'], value: null })).toBe('wrong');
    expect(outcomeOf(multiple, { choice: ['a', 'b', 'c'], value: null })).toBe('wrong');
  });

  it('takes a number within the tolerance, binary fractions included', () => {
    expect(outcomeOf(numeric, { choice: [], value: 9.8 })).toBe('correct');
    expect(outcomeOf(numeric, { choice: [], value: 9.82 })).toBe('correct');
    expect(outcomeOf(numeric, { choice: [], value: 9.83 })).toBe('wrong');
    expect(outcomeOf(numeric, { choice: [], value: null })).toBe('unanswered');
    expect(outcomeOf({ type: 'numeric', correct: [], answerValue: 0.3, answerTolerance: 0 }, { choice: [], value: 0.1 + 0.2 })).toBe('correct');
  });

  it('scores the issue’s paper: three right, one wrong, one left at +4/−1/0 is 11', () => {
    const keys = new Map<string, AnswerKey>([
      ['q1', single],
      ['q2', multiple],
      ['q3', numeric],
      ['q4', single],
      ['q5', single],
    ]);
    const answers = new Map([
      ['q1', { choice: ['b'], value: null }],
      ['q2', { choice: ['a', 'c'], value: null }],
      ['q3', { choice: [], value: 9.81 }],
      ['q4', { choice: ['d'], value: null }],
    ]);
    const scored = scoreAttempt(['q1', 'q2', 'q3', 'q4', 'q5'], keys, answers, { correct: 8, wrong: -2, unanswered: 0 });
    expect(scored).toMatchObject({ scoreHalfMarks: 22, correct: 3, wrong: 1, unanswered: 1 });
    expect(scored.outcomes.get('q4')).toBe('wrong');
  });

  it('ranks with ties sharing a rank and gives the percentile of those scoring the same or less', () => {
    const scores = [22, 30, 22, 10];
    expect(standingOf(30, scores)).toEqual({ rank: 1, outOf: 4, percentile: 100 });
    expect(standingOf(22, scores)).toEqual({ rank: 2, outOf: 4, percentile: 75 });
    expect(standingOf(10, scores)).toEqual({ rank: 4, outOf: 4, percentile: 25 });
  });

  it('measures discrimination between the top and bottom thirds', () => {
    const attempts = [
      { score: 30, correct: true },
      { score: 25, correct: true },
      { score: 20, correct: false },
      { score: 15, correct: true },
      { score: 10, correct: false },
      { score: 5, correct: false },
    ];
    expect(discriminationOf(attempts)).toBe(1);
    expect(discriminationOf(attempts.slice(0, 2))).toBeNull();
  });

  it('shuffles every item exactly once', () => {
    const items = Array.from({ length: 50 }, (_unused, index) => index);
    const result = shuffled(items);
    expect([...result].sort((a, b) => a - b)).toEqual(items);
  });
});
