import { describe, expect, it } from 'vitest';
import { itemsOfPages, nextPageParam } from './paged-list';

describe('paged lists', () => {
  it('asks for the next page until every item is loaded', () => {
    expect(nextPageParam({ pagination: { page: 1, limit: 20, total: 45 } })).toBe(2);
    expect(nextPageParam({ pagination: { page: 2, limit: 20, total: 45 } })).toBe(3);
    expect(nextPageParam({ pagination: { page: 3, limit: 20, total: 45 } })).toBeUndefined();
    expect(nextPageParam({ pagination: { page: 1, limit: 20, total: 20 } })).toBeUndefined();
    expect(nextPageParam({ pagination: { page: 1, limit: 20, total: 0 } })).toBeUndefined();
  });

  it('keeps each item once, in the order of the pages', () => {
    const a = { _id: 'a' };
    const b = { _id: 'b' };
    const c = { _id: 'c' };
    expect(itemsOfPages([[a, b], [b, c]])).toEqual([a, b, c]);
    expect(itemsOfPages([])).toEqual([]);
  });
});
