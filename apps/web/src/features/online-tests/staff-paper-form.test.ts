import { describe, expect, it } from 'vitest';
import { onlineTestInputSchema, type OnlineTest } from '@academy/shared/schemas/online-tests';
import { defaultWindow, isoToWallClock, paperFormValues, paperSize, presetOf, toOnlineTestInput, wallClockToIso } from './staff-paper-form';

describe('presetOf', () => {
  it('names the real exams’ schemes and calls anything else custom', () => {
    expect(presetOf({ correct: 4, wrong: -1, unanswered: 0 })).toBe('jee-main');
    expect(presetOf({ correct: 1, wrong: 0, unanswered: 0 })).toBe('mht-cet-1');
    expect(presetOf({ correct: 2, wrong: 0, unanswered: 0 })).toBe('mht-cet-2');
    expect(presetOf({ correct: 3, wrong: -1, unanswered: 0 })).toBe('custom');
    expect(presetOf({ correct: 4, wrong: '', unanswered: 0 })).toBe('custom');
  });

  it('tells NEET from JEE Main (the same marks) by the title', () => {
    expect(presetOf({ correct: 4, wrong: -1, unanswered: 0 }, 'NEET mock 3: Botany')).toBe('neet');
    expect(presetOf({ correct: 4, wrong: -1, unanswered: 0 }, 'JEE Main practice')).toBe('jee-main');
    expect(presetOf({ correct: 4, wrong: -1, unanswered: 0 }, 'Kinetics')).toBe('jee-main');
  });
});

describe('the picker’s times', () => {
  it('reads the picker’s wall clock as this device’s time and back', () => {
    const iso = wallClockToIso('2026-11-26 10:30:00');
    const instant = new Date(iso);
    expect([instant.getFullYear(), instant.getMonth() + 1, instant.getDate(), instant.getHours(), instant.getMinutes()]).toEqual([2026, 11, 26, 10, 30]);
    expect(iso.endsWith('Z')).toBe(true);
    expect(isoToWallClock(iso)).toBe('2026-11-26 10:30:00');
    expect(wallClockToIso('2026-11-26 10:30')).toBe(iso);
  });

  it('gives nothing for an empty or impossible time, so the schema names the field', () => {
    expect(wallClockToIso('')).toBe('');
    expect(wallClockToIso('tomorrow')).toBe('');
    expect(wallClockToIso('2026-02-30 10:00:00')).toBe('');
    expect(isoToWallClock('not a date')).toBe('');
  });

  it('opens a new paper tomorrow morning and closes it that evening', () => {
    expect(defaultWindow(new Date(2026, 11, 31, 18, 5))).toEqual({ opensAt: '2027-01-01 09:00:00', closesAt: '2027-01-01 21:00:00' });
  });
});

describe('the body sent', () => {
  const now = new Date(2026, 5, 10, 12, 0);
  const batch = '0b8c7f4e-3c1a-4b7e-9a52-1f0f6f1f2a11';
  const question = '5f7d8c2e-4b1a-4c3e-8f9a-2b3c4d5e6f70';
  const subject = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  it('sends the chosen questions, a valid JEE-style paper', () => {
    const values = { ...paperFormValues(undefined, now), title: 'JEE Main practice 1', batches: [batch], questions: [question] };
    const input = toOnlineTestInput(values);
    expect(input).toMatchObject({ marking: { correct: 4, wrong: -1, unanswered: 0 }, durationMinutes: 60, shuffle: true, questions: [question] });
    expect(input).not.toHaveProperty('blueprint');
    expect(onlineTestInputSchema.safeParse(input).success).toBe(true);
    expect(paperSize(values)).toEqual({ questions: 1, maxMarks: 4 });
  });

  it('sends the blueprint instead when picking by blueprint, without empty choices', () => {
    const values = {
      ...paperFormValues(undefined, now),
      title: 'Blueprint',
      batches: [batch],
      mode: 'blueprint' as const,
      questions: [question],
      blueprint: [
        { subject, chapter: 'Kinematics', difficulty: 'hard' as const, count: 3 },
        { subject: '', chapter: 'Optics', difficulty: 'any' as const, count: 2 },
      ],
    };
    const input = toOnlineTestInput(values);
    expect(input).not.toHaveProperty('questions');
    expect(input.blueprint).toEqual([
      { subject, chapter: 'Kinematics', difficulty: 'hard', count: 3 },
      { chapter: 'Optics', count: 2 },
    ]);
    expect(onlineTestInputSchema.safeParse(input).success).toBe(true);
    expect(paperSize(values)).toEqual({ questions: 5, maxMarks: 20 });
  });

  it('lets the schema name what is missing or wrong, on the form’s own fields', () => {
    const values = { ...paperFormValues(undefined, now), batches: [batch], questions: [question], durationMinutes: '' as const, closesAt: '2027-01-01 08:00:00' };
    const result = onlineTestInputSchema.safeParse(toOnlineTestInput({ ...values, title: 'x', opensAt: '2027-01-01 09:00:00' }));
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('durationMinutes');
    const closing = onlineTestInputSchema.safeParse(toOnlineTestInput({ ...values, durationMinutes: 60, opensAt: '2027-01-01 09:00:00' }));
    expect(closing.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual(['closesAt', 'The test must close after it opens']);
  });

  it('fills the form from a draft: its times on this clock, its questions chosen', () => {
    const test = {
      _id: 'a',
      title: 'NEET mock',
      batches: [{ _id: batch, name: '12th Biology' }],
      opensAt: wallClockToIso('2026-07-01 09:00:00'),
      closesAt: wallClockToIso('2026-07-01 21:00:00'),
      durationMinutes: 180,
      marking: { correct: 4, wrong: -1, unanswered: 0 },
      shuffle: false,
      sections: [{ subject: { _id: subject, name: 'Biology', code: 'BIO' }, questions: [{ _id: question }] }],
    } as unknown as OnlineTest;
    expect(paperFormValues(test, now)).toMatchObject({ preset: 'neet', opensAt: '2026-07-01 09:00:00', closesAt: '2026-07-01 21:00:00', questions: [question], shuffle: false, mode: 'choose' });
  });
});
