import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { audienceText, statusColor } from './announcement-display';

// English with no catalog: messages show their source text.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('announcement display', () => {
  it('colours the status badge as the spec says', () => {
    expect(statusColor('active')).toBe('green');
    expect(statusColor('scheduled')).toBe('yellow');
    expect(statusColor('expired')).toBe('red');
    expect(statusColor('draft')).toBe('gray');
  });

  it('names the audience with its batches', () => {
    expect(audienceText({ audience: 'everyone', batches: [] })).toBe('Everyone');
    expect(audienceText({ audience: 'students', batches: [{ _id: 'a', name: '10th Maths' }] })).toBe('Students of 10th Maths');
    expect(audienceText({ audience: 'teachers', batches: [{ _id: 'a', name: 'A' }, { _id: 'b', name: 'B' }] })).toBe('Teachers of 2 batches');
  });
});
