import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudentListItem } from '@academy/shared/schemas/students';
import { ApiError } from '../../lib/api-client';
import { bulkRefusalOf, candidateGroups, onlyClashes, problemLine, seatsLeftText, toEnrolledStudent, toggleAllShown } from './add-students';

// English with no catalog: messages show their source text.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const student = (id: string, name: string): StudentListItem =>
  ({ _id: id, name, email: `${id}@example.com`, phone: null, parentPhone: null, standard: null, batches: [] }) as unknown as StudentListItem;

describe('adding existing students to a batch', () => {
  it('puts the standard-matching students first, each once, without the enrolled ones', () => {
    const groups = candidateGroups([student('a', 'Asha'), student('b', 'Bala')], [student('a', 'Asha'), student('c', 'Chetan'), student('d', 'Dev')], new Set(['b', 'd']));
    expect(groups.matching.map((item) => item._id)).toEqual(['a']);
    expect(groups.others.map((item) => item._id)).toEqual(['c']);
  });

  it('reads a refused bulk enrolment: each student, the seats, the clashes, and nothing else', () => {
    const refused = new ApiError('Nothing was changed: 1 of the chosen students cannot be enrolled', 409, {
      success: false,
      message: '…',
      errors: { 'students.a': 'Asha is archived: restore the student before enrolling them', capacity: 'Batch is full', 'clash.b': 'Bala already has "9th Maths" at that time' },
    });
    expect(bulkRefusalOf(refused)).toEqual({
      students: [{ studentId: 'a', message: 'Asha is archived: restore the student before enrolling them' }],
      capacity: 'Batch is full',
      clashes: [{ studentId: 'b', message: 'Bala already has "9th Maths" at that time' }],
    });
    expect(onlyClashes(bulkRefusalOf(refused)!)).toBe(false);
    const clashOnly = new ApiError('Timetable clash', 409, { success: false, message: '…', errors: { 'clash.b': 'Bala already has "9th Maths" at that time' } });
    expect(onlyClashes(bulkRefusalOf(clashOnly)!)).toBe(true);
    // A single add's clash, a 400 on a field, a network failure: not a bulk refusal.
    expect(bulkRefusalOf(new ApiError('…', 409, { success: false, message: '…', errors: { clash: '9th Maths' } }))).toBeUndefined();
    expect(bulkRefusalOf(new ApiError('…', 400, { success: false, message: '…', errors: { 'students.a': 'x' } }))).toBeUndefined();
    expect(bulkRefusalOf(new Error('offline'))).toBeUndefined();
  });

  it('names the student of a reason that does not', () => {
    expect(problemLine({ studentId: 'a', message: 'Student not found' }, 'Asha')).toBe('Asha: Student not found');
    expect(problemLine({ studentId: 'a', message: 'Asha is archived' }, 'Asha')).toBe('Asha is archived');
    expect(problemLine({ studentId: 'a', message: 'Student not found' }, undefined)).toBe('Student not found');
  });

  it('ticks every shown student, then unticks them, keeping those ticked in another search', () => {
    const earlier = student('z', 'Zoya');
    const shown = [student('a', 'Asha'), student('b', 'Bala')];
    const all = toggleAllShown(new Map([['z', earlier], ['a', shown[0]!]]), shown);
    expect([...all.keys()].sort()).toEqual(['a', 'b', 'z']);
    expect([...toggleAllShown(all, shown).keys()]).toEqual(['z']);
    expect(toggleAllShown(new Map(), []).size).toBe(0);
  });

  it('words the seats left', () => {
    expect(seatsLeftText(0)).toBe('No seats left');
    expect(seatsLeftText(1)).toBe('1 seat left');
    expect(seatsLeftText(4)).toBe('4 seats left');
  });

  it('keeps only the roster fields of a student', () => {
    expect(Object.keys(toEnrolledStudent(student('a', 'Asha'))).sort()).toEqual(['_id', 'email', 'name', 'parentPhone', 'phone', 'standard']);
  });
});
