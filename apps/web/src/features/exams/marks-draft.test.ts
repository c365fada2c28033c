/* eslint-disable lingui/no-unlocalized-strings -- test names, read by developers only (features/exams/** is linted for translation) */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLocalStorage } from '../../lib/fake-local-storage';
import { removeUserItems } from '../../lib/user-storage';
import type { ExamResults } from '@academy/shared/schemas/exams';
import { clearMarksDraft, marksProblem, marksToSave, offeredAbsentees, readMarksDraft, saveMarksDraft, type MarksDraftRow } from './marks-draft';

describe('marks draft', () => {
  beforeEach(() => {
    fakeLocalStorage();
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
    expect(marksProblem('-1', 25)).toBe('negative');
    expect(marksProblem(' -2,5', 25)).toBe('negative');
    expect(marksProblem('abc', 25)).toBe('number');
    expect(marksProblem('1-2', 25)).toBe('number');
    expect(marksProblem('A', 25)).toBe('number');
  });
});

const row = (id: string, marks: number | null, absent = false) => ({ student: { _id: id, name: id, email: null }, marks, absent, percentage: null, rank: null });
const results = (rows: ReturnType<typeof row>[]) => ({ rows }) as unknown as ExamResults;

describe('offeredAbsentees', () => {
  it("offers the day's absentees with nothing saved and nothing typed, and no one else", () => {
    const test = results([row('a', null), row('b', 12), row('c', null, true), row('d', null), row('e', null)]);
    const edits: Record<string, MarksDraftRow> = { d: { marks: '', absent: false } };
    // a: offered; b: has saved marks; c: already saved absent; d: the teacher changed it; e: present that day.
    expect([...offeredAbsentees(test, ['a', 'b', 'c', 'd', 'x'], edits)]).toEqual(['a']);
    expect(offeredAbsentees(test, [], {}).size).toBe(0);
  });
});

describe('marksToSave', () => {
  const rows: Record<string, MarksDraftRow> = {
    a: { marks: '12,5', absent: false },
    b: { marks: '', absent: false },
    c: { marks: '30', absent: false },
    d: { marks: '', absent: true },
    e: { marks: 'x', absent: false },
  };
  it('sends typed marks and absentees in the roster order, leaves empty rows out, and lists the mistakes in the same order', () => {
    const { marks, problems } = marksToSave(['a', 'b', 'c', 'd', 'e'], (id) => rows[id]!, 25);
    expect(marks).toEqual([
      { studentId: 'a', marks: 12.5, absent: false },
      { studentId: 'd', marks: null, absent: true },
    ]);
    expect(problems).toEqual([
      ['c', 'above'],
      ['e', 'number'],
    ]);
  });
});
