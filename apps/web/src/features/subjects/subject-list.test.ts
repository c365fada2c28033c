import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { filterSubjects, isSubjectInUse, sortSubjects, usageSummary } from './subject-list';

// English with no catalog: messages show their source text.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const subjects = [
  { name: 'Physics', code: 'PHY' },
  { name: 'mathematics', code: 'MATH' },
  { name: 'Biology', code: 'BIO' },
  { name: 'Applied Maths', code: 'AMATH' },
];

describe('filterSubjects', () => {
  it('matches the name or the code in any case', () => {
    expect(filterSubjects(subjects, 'math').map((s) => s.code)).toEqual(['MATH', 'AMATH']);
    expect(filterSubjects(subjects, ' phy ').map((s) => s.code)).toEqual(['PHY']);
    expect(filterSubjects(subjects, 'bio').map((s) => s.name)).toEqual(['Biology']);
  });

  it('matches the Marathi or Hindi name too (issue 42)', () => {
    const named = [{ name: 'Physics', code: 'PHY', names: { mr: 'भौतिकशास्त्र', hi: 'भौतिकी' } }, { name: 'Biology', code: 'BIO', names: {} }];
    expect(filterSubjects(named, 'भौतिक').map((s) => s.code)).toEqual(['PHY']);
    expect(filterSubjects(named, 'भौतिकी').map((s) => s.code)).toEqual(['PHY']);
  });

  it('keeps everything for an empty search and nothing for no match', () => {
    expect(filterSubjects(subjects, '   ')).toHaveLength(4);
    expect(filterSubjects(subjects, 'zzz')).toEqual([]);
  });
});

describe('sortSubjects', () => {
  it('sorts by name ignoring case, either way', () => {
    expect(sortSubjects(subjects, 'name').map((s) => s.name)).toEqual(['Applied Maths', 'Biology', 'mathematics', 'Physics']);
    expect(sortSubjects(subjects, 'name', 'desc').map((s) => s.name)).toEqual(['Physics', 'mathematics', 'Biology', 'Applied Maths']);
  });

  it('sorts by code and does not change the given list', () => {
    const copy = [...subjects];
    expect(sortSubjects(subjects, 'code').map((s) => s.code)).toEqual(['AMATH', 'BIO', 'MATH', 'PHY']);
    expect(subjects).toEqual(copy);
  });
});

describe('usage', () => {
  it('says where a subject is used', () => {
    expect(usageSummary({ standardCount: 2, batchCount: 1, teacherCount: 0 })).toBe('2 standards · 1 batch · no teachers');
    expect(isSubjectInUse({ standardCount: 0, batchCount: 0, teacherCount: 1 })).toBe(true);
    expect(isSubjectInUse({ standardCount: 0, batchCount: 0, teacherCount: 0 })).toBe(false);
  });
});
