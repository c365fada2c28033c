import { describe, expect, it } from 'vitest';
import { appErrorFromPostgres } from './postgres-errors';

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

  it('leaves everything else alone', () => {
    expect(appErrorFromPostgres(new Error('boom'))).toBeUndefined();
    expect(appErrorFromPostgres(pgError({ code: '53300' }))).toBeUndefined();
  });
});
