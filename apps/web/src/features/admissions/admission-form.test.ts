import { describe, expect, it } from 'vitest';
import { admissionEnquiryFormSchema } from '@academy/shared/schemas/admissions';
import { ADMISSION_STEP_FIELDS, EMPTY_ADMISSION_FORM, formatCountdown, toAdmissionPayload } from './admission-form';

describe('admission form', () => {
  it('checks every field of the shared schema in some step', () => {
    const stepFields = ADMISSION_STEP_FIELDS.flat();
    expect([...stepFields].sort()).toEqual(Object.keys(admissionEnquiryFormSchema.shape).sort());
  });

  it('sends the values with the proof; the shared schema rejects a bad phone as the server does', () => {
    const values = { ...EMPTY_ADMISSION_FORM, phone: '98220 12345', studentName: 'Aditi', email: 'a@b.in' };
    expect(toAdmissionPayload(values, 'proof')).toMatchObject({ phone: '98220 12345', verificationToken: 'proof', gender: null, standard: '' });
    const result = admissionEnquiryFormSchema.safeParse({ ...values, phone: '98220 1234' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'phone')?.message).toBe('Enter a 10-digit Indian mobile number, optionally starting with +91');
    expect(admissionEnquiryFormSchema.shape.phone.safeParse('+91 98220-12345').data).toBe('+919822012345');
  });

  it('formats the resend countdown', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(42.2)).toBe('0:43');
    expect(formatCountdown(-1)).toBe('0:00');
  });
});
