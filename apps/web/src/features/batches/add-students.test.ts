import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudentListItem } from '@academy/shared/schemas/students';
import { ApiError } from '../../lib/api-client';
import { candidateGroups, clashOf, seatsLeftText, toEnrolledStudent } from './add-students';

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

  it('reads the clash warning of the API and nothing else', () => {
    expect(clashOf(new ApiError('Riya already has "9th Maths" at that time', 409, { success: false, message: '…', errors: { clash: '9th Maths' } }))).toBe('9th Maths');
    expect(clashOf(new ApiError('Batch is full', 409, { success: false, message: 'Batch is full' }))).toBeUndefined();
    expect(clashOf(new Error('offline'))).toBeUndefined();
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
