import { describe, expect, it } from 'vitest';
import { inUseMessage, quoteNames } from './in-use-message';

describe('in-use messages', () => {
  it('names a few records and counts the rest', () => {
    expect(quoteNames(['A'])).toBe('"A"');
    expect(quoteNames(['A', 'B'])).toBe('"A" and "B"');
    expect(quoteNames(['A', 'B', 'C'])).toBe('"A", "B" and "C"');
    expect(quoteNames(['1', '2', '3', '4', '5', '6', '7'])).toBe('"1", "2", "3", "4", "5" and 2 more');
    expect(inUseMessage('Maths', [{ count: 0, singular: 'batch', plural: 'batches' }])).toBeUndefined();
    expect(inUseMessage('Maths', [{ count: 3, singular: 'student', plural: 'students' }])).toBe('Maths cannot be deleted: it is used by 3 students.');
  });
});
