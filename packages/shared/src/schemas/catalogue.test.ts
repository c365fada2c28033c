import { describe, expect, it } from 'vitest';
import { formatSchedule } from '../schedule';
import { avatarUrlSchema, optionalPhoneSchema } from './common';
import { changePasswordFormSchema, studentProfileUpdateSchema } from './profile';
import { findStandardDuplicate, standardInputSchema } from './standards';
import { studentCreateInputSchema, studentListQuerySchema, studentUpdateInputSchema } from './students';
import { subjectInputSchema } from './subjects';
import { teacherCreateInputSchema } from './teachers';

describe('catalogue schemas', () => {
  it('optional phones: absent stays absent, empty means none, others must be Indian mobiles', () => {
    expect(optionalPhoneSchema.parse(undefined)).toBeUndefined();
    expect(optionalPhoneSchema.parse('')).toBeNull();
    expect(optionalPhoneSchema.parse(null)).toBeNull();
    expect(optionalPhoneSchema.parse(' 9822012345 ')).toBe('+919822012345');
    expect(optionalPhoneSchema.safeParse('12345').error?.issues[0]?.message).toBe('Enter a 10-digit Indian mobile number, optionally starting with +91');
  });

  it('avatars: https addresses or nothing', () => {
    expect(avatarUrlSchema.parse('https://img.example.in/a.png')).toBe('https://img.example.in/a.png');
    expect(avatarUrlSchema.parse('')).toBeNull();
    for (const bad of ['http://img.example.in/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'img.png']) expect(avatarUrlSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('subject codes are compared in capitals', () => {
    expect(subjectInputSchema.parse({ name: ' Maths ', code: ' math ' })).toEqual({ name: 'Maths', code: 'MATH' });
  });

  it('standard levels typed as text become numbers and subject ids are listed once', () => {
    const id = '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c';
    expect(standardInputSchema.parse({ name: '10th', level: '10', subjects: [id, id] })).toEqual({ name: '10th', level: 10, subjects: [id] });
    expect(standardInputSchema.parse({ name: '10th', level: 10 }).subjects).toEqual([]);
  });

  it('finds duplicate standards in a list like the server does (spec section 5)', () => {
    const list = [
      { _id: 'a', name: '10th Standard', level: 10 },
      { _id: 'b', name: '11th Science', level: 11 },
    ];
    expect(findStandardDuplicate(list, { name: ' 10TH standard ', level: 99 })).toEqual({ duplicate: true, nameMatches: true, levelMatches: false });
    expect(findStandardDuplicate(list, { name: 'Eleventh', level: '11' })).toEqual({ duplicate: true, nameMatches: false, levelMatches: true });
    expect(findStandardDuplicate(list, { name: '10th Standard', level: 10, excludeId: 'a' })).toEqual({ duplicate: false, nameMatches: false, levelMatches: false });
    expect(findStandardDuplicate(list, { name: '', level: '' })).toEqual({ duplicate: false, nameMatches: false, levelMatches: false });
  });

  it('an empty password means "mail a link", a short one is refused', () => {
    expect(teacherCreateInputSchema.parse({ name: 'A', email: 'a@example.com', password: '' }).password).toBeUndefined();
    expect(teacherCreateInputSchema.safeParse({ name: 'A', email: 'a@example.com', password: 'short' }).error?.issues[0]?.path).toEqual(['password']);
  });

  it('a new student needs only name and email; an update only what changes', () => {
    const created = studentCreateInputSchema.parse({ name: 'A', email: 'A@Example.com' });
    expect(created).toEqual({ name: 'A', email: 'a@example.com' });
    expect(studentUpdateInputSchema.parse({})).toEqual({});
    expect(studentUpdateInputSchema.parse({ phone: '' })).toEqual({ phone: null });
  });

  it('student list queries take defaults for empty values', () => {
    expect(studentListQuerySchema.parse({ page: '', limit: '', search: '', status: '' })).toEqual({ page: 1, limit: 20, status: 'active', sort: 'name', order: 'asc' });
    expect(studentListQuerySchema.parse({ page: '3', limit: '50', sort: 'standardLevel', order: 'desc', status: 'all' })).toMatchObject({ page: 3, limit: 50 });
  });

  it('the student profile form refuses fields a student may not change', () => {
    const result = studentProfileUpdateSchema.safeParse({ phone: '9822012345', name: 'New Name' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['name'] });
  });

  it('the change-password form wants the new password twice and different from the current one', () => {
    expect(changePasswordFormSchema.safeParse({ currentPassword: 'old-one-here', newPassword: 'new-secret-77', confirmPassword: 'new-secret-78' }).error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'The passwords do not match',
    });
    expect(changePasswordFormSchema.safeParse({ currentPassword: 'same-secret-77', newPassword: 'same-secret-77', confirmPassword: 'same-secret-77' }).error?.issues[0]?.path).toEqual(['newPassword']);
  });

  it('writes schedules the way every screen shows them', () => {
    expect(formatSchedule({ days: ['fri', 'mon', 'wed'], startTime: '07:00', endTime: '08:30' })).toBe('Mon, Wed, Fri · 7:00 AM – 8:30 AM');
    expect(formatSchedule({ days: ['sat'], startTime: '12:15', endTime: '13:45' })).toBe('Sat · 12:15 PM – 1:45 PM');
    expect(formatSchedule({ days: ['sun'], startTime: '00:00', endTime: '00:30' })).toBe('Sun · 12:00 AM – 12:30 AM');
  });
});
