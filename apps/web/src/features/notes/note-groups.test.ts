import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '@academy/shared/schemas/notes';
import { groupNotesForStudent } from './note-groups';

// English with no catalog: messages show their source text.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const note = (id: string, target: Note['target'], batch?: string): Note => ({
  _id: id,
  title: id,
  description: '',
  subject: null,
  standard: null,
  target,
  batch: batch ? { _id: `b-${batch}`, name: batch } : null,
  student: target === 'student' ? { _id: 's', name: 'Aarav' } : null,
  teacher: null,
  isPublic: false,
  fileName: `${id}.pdf`,
  fileSize: 1,
  fileUrl: '',
  canManage: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('groupNotesForStudent', () => {
  it('puts notes for the student first, then each batch by name, keeping the order inside', () => {
    const groups = groupNotesForStudent([note('1', 'batch', 'Science'), note('2', 'student'), note('3', 'batch', 'Maths'), note('4', 'batch', 'Science')]);
    expect(groups.map((group) => [group.title, group.notes.map((n) => n._id)])).toEqual([
      ['For you', ['2']],
      ['Maths', ['3']],
      ['Science', ['1', '4']],
    ]);
  });
  it('has no "For you" group when nothing is addressed to the student', () => {
    expect(groupNotesForStudent([note('1', 'batch', 'Maths')]).map((group) => group.title)).toEqual(['Maths']);
    expect(groupNotesForStudent([])).toEqual([]);
  });
});
