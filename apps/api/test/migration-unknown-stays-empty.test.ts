import { describe, expect, it } from 'vitest';
import { migrateTo, shareDatabaseMigratedTo } from './migrate-to';

/**
 * Migration 0046 (issue 42, decision 040): a student's gender and address may be empty; the made-up
 * "Default Address" becomes empty, a gender stays as stored (a made-up "male" cannot be told apart).
 */
const database = shareDatabaseMigratedTo('0043_academy-location');

describe('migration 0046: unknown stays empty', () => {
  it('empties the made-up address, keeps real ones and every gender, and lets new rows leave both empty', async () => {
    const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    const add = async (code: string, address: string | null) => {
      const { rows } = await q(`insert into users (name, email, role) values ($1, $2, 'student') returning id`, [code, `${code.toLowerCase()}@example.com`]);
      if (address === null) await q(`insert into students (user_id, student_code) values ($1, $2)`, [rows[0].id, code]);
      else await q(`insert into students (user_id, student_code, address, gender) values ($1, $2, $3, 'female')`, [rows[0].id, code, address]);
    };
    await add('LAT-2026-0001', null);
    await add('LAT-2026-0002', 'Ausa Road, Latur');
    await add('LAT-2026-0003', 'Default Address');
    await migrateTo(database);
    const { rows } = await q(`select student_code, gender, address from students order by student_code`);
    expect(rows).toEqual([
      { student_code: 'LAT-2026-0001', gender: 'male', address: null },
      { student_code: 'LAT-2026-0002', gender: 'female', address: 'Ausa Road, Latur' },
      { student_code: 'LAT-2026-0003', gender: 'female', address: null },
    ]);
    const { rows: user } = await q(`insert into users (name, email, role) values ('New', 'new@example.com', 'student') returning id`);
    await q(`insert into students (user_id, student_code) values ($1, 'LAT-2026-0004')`, [user[0].id]);
    expect((await q(`select gender, address from students where student_code = 'LAT-2026-0004'`)).rows).toEqual([{ gender: null, address: null }]);
    await expect(q(`update students set gender = 'unknown' where student_code = 'LAT-2026-0004'`)).rejects.toThrow(/gender_check/);
  });
});
