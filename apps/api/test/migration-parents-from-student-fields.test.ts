import { describe, expect, it } from 'vitest';
import { migrateTo, shareDatabaseMigratedTo } from './migrate-to';

/**
 * Migration 0032 (issue 37, decision 030): students' parent name, phone and email, entered before a
 * parent could exist without an email, become each student's first linked parent. Run on a database
 * migrated to 0031 with such records; nothing entered may be lost.
 */
const database = shareDatabaseMigratedTo('0031_family_channels');

describe('migration 0032: the student form’s parent fields become parents', () => {
  it('links each student to the parent with that number, that email, or a new one; siblings share one', async () => {
    const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    const student = async (name: string, fields: { parentName?: string; parentPhone?: string; parentEmail?: string }) => {
      const { rows } = await q(`insert into users (name, email, role, language) values ($1, null, 'student', 'mr') returning id`, [name]);
      const code = `LAT-2026-${String(Math.floor(Math.random() * 900_000) + 100_000)}`;
      const { rows: created } = await q(
        `insert into students (user_id, student_code, parent_name, parent_phone, parent_email) values ($1, $2, $3, $4, $5) returning id`,
        [rows[0].id, code, fields.parentName ?? null, fields.parentPhone ?? null, fields.parentEmail ?? null],
      );
      return created[0].id as string;
    };
    // An existing parent with a number and an account: a student with that number joins them.
    const { rows: parentUser } = await q(`insert into users (name, email, role) values ('Asha Existing', 'asha@example.in', 'parent') returning id`);
    const { rows: existing } = await q(`insert into parents (user_id, phone, relation) values ($1, '+919822000001', 'mother') returning id`, [parentUser[0].id]);
    const joinsExisting = await student('Child One', { parentName: 'Asha', parentPhone: '+919822000001' });
    const byEmail = await student('Child Two', { parentName: 'Asha by mail', parentEmail: 'ASHA@example.in' });
    const siblingA = await student('Sibling A', { parentName: 'Vilas Kadam', parentPhone: '+919822000002', parentEmail: 'vilas@example.in' });
    const siblingB = await student('Sibling B', { parentName: 'Vilas K.', parentPhone: '+919822000002' });
    const nameOnly = await student('Child Three', { parentName: 'Only A Name' });
    const phoneOnly = await student('Child Four', { parentPhone: '+919822000003' });
    const none = await student('Child Five', {});

    await migrateTo(database);

    const first = async (studentId: string) =>
      (
        await q(
          `select p.id, u.name, u.email, p.phone, u.role, u.language from parent_students ps join parents p on p.id = ps.parent_id join users u on u.id = p.user_id
           where ps.student_id = $1 order by ps.created_at, p.id`,
          [studentId],
        )
      ).rows;
    expect((await first(joinsExisting)).map((row) => row.id)).toEqual([existing[0].id]);
    expect((await first(byEmail)).map((row) => row.id)).toEqual([existing[0].id]);
    const [vilas] = await first(siblingA);
    expect(vilas).toMatchObject({ name: 'Vilas Kadam', email: 'vilas@example.in', phone: '+919822000002', role: 'parent', language: 'mr' });
    expect((await first(siblingB)).map((row) => row.id)).toEqual([vilas.id]);
    expect(await first(nameOnly)).toEqual([expect.objectContaining({ name: 'Only A Name', email: null, phone: null })]);
    expect(await first(phoneOnly)).toEqual([expect.objectContaining({ name: 'Parent of Child Four', email: null, phone: '+919822000003' })]);
    expect(await first(none)).toEqual([]);
    const { rows: columns } = await q(`select column_name from information_schema.columns where table_name = 'students' and column_name like 'parent_%'`);
    expect(columns).toEqual([]);
  });
});
