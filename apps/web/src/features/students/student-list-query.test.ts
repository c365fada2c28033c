import { describe, expect, it } from 'vitest';
import { pageCount, parseStudentListState, toggleSort, toStudentListParams, toStudentListQuery } from './student-list-query';

describe('student list state', () => {
  it('reads defaults from an empty address and writes nothing back', () => {
    const state = parseStudentListState(new URLSearchParams());
    expect(state).toEqual({ search: '', standardId: '', batchId: '', status: 'active', sort: 'name', order: 'asc', page: 1 });
    expect(toStudentListParams(state).toString()).toBe('');
  });

  it('ignores values the API would refuse', () => {
    const state = parseStudentListState(new URLSearchParams('status=gone&sort=email&order=up&page=-2'));
    expect(state).toMatchObject({ status: 'active', sort: 'name', order: 'asc', page: 1 });
  });

  it('round-trips set filters and builds the API query with the page size', () => {
    const params = new URLSearchParams('search=patil&standardId=abc&batchId=b1&status=all&sort=createdAt&order=desc&page=3');
    const state = parseStudentListState(params);
    expect(toStudentListParams(state).toString()).toBe(params.toString());
    expect(toStudentListQuery(state)).toEqual({ search: 'patil', standardId: 'abc', batchId: 'b1', status: 'all', sort: 'createdAt', order: 'desc', page: '3', limit: '20' });
  });

  it('flips the order on the same column and starts again on page 1', () => {
    const state = parseStudentListState(new URLSearchParams('page=4'));
    expect(toggleSort(state, 'name')).toMatchObject({ sort: 'name', order: 'desc', page: 1 });
    expect(toggleSort({ ...state, order: 'desc' }, 'name')).toMatchObject({ order: 'asc' });
    expect(toggleSort(state, 'standardLevel')).toMatchObject({ sort: 'standardLevel', order: 'asc' });
  });

  it('counts at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });
});
