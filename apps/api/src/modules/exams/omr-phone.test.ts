import { describe, expect, it } from 'vitest';
import { disagreements, phoneReadingOf } from './omr.service';

describe('the phone’s reading sent with a scan (decision 086)', () => {
  it('is taken only when it is a list of letters or blanks', () => {
    expect(phoneReadingOf(JSON.stringify({ answers: ['A', null, 'C'], uncertain: [2] }))).toEqual({ answers: ['A', null, 'C'], uncertain: [2] });
    expect(phoneReadingOf(JSON.stringify({ answers: ['A', 'Z'] }))).toBeUndefined();
    expect(phoneReadingOf('not json')).toBeUndefined();
    expect(phoneReadingOf(undefined)).toBeUndefined();
  });

  it('flags the questions both read with certainty but differently', () => {
    const phone = { answers: ['A', 'B', null, 'D', 'A'], uncertain: [3] };
    expect(disagreements(phone, { answers: ['A', 'C', 'B', 'D', null], uncertain: [] })).toEqual([2, 5]);
    // A question either side was not sure of is already flagged (or settled by the server's reading).
    expect(disagreements(phone, { answers: ['A', 'C', 'B', 'D', 'A'], uncertain: [2] })).toEqual([]);
    // Another count of questions: not the same sheet's reading, ignored.
    expect(disagreements({ answers: ['A'], uncertain: [] }, { answers: ['B', 'C'], uncertain: [] })).toEqual([]);
  });
});
