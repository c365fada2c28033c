import { describe, expect, it } from 'vitest';
import { studentCreateInputSchema } from '@academy/shared/schemas/students';
import { toStudentFormValues, toStudentPayload, todayDate } from './student-form';

describe('student form', () => {
  it('starts a new student with gender and address empty (the server defaults them) and today as admission date', () => {
    const values = toStudentFormValues(undefined, '2026-06-01');
    expect(values).toMatchObject({ gender: null, address: '', admissionDate: '2026-06-01', status: 'active', standard: null });
    expect(studentCreateInputSchema.parse(toStudentPayload({ ...values, name: 'Riya', email: 'riya@example.com' }))).toMatchObject({ address: null });
  });

  it('leaves out an empty password and admission date, and the schema accepts the rest', () => {
    const payload = toStudentPayload({ ...toStudentFormValues(undefined, ''), name: 'Riya Pawar', email: 'riya@example.com' });
    expect(payload).not.toHaveProperty('password');
    expect(payload).not.toHaveProperty('admissionDate');
    const parsed = studentCreateInputSchema.parse(payload);
    expect(parsed.phone).toBeNull();
  });

  it("sends the language a new student's account starts in, and never on an edit (then it is the student's own)", () => {
    const values = { ...toStudentFormValues(undefined, '2026-06-01'), name: 'Riya', email: 'riya@example.com', language: 'mr' as const };
    expect(studentCreateInputSchema.parse(toStudentPayload(values))).toMatchObject({ language: 'mr' });
    expect(toStudentPayload(values, true)).not.toHaveProperty('language');
  });

  it('refuses a phone that is not an Indian mobile number', () => {
    const payload = toStudentPayload({ ...toStudentFormValues(undefined, '2026-06-01'), name: 'Riya', email: 'riya@example.com', phone: '12345' });
    expect(studentCreateInputSchema.safeParse(payload).success).toBe(false);
  });

  it('writes today as YYYY-MM-DD', () => {
    expect(todayDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
