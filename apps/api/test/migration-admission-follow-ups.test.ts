import { describe, expect, it } from 'vitest';
import { migrateTo, shareDatabaseMigratedTo } from './migrate-to';

/**
 * Migration 0040 (issue 41, decision 034): the enquiry's old `source` (which form) moves to `form`,
 * and `source` becomes the marketing source: the public forms count as website, the office's as walk-in.
 */
const database = shareDatabaseMigratedTo('0039_academic-year-rollover');

describe('migration 0040: enquiry form and source', () => {
  it('keeps the form and gives existing enquiries a sensible source', async () => {
    const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    for (const source of ['admission', 'contact', 'office']) {
      await q(`insert into admission_enquiries (student_name, phone, source) values ($1, '+919822000001', $2)`, [`From ${source}`, source]);
    }
    await migrateTo(database);
    const { rows } = await q(`select student_name, form, source, follow_up_on from admission_enquiries order by student_name`);
    expect(rows).toEqual([
      { student_name: 'From admission', form: 'admission', source: 'website', follow_up_on: null },
      { student_name: 'From contact', form: 'contact', source: 'website', follow_up_on: null },
      { student_name: 'From office', form: 'office', source: 'walk_in', follow_up_on: null },
    ]);
    await expect(q(`insert into admission_enquiries (student_name, form, source) values ('Bad', 'office', 'office')`)).rejects.toThrow(/source_check/);
  });
});
