import { describe, expect, it } from 'vitest';
import { admissionEnquiryFormSchema } from '@academy/shared/schemas/admissions';
import { ADMISSION_STEP_FIELDS, contactAddress, EMPTY_ADMISSION_FORM, formatCountdown, toAdmissionPayload } from './admission-form';

describe('admission form', () => {
  it('checks every field of the shared schema in some step', () => {
    const stepFields = ADMISSION_STEP_FIELDS.flat();
    expect([...stepFields].sort()).toEqual(Object.keys(admissionEnquiryFormSchema.shape).sort());
  });

  it('sends the values with the proof; the shared schema rejects a bad phone as the server does', () => {
    const values = { ...EMPTY_ADMISSION_FORM, phone: '98220 12345', studentName: 'Aditi', email: 'a@b.in' };
    expect(toAdmissionPayload(values, { kind: 'email', address: 'a@b.in', token: 'proof', expiresAt: '' })).toMatchObject({ phone: '98220 12345', verificationToken: 'proof', gender: null, standard: '' });
    const result = admissionEnquiryFormSchema.safeParse({ ...values, phone: '98220 1234' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'phone')?.message).toBe('Enter a 10-digit Indian mobile number, optionally starting with +91');
    expect(admissionEnquiryFormSchema.shape.phone.safeParse('+91 98220-12345').data).toBe('+919822012345');
  });

  it("sends the phone's proof for a family without email, with no email at all when none was typed", () => {
    const values = { ...EMPTY_ADMISSION_FORM, phone: '98220 12345', studentName: 'Aditi' };
    const payload = toAdmissionPayload(values, { kind: 'phone', address: '+919822012345', token: 'phone-proof', expiresAt: '' });
    expect(payload).toMatchObject({ phoneVerificationToken: 'phone-proof', email: null });
    expect(payload).not.toHaveProperty('verificationToken');
    expect(contactAddress({ email: ' A@B.in ', phone: '098220-12345' }, 'email')).toBe('a@b.in');
    expect(contactAddress({ email: '', phone: '098220-12345' }, 'phone')).toBe('+919822012345');
    expect(contactAddress({ email: '', phone: '12345' }, 'phone')).toBe('');
  });

  it('formats the resend countdown', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(42.2)).toBe('0:43');
    expect(formatCountdown(-1)).toBe('0:00');
  });
});
