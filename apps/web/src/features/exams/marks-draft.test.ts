/* eslint-disable lingui/no-unlocalized-strings -- test names, read by developers only (features/exams/** is linted for translation) */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeUserItems } from '../../lib/user-storage';
import { clearMarksDraft, marksProblem, readMarksDraft, saveMarksDraft } from './marks-draft';

describe('marks draft', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      get length() {
        return store.size;
      },
      key: (index: number) => [...store.keys()][index] ?? null,
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is read back only by the user who typed it, until saved or signed out', () => {
    saveMarksDraft('teacher-1', 'test-1', { s1: { marks: '15.5', absent: false } });
    expect(readMarksDraft('teacher-1', 'test-1')?.rows).toEqual({ s1: { marks: '15.5', absent: false } });
    // The next person on a shared phone opens the same test: no draft.
    expect(readMarksDraft('teacher-2', 'test-1')).toBeUndefined();

    clearMarksDraft('teacher-1', 'test-1');
    expect(readMarksDraft('teacher-1', 'test-1')).toBeUndefined();

    saveMarksDraft('teacher-1', 'test-1', { s1: { marks: '12', absent: false } });
    saveMarksDraft('teacher-2', 'test-1', { s1: { marks: '', absent: true } });
    removeUserItems('teacher-1');
    expect(readMarksDraft('teacher-1', 'test-1')).toBeUndefined();
    expect(readMarksDraft('teacher-2', 'test-1')?.rows).toEqual({ s1: { marks: '', absent: true } });
  });
});

describe('marksProblem', () => {
  it('flags marks above the maximum and marks not in steps of 0.5, and lets an empty field be', () => {
    expect(marksProblem('', 25)).toBeNull();
    expect(marksProblem('25', 25)).toBeNull();
    expect(marksProblem('12,5', 25)).toBeNull();
    expect(marksProblem('25.5', 25)).toBe('above');
    expect(marksProblem('120', 25)).toBe('above');
    expect(marksProblem('12.3', 25)).toBe('step');
    expect(marksProblem('-1', 25)).toBe('step');
    expect(marksProblem('abc', 25)).toBe('step');
  });
});
