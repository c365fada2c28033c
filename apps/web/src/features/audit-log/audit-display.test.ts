import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { displayValue, entityLabel, fieldLabel } from './audit-display';

// English with no catalog: messages show their source text.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('audit display', () => {
  it('names fields in plain words', () => {
    expect(fieldLabel('parentPhone')).toBe('Parent phone');
    expect(fieldLabel('standardId')).toBe('Standard');
    expect(fieldLabel('school')).toBe('School');
  });
  it('shows values on one line', () => {
    expect(displayValue(null)).toBe('(empty)');
    expect(displayValue('')).toBe('(empty)');
    expect(displayValue(['mon', 'wed'])).toBe('mon, wed');
    expect(displayValue([])).toBe('(none)');
    expect(displayValue(true)).toBe('Yes');
    expect(displayValue(40)).toBe('40');
  });
  it('labels record types', () => {
    expect(entityLabel('student')).toBe('Student');
    expect(entityLabel('something')).toBe('something');
  });
});
