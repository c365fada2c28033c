import { describe, expect, it } from 'vitest';
import { tablesWritten } from './client';

describe('the tables a confirmed write changed (forgets this server’s kept answers)', () => {
  it('reads them from drizzle’s and hand-written statements, inside `with` too', () => {
    expect(tablesWritten('INSERT', 'insert into "batches" ("name") values ($1) returning "id"')).toEqual(['batches']);
    expect(tablesWritten('UPDATE', 'update "public"."students" set "status" = $1')).toEqual(['students']);
    expect(tablesWritten('INSERT', 'with marked as (insert into attendance_records (student_id) values ($1) on conflict (id) do update set status = excluded.status returning 1) insert into audit_log select 1')).toEqual(['attendance_records', 'set', 'audit_log']);
  });

  it('a delete from a watched table may cascade: everything; elsewhere only that table', () => {
    expect(tablesWritten('DELETE', 'delete from "batches" where "id" = $1')).toEqual(['*']);
    expect(tablesWritten('DELETE', 'delete from "sessions" where "expires_at" < now()')).toEqual(['sessions']);
  });

  it('a write whose table cannot be told forgets everything', () => {
    expect(tablesWritten('COPY', 'copy (select 1) to stdout')).toEqual(['*']);
  });
});
