import { describe, expect, it } from 'vitest';
import { headerKey, matchHeaders } from './sheet-headers';

describe('matchHeaders', () => {
  const columnOf = (text: string) => ({ name: 'name', phone: 'phone', मोबाइल: 'phone' } as Record<string, 'name' | 'phone'>)[headerKey(text)];

  it('finds the first row with a cell and each column in the sheet order; the first header of a column wins', () => {
    const { headerIndex, positions } = matchHeaders([[], ['  ', ''], ['Notes', 'Phone', ' NAME ', 'मोबाइल'], ['x', '1', 'Asha', '2']], columnOf);
    expect(headerIndex).toBe(2);
    expect([...positions]).toEqual([
      ['phone', 1],
      ['name', 2],
    ]);
  });

  it('keeps letters, digits and Devanagari marks only', () => {
    expect(headerKey('Option A')).toBe('optiona');
    expect(headerKey('मोबाइल नंबर')).toBe('मोबाइलनंबर');
  });
});
