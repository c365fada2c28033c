import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findStandardDuplicate } from '@academy/shared/schemas/standards';
import { duplicateFieldErrors, duplicateWarning } from './standard-duplicate';

// English with no catalog: messages show their source text.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const existing = [
  { _id: 'a', name: '10th Standard', level: 10 },
  { _id: 'b', name: '9th Standard', level: 9 },
];

describe('duplicateWarning', () => {
  it('is null when nothing matches', () => {
    const result = findStandardDuplicate(existing, { name: '11th', level: '11' });
    expect(duplicateWarning(result, { name: '11th', level: '11' })).toBeNull();
    expect(duplicateFieldErrors(result)).toEqual({});
  });

  it('names the name when only the name matches (any case, trimmed)', () => {
    const candidate = { name: ' 10TH standard ', level: 12 };
    const result = findStandardDuplicate(existing, candidate);
    expect(duplicateWarning(result, candidate)).toBe('A standard named “10TH standard” already exists: the name matches.');
    expect(duplicateFieldErrors(result)).toEqual({ name: 'Another standard has this name' });
  });

  it('names the level when only the level matches, typed as text', () => {
    const candidate = { name: 'Class Nine', level: '9' };
    const result = findStandardDuplicate(existing, candidate);
    expect(duplicateWarning(result, candidate)).toBe('A standard with level 9 already exists: the level matches.');
    expect(duplicateFieldErrors(result)).toEqual({ level: 'Another standard has this level' });
  });

  it('names both when both match, and ignores the standard being edited', () => {
    const candidate = { name: '9th Standard', level: 10 };
    expect(duplicateWarning(findStandardDuplicate(existing, candidate), candidate)).toMatch(/both the name and the level match/);
    expect(findStandardDuplicate(existing, { name: '10th Standard', level: 10, excludeId: 'a' }).duplicate).toBe(false);
  });
});
