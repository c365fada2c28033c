import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appErrorFromPostgres, findPostgresError } from '../../lib/postgres-errors';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { citusWorkers } from '../../../test/citus-cluster';
import { buildBatch, buildStudent, buildTeacher, loginAs } from '../../../test/factories';

// Issue 35, finding 3: lowering a test's maximum while marks were being saved let a 19 stand under a
// maximum of 16. Saving marks and changing the maximum now take turns on the test's row, and the
// database refuses a mark above its maximum whatever the code does (migration 0029's triggers).

let t: TestApp;
let cookie = '';
const ids = { test: '', a: '', b: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const teacher = await buildTeacher(db);
  const [a, b] = [await buildStudent(db), await buildStudent(db)];
  const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [a.id, b.id] });
  cookie = await loginAs(t.app, teacher.user.email);
  const created = await t.app.inject({ method: 'POST', url: `/api/batches/${batch.id}/tests`, headers: { cookie }, payload: { name: 'Weekly test', date: '2026-07-05', maxMarks: 20 } });
  Object.assign(ids, { test: created.json().data._id, a: a.id, b: b.id });
});
afterAll(() => t.close());

const setMaximum = (maxMarks: number) => t.app.inject({ method: 'PUT', url: `/api/tests/${ids.test}`, headers: { cookie }, payload: { name: 'Weekly test', date: '2026-07-05', maxMarks } });
const saveMarks = (a: number, b: number) =>
  t.app.inject({ method: 'PUT', url: `/api/tests/${ids.test}/marks`, headers: { cookie }, payload: { marks: [{ studentId: ids.a, marks: a }, { studentId: ids.b, marks: b }] } });

async function marksAboveMaximum(): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from exam_marks m join exams t on t.id = m.exam_id and t.academy_id = m.academy_id where m.half_marks > t.max_half_marks`);
  return rows[0]!.n;
}

describe('marks never stand above their maximum', () => {
  it('saving 19 and 20 while the maximum is lowered to 16: one wins, the other is refused in words (20 rounds)', async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 20; round += 1) {
      expect((await setMaximum(20)).statusCode).toBe(200);
      expect((await saveMarks(10, 10)).statusCode).toBe(200);
      const [saved, lowered] = await Promise.all([saveMarks(19, 20), setMaximum(16)]);
      // Exactly one of the two may win; the loser is refused by the service's own check (made under
      // the test's lock), never by the database's trigger (a vague 400, or the 409 of a lost race).
      if (saved.statusCode === 200) {
        expect(lowered.statusCode).toBe(400);
        expect(lowered.json()).toMatchObject({ message: 'Maximum marks cannot be below the highest marks already entered (20)' });
        outcomes.set('marks saved', (outcomes.get('marks saved') ?? 0) + 1);
      } else {
        expect(lowered.statusCode).toBe(200);
        expect(saved.statusCode).toBe(400);
        expect(saved.json().errors).toEqual({ 'marks.0.marks': 'Row 1: marks cannot be more than 16', 'marks.1.marks': 'Row 2: marks cannot be more than 16' });
        outcomes.set('maximum lowered', (outcomes.get('maximum lowered') ?? 0) + 1);
      }
      expect(await marksAboveMaximum()).toBe(0);
    }
    // Which one wins depends on timing; both must be possible answers, and neither may be a 500.
    expect([...outcomes.values()].reduce((sum, n) => sum + n, 0)).toBe(20);
  });

  it('lowering the maximum below a saved mark answers a clear 400 naming the highest mark', async () => {
    await setMaximum(20);
    expect((await saveMarks(19, 12)).statusCode).toBe(200);
    const response = await setMaximum(16);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'Maximum marks cannot be below the highest marks already entered (19)',
      errors: { maxMarks: 'Maximum marks cannot be below the highest marks already entered (19)' },
    });
    const { rows } = await t.database.db.execute<{ max: number }>(sql`select max_half_marks as max from exams where id = ${ids.test}`);
    expect(rows[0]!.max).toBe(40);
  });

  // On Citus the distribution step drops these triggers (they read another table from a shard, db/citus.ts): the service's check stands alone.
  it.skipIf(citusWorkers().length > 0)('the database refuses a mark above the maximum, and a maximum below a saved mark, written around the service', async () => {
    // The test's maximum is 20 (40 half-marks) and student a has 19 (38).
    const insertAbove = await t.database.db.execute(sql`update exam_marks set half_marks = 41 where exam_id = ${ids.test} and student_id = ${ids.a}`).catch((error: unknown) => error);
    expect(findPostgresError(insertAbove)).toMatchObject({ code: '23514', constraint: 'exam_marks_within_maximum' });
    const lowerBelow = await t.database.db.execute(sql`update exams set max_half_marks = 32 where id = ${ids.test}`).catch((error: unknown) => error);
    expect(findPostgresError(lowerBelow)).toMatchObject({ code: '23514', constraint: 'exams_maximum_above_marks' });
    await t.database.db.execute(sql`delete from exam_marks where exam_id = ${ids.test} and student_id = ${ids.b}`);
    const newAbove = await t.database.db
      .execute(sql`insert into exam_marks (exam_id, student_id, half_marks, absent) values (${ids.test}, ${ids.b}, 50, false)`)
      .catch((error: unknown) => error);
    expect(findPostgresError(newAbove)).toMatchObject({ code: '23514', constraint: 'exam_marks_within_maximum' });
    // Should a request ever reach them, the answer is a conflict in words, not a 500 or a vague 400.
    expect(appErrorFromPostgres(newAbove)).toMatchObject({ status: 409, message: 'Nothing was saved: marks cannot be more than the maximum marks of the test' });
    expect(appErrorFromPostgres(lowerBelow)).toMatchObject({ status: 409, fieldErrors: { maxMarks: 'Maximum marks cannot be below marks already entered' } });
    expect(await marksAboveMaximum()).toBe(0);
  });
});
