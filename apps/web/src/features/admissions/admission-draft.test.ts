import { describe, expect, it } from 'vitest';
import { ADMISSION_DRAFT_KEY, EMPTY_ADMISSION_FORM, readAdmissionDraft } from './admission-form';

const storage = (value: unknown) => ({ getItem: (key: string) => (key === ADMISSION_DRAFT_KEY ? (typeof value === 'string' ? value : JSON.stringify(value)) : null) });
const now = Date.parse('2026-06-01T10:00:00Z');

describe('readAdmissionDraft', () => {
  it('restores the values, the step and a proof that is still valid', () => {
    const verified = { kind: 'phone', address: '+919822012345', token: 'proof', expiresAt: '2026-06-01T10:20:00Z' };
    const draft = readAdmissionDraft(storage({ values: { ...EMPTY_ADMISSION_FORM, studentName: 'Aditi', subjects: ['x'] }, step: 2, verified }), now);
    expect(draft).toEqual({ values: { ...EMPTY_ADMISSION_FORM, studentName: 'Aditi', subjects: ['x'] }, step: 2, verified });
  });

  it('reads a proof saved before phones could be verified as an email proof', () => {
    const draft = readAdmissionDraft(storage({ values: {}, step: 1, verified: { email: 'a@b.in', token: 'proof', expiresAt: '2026-06-01T10:20:00Z' } }), now);
    expect(draft?.verified).toEqual({ kind: 'email', address: 'a@b.in', token: 'proof', expiresAt: '2026-06-01T10:20:00Z' });
    expect(draft?.step).toBe(1);
  });

  it('drops an expired proof and goes back to the email step, keeping what was typed', () => {
    const draft = readAdmissionDraft(storage({ values: { phone: '98220 12345' }, step: 1, verified: { email: 'a@b.in', token: 'p', expiresAt: '2026-06-01T09:59:59Z' } }), now);
    expect(draft).toEqual({ values: { ...EMPTY_ADMISSION_FORM, phone: '98220 12345' }, step: 0, verified: null });
  });

  it('ignores nothing saved, broken JSON and fields of the wrong type', () => {
    expect(readAdmissionDraft(storage(null), now)).toBeNull();
    expect(readAdmissionDraft(storage('{not json'), now)).toBeNull();
    const draft = readAdmissionDraft(storage({ values: { studentName: 5, subjects: 'x', standard: null, extra: 'y' }, step: 'two' }), now);
    expect(draft).toEqual({ values: EMPTY_ADMISSION_FORM, step: 0, verified: null });
  });
});
