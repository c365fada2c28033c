import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIn } from '@academy/shared/calendar';
import { studentCreateInputSchema, studentUpdateInputSchema } from '@academy/shared/schemas/students';
import { toStudentFormValues, toStudentPayload } from './student-form';

describe('student form', () => {
  it('starts a new student with gender and address empty, sent as not given (decision 040), and today as admission date', () => {
    const values = toStudentFormValues(undefined, '2026-06-01');
    expect(values).toMatchObject({ gender: null, address: '', admissionDate: '2026-06-01', status: 'active', standard: null });
    const parsed = studentCreateInputSchema.parse(toStudentPayload({ ...values, name: 'Riya', email: 'riya@example.com' }));
    expect(parsed).toMatchObject({ address: null });
    expect(parsed.gender ?? null).toBeNull();
  });

  it('clears a gender on an edit (sent as null) and reads a stored empty address as an empty field', () => {
    const values = toStudentFormValues(undefined, '2026-06-01');
    expect(toStudentPayload({ ...values, name: 'Riya', gender: null }, true)).toMatchObject({ gender: null });
    expect(studentUpdateInputSchema.parse(toStudentPayload({ ...values, name: 'Riya', gender: null }, true))).toMatchObject({ gender: null, address: null });
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

  describe('in a browser west of the academy', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      vi.useRealTimers();
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it('takes the academy’s today as the admission date, never the browser’s (issue 36: it used the browser’s clock)', () => {
      // 05:00 UTC on 1 June: still 31 May in Los Angeles, already 10:30 on 1 June in India.
      process.env.TZ = 'America/Los_Angeles';
      vi.useFakeTimers({ now: new Date('2026-06-01T05:00:00Z') });
      expect(new Date().getDate()).toBe(31);
      // The academy's today must be passed in: there is no default from the browser's clock.
      expect(toStudentFormValues.length).toBe(2);
      expect(toStudentFormValues(undefined, todayIn('Asia/Kolkata')).admissionDate).toBe('2026-06-01');
    });
  });
});
