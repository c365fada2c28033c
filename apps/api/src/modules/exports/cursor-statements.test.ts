import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { closeCursor, fetchFromCursor } from './exports.service';

// Issue 53 point 9e: a cursor's name went into sql.raw text; a quote in it would have ended the name.
describe('the export cursors’ statements', () => {
  const dialect = new PgDialect();
  it('name the cursor as an identifier, quoted and escaped', () => {
    expect(dialect.sqlToQuery(fetchFromCursor('sheet"; drop table users; --')).sql).toBe('fetch forward 2000 from "sheet""; drop table users; --"');
    expect(dialect.sqlToQuery(closeCursor('students')).sql).toBe('close "students"');
  });
});
