import { describe, expect, it } from 'vitest';
import { AUDIT_TEXTS, wordAuditSummary } from './audit-texts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('AUDIT_TEXTS', () => {
  it('every key has Marathi and Hindi with the same values as its English', () => {
    for (const [key, [en, mr, hi]] of Object.entries(AUDIT_TEXTS)) {
      expect(mr, key).not.toBe('');
      expect(hi, key).not.toBe('');
      expect(mr, key).not.toBe(en);
      expect(placeholders(mr), key).toEqual(placeholders(en));
      expect(placeholders(hi), key).toEqual(placeholders(en));
    }
  });

  it('words a key with its values, and gives null for an unknown key', () => {
    expect(wordAuditSummary('batch.enrolled', { student: 'Asha', batch: '10th A' }, 'en')).toBe('Enrolled Asha in 10th A');
    expect(wordAuditSummary('batch.enrolled', { student: 'Asha', batch: '10th A' }, 'mr')).toBe('Asha यांना 10th A बॅचमध्ये घेतले');
    expect(wordAuditSummary('nothing.like.this', {}, 'hi')).toBeNull();
  });
});
