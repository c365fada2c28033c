import { describe, expect, it } from 'vitest';
import { averageAndHighest, competitionRanks, percentageOf } from './ranking';

const row = (name: string, halfMarks: number | null, absent = false) => ({ name, halfMarks, absent });

describe('competitionRanks', () => {
  it('gives ties the same rank and skips the places they share (1, 2, 2, 4)', () => {
    const rows = [row('a', 80), row('b', 90), row('c', 80), row('d', 70), row('e', 100)];
    const ranks = competitionRanks(rows);
    expect(rows.map((r) => ranks.get(r))).toEqual([3, 2, 3, 5, 1]);
  });

  it('ranks 1, 2, 2, 4 exactly', () => {
    const rows = [row('a', 100), row('b', 91), row('c', 91), row('d', 50)];
    const ranks = competitionRanks(rows);
    expect(rows.map((r) => ranks.get(r))).toEqual([1, 2, 2, 4]);
  });

  it('does not rank absent students or students without marks', () => {
    const rows = [row('a', null, true), row('b', 10), row('c', null), row('d', 10)];
    const ranks = competitionRanks(rows);
    expect(rows.map((r) => ranks.get(r))).toEqual([undefined, 1, undefined, 1]);
  });

  it('ranks everyone first when all have the same marks, and zero marks are ranked', () => {
    const rows = [row('a', 0), row('b', 0)];
    const ranks = competitionRanks(rows);
    expect(rows.map((r) => ranks.get(r))).toEqual([1, 1]);
  });

  it('answers an empty map for nobody', () => {
    expect(competitionRanks([]).size).toBe(0);
  });
});

describe('averageAndHighest and percentageOf', () => {
  it('averages the students who sat, exactly (0.5 steps never drift)', () => {
    // 45.5 + 0.5 + 0.5 = 46.5 over 3 → 15.5
    expect(averageAndHighest([row('a', 91), row('b', 1), row('c', 1), row('d', null, true)])).toEqual({ average: 15.5, highest: 45.5, present: 3 });
  });
  it('is null when nobody sat', () => {
    expect(averageAndHighest([row('a', null, true)])).toEqual({ average: null, highest: null, present: 0 });
  });
  it('percentage with one decimal', () => {
    expect(percentageOf(91, 100)).toBe(91);
    expect(percentageOf(2, 6)).toBe(33.3);
    expect(percentageOf(null, 100)).toBeNull();
  });
});
