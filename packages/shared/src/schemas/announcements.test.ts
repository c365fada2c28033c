import { describe, expect, it } from 'vitest';
import { announcementFormSchema, announcementStatus } from './announcements';

const valid = { title: 'Holiday', content: 'Closed', startDate: '2026-03-11', endDate: '2026-03-12' };
const errorsOf = (schema: ReturnType<typeof announcementFormSchema>, input: object) => {
  const result = schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('announcement form schema', () => {
  const schema = announcementFormSchema('2026-03-11');

  it('accepts today and later, with fixed times', () => {
    expect(schema.parse({ ...valid, startTime: '00:00', endTime: '23:59' })).toMatchObject({ type: 'general', priority: 'medium', audience: 'everyone', batches: [] });
  });

  it('answers with the spec texts', () => {
    expect(errorsOf(schema, { ...valid, startDate: '' })).toEqual({ startDate: 'Start date and end date are required' });
    expect(errorsOf(schema, { ...valid, endDate: undefined })).toEqual({ endDate: 'Start date and end date are required' });
    expect(errorsOf(schema, { ...valid, startDate: '2026-03-10' })).toEqual({ startDate: 'Start date must be today or in the future' });
    expect(errorsOf(schema, { ...valid, startDate: '2026-03-12', endDate: '2026-03-11' })).toEqual({ endDate: 'End date cannot be before start date' });
  });

  it('lets an edit keep its own past start date', () => {
    expect(errorsOf(announcementFormSchema('2026-03-11', '2026-03-01'), { ...valid, startDate: '2026-03-01' })).toEqual({});
    expect(errorsOf(announcementFormSchema('2026-03-11', '2026-03-01'), { ...valid, startDate: '2026-03-02' })).toEqual({ startDate: 'Start date must be today or in the future' });
  });

  it('computes the status from today', () => {
    expect(announcementStatus('2026-03-10', '2026-03-11', '2026-03-12')).toBe('scheduled');
    expect(announcementStatus('2026-03-11', '2026-03-11', '2026-03-12')).toBe('active');
    expect(announcementStatus('2026-03-12', '2026-03-11', '2026-03-12')).toBe('active');
    expect(announcementStatus('2026-03-13', '2026-03-11', '2026-03-12')).toBe('expired');
  });
});
