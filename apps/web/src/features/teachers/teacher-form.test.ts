import { describe, expect, it } from 'vitest';
import { teacherCreateInputSchema } from '@academy/shared/schemas/teachers';
import { toTeacherFormValues } from './teacher-form';

describe('teacher form', () => {
  it('starts empty and active, and an empty password means "mail them a link"', () => {
    const values = { ...toTeacherFormValues(), name: 'Meera Joshi', email: 'meera@example.com' };
    expect(values.status).toBe('active');
    const parsed = teacherCreateInputSchema.parse(values);
    expect(parsed.password).toBeUndefined();
    expect(parsed.phone).toBeNull();
  });

  it("a new teacher starts in the academy's language (issue 73), English while it is not known", () => {
    expect(toTeacherFormValues(undefined, 'mr').language).toBe('mr');
    expect(toTeacherFormValues().language).toBe('en');
  });
});
