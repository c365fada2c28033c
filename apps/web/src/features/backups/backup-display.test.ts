import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentsText, formatBytes } from './backup-display';

// English with no catalog: messages show their source text.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('backup display', () => {
  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });

  it('names what a backup holds', () => {
    expect(contentsText({ readable: true, counts: { students: 30, teachers: 1, users: 34 }, rowCount: 1200, fileCount: 1 })).toBe('30 students · 1 teacher · 1,200 records · 1 file');
    expect(contentsText({ readable: false, counts: {}, rowCount: 0, fileCount: 0 })).toBe('Unreadable: it may be damaged');
  });
});
