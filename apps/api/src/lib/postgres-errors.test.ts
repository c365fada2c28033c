import { describe, expect, it } from 'vitest';
import { appErrorFromPostgres, isConcurrencyConflict, isDatabaseUnavailable } from './postgres-errors';

describe('PostgreSQL errors as answers', () => {
  const pgError = (fields: Record<string, string>) => Object.assign(new Error('db'), { severity: 'ERROR', ...fields });

  it('maps unique violations to 409 naming the field, also when wrapped', () => {
    const wrapped = Object.assign(new Error('Failed query'), { cause: pgError({ code: '23505', constraint: 'users_email_lower_unique' }) });
    const error = appErrorFromPostgres(wrapped)!;
    expect(error.status).toBe(409);
    expect(error.fieldErrors).toEqual({ email: 'This email is already in use' });
    expect(appErrorFromPostgres(pgError({ code: '23505', constraint: 'something_else' }))!.status).toBe(409);
  });

  it('maps foreign keys: a deleted row still in use → 409, a missing reference → 400 naming the field', () => {
    const inUse = appErrorFromPostgres(pgError({ code: '23503', detail: 'Key (id)=(x) is still referenced from table "batch_students".' }))!;
    expect(inUse.status).toBe(409);
    expect(inUse.message).toBe('This record is still used (in batch students) and cannot be deleted');
    const restricted = appErrorFromPostgres(pgError({ code: '23001', detail: 'Key (id)=(x) is referenced from table "announcement_batches".' }))!;
    expect(restricted.status).toBe(409);
    expect(restricted.message).toBe('This record is still used (in announcement batches) and cannot be deleted');
    const missing = appErrorFromPostgres(pgError({ code: '23503', detail: 'Key (standard_id)=(x) is not present in table "standards".' }))!;
    expect(missing.status).toBe(400);
    expect(missing.fieldErrors).toEqual({ standard: 'Choose an existing record from the list' });
  });

  it("answers a Citus shard's refusal as the table's own (the shard's number left out of the names)", () => {
    const duplicate = appErrorFromPostgres(pgError({ code: '23505', constraint: 'subjects_name_lower_unique_102054' }))!;
    expect(duplicate.fieldErrors).toEqual({ name: 'A subject with this name already exists' });
    const inUse = appErrorFromPostgres(pgError({ code: '23503', constraint: 'notes_batch_id_batches_id_fk_102262', detail: 'Key (academy_id, id)=(a, b) is still referenced from table "notes_102262".' }))!;
    expect(inUse.message).toBe('This record is still used (in notes) and cannot be deleted');
    const relayed = Object.assign(new Error('duplicate key value violates unique constraint "subjects_name_lower_unique_102054"'), { severity: 'ERROR', code: '23505' });
    expect(appErrorFromPostgres(relayed)!.fieldErrors).toEqual({ name: 'A subject with this name already exists' });
  });

  it("maps the marks triggers' check violations to a 409 in words, other checks to the 400 of bad input", () => {
    const markAbove = appErrorFromPostgres(pgError({ code: '23514', constraint: 'exam_marks_within_maximum' }))!;
    expect(markAbove.status).toBe(409);
    expect(markAbove.message).toBe('Nothing was saved: marks cannot be more than the maximum marks of the test');
    const maximumBelow = appErrorFromPostgres(pgError({ code: '23514', constraint: 'exams_maximum_above_marks' }))!;
    expect(maximumBelow.status).toBe(409);
    expect(maximumBelow.fieldErrors).toEqual({ maxMarks: 'Maximum marks cannot be below marks already entered' });
    expect(appErrorFromPostgres(pgError({ code: '23514', constraint: 'students_phone_check' }))!.status).toBe(400);
  });

  it('leaves everything else alone', () => {
    expect(appErrorFromPostgres(new Error('boom'))).toBeUndefined();
    expect(appErrorFromPostgres(pgError({ code: '53300' }))).toBeUndefined();
  });
});

describe('the database did not answer, or a transaction collided', () => {
  // What node's net module gives pg when connect() fails, e.g. on the bundled server's Unix socket.
  const connectError = (code: string) => Object.assign(new Error(`connect ${code} /tmp/academy/.s.PGSQL.5432`), { code, syscall: 'connect', address: '/tmp/academy/.s.PGSQL.5432', errno: -2 });
  // Drizzle wraps a failed query's error as `cause`.
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it('counts a socket that is gone (ENOENT), may not be opened (EACCES) or is reset (ECONNRESET) on connect', () => {
    for (const code of ['ENOENT', 'EACCES', 'ECONNRESET']) {
      expect(isDatabaseUnavailable(connectError(code)), code).toBe(true);
      expect(isDatabaseUnavailable(wrapped(connectError(code))), `${code} wrapped`).toBe(true);
    }
  });

  it('does not count a stored file that is missing or unreadable (the same codes from open or stat)', () => {
    const fileError = (code: string, syscall: string) => Object.assign(new Error(`${code}: no such file or directory, ${syscall} '/data/files/ab/cd.pdf'`), { code, syscall, path: '/data/files/ab/cd.pdf', errno: -2 });
    expect(isDatabaseUnavailable(fileError('ENOENT', 'open'))).toBe(false);
    expect(isDatabaseUnavailable(fileError('ENOENT', 'stat'))).toBe(false);
    expect(isDatabaseUnavailable(fileError('EACCES', 'open'))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(fileError('ENOENT', 'open')))).toBe(false);
  });

  it('tells a deadlock or a serialization failure from other PostgreSQL errors', () => {
    const pgError = (code: string) => Object.assign(new Error('db'), { severity: 'ERROR', code });
    expect(isConcurrencyConflict(wrapped(pgError('40P01')))).toBe(true);
    expect(isConcurrencyConflict(pgError('40001'))).toBe(true);
    expect(isConcurrencyConflict(pgError('23505'))).toBe(false);
    expect(isConcurrencyConflict(new Error('deadlock'))).toBe(false);
  });
});
