import { OWN_DOMAIN_MESSAGES } from '@academy/shared/schemas/own-domains';
import { MESSAGES } from '@academy/shared/messages';
import { AppError } from './app-error';

/** The fields of a PostgreSQL error that `pg` exposes (Drizzle wraps it as `cause`). */
type PostgresError = { code: string; constraint?: string; detail?: string; table?: string; column?: string };

export function findPostgresError(error: unknown): PostgresError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as Partial<PostgresError> & { severity?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && candidate.severity !== undefined) return withoutShardNumbers(withConstraint(candidate as PostgresError & { message?: unknown }));
    current = candidate.cause;
  }
  return undefined;
}

/** The constraint named in the message when the error has no field for it (a Citus coordinator relaying a worker's refusal). */
function withConstraint(error: PostgresError & { message?: unknown }): PostgresError {
  if (error.constraint !== undefined || typeof error.message !== 'string') return error;
  const named = /constraint "([^"]+)"/.exec(error.message)?.[1];
  return named ? { code: error.code, constraint: named, detail: error.detail, table: error.table, column: error.column } : error;
}

/** A shard's number as a Citus worker adds it to a table's and its constraints' names (`notes_102262`). */
const SHARD_NUMBER = /_\d{6,}(?=$|")/g;

/**
 * On Citus (decision 053) the error comes from a worker's shard, which names the table and the
 * constraint with the shard's number (`subjects_name_lower_unique_102054`): the names are given back
 * as the schema has them, so the same refusal answers the same words on one PostgreSQL and on Citus.
 */
function withoutShardNumbers(error: PostgresError): PostgresError {
  const strip = (value: string | undefined) => value?.replace(SHARD_NUMBER, '');
  if (![error.constraint, error.table, error.detail].some((value) => value !== undefined && value !== strip(value))) return error;
  return { code: error.code, constraint: strip(error.constraint), detail: strip(error.detail), table: strip(error.table), column: error.column };
}

/** Unique indexes → the field a form shows the message under. */
const UNIQUE_FIELDS: Record<string, { field: string; message: string }> = {
  users_email_lower_unique: { field: 'email', message: MESSAGES.emailInUse },
  subjects_name_lower_unique: { field: 'name', message: 'A subject with this name already exists' },
  subjects_code_upper_unique: { field: 'code', message: 'A subject with this code already exists' },
  standards_name_lower_unique: { field: 'name', message: 'A standard with this name already exists' },
  standards_level_unique: { field: 'level', message: 'A standard with this level already exists' },
  // Two academies proving the same domain at the same moment (modules/academies/own-domains.service.ts).
  academy_domains_verified_domain_unique: { field: 'domain', message: OWN_DOMAIN_MESSAGES.taken },
  academy_domains_academy_domain_unique: { field: 'domain', message: OWN_DOMAIN_MESSAGES.already },
};

/**
 * Rules PostgreSQL enforces with check_violation (migration 0029's triggers on marks and maximums).
 * The services check the same under a lock first, so reaching one means another change won a race
 * or something wrote around the services: a conflict, in words the teacher can act on.
 */
const CHECK_CONFLICTS: Record<string, { message: string; field?: string }> = {
  exam_marks_within_maximum: { message: 'Nothing was saved: marks cannot be more than the maximum marks of the test' },
  exams_maximum_above_marks: { message: 'Maximum marks cannot be below marks already entered', field: 'maxMarks' },
};

/** Referencing columns → the field of the body that named the missing record. */
const REFERENCE_FIELDS: Record<string, string> = {
  subject_id: 'subjects',
  standard_id: 'standard',
  teacher_id: 'teacher',
  student_id: 'students',
  batch_id: 'batch',
};

const snakeToCamel = (name: string) => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * The safety net behind the services' own checks: a constraint that PostgreSQL enforced (two
 * requests racing past a check, a rule a service forgot) becomes the right 4xx instead of a 500.
 * Returns undefined for anything else.
 */
export function appErrorFromPostgres(error: unknown): AppError | undefined {
  const pgError = findPostgresError(error);
  if (!pgError) return undefined;
  switch (pgError.code) {
    case '23505': {
      const known = pgError.constraint ? UNIQUE_FIELDS[pgError.constraint] : undefined;
      if (known) return new AppError('CONFLICT', known.message, { [known.field]: known.message });
      return new AppError('CONFLICT', 'This record already exists');
    }
    // 23001: a RESTRICT foreign key refused the delete (23503 is the NO ACTION wording of the same).
    case '23001':
    case '23503': {
      // Deleting a row that others still point at, or pointing at a row that does not exist.
      const referencedBy = /is (?:still )?referenced from table "([^"]+)"/.exec(pgError.detail ?? '')?.[1];
      if (referencedBy) return new AppError('CONFLICT', `This record is still used (in ${referencedBy.replace(/_/g, ' ')}) and cannot be deleted`);
      const column = /^Key \(([a-z_]+)\)/.exec(pgError.detail ?? '')?.[1];
      const field = column ? (REFERENCE_FIELDS[column] ?? snakeToCamel(column)) : 'body';
      return new AppError('BAD_REQUEST', 'It refers to a record that does not exist', { [field]: 'Choose an existing record from the list' });
    }
    case '23514': {
      const known = pgError.constraint ? CHECK_CONFLICTS[pgError.constraint] : undefined;
      if (known) return new AppError('CONFLICT', known.message, known.field ? { [known.field]: known.message } : undefined);
      return new AppError('BAD_REQUEST', MESSAGES.validationFailed);
    }
    case '23502':
    case '22P02':
    case '22007':
    case '22008':
    case '22001':
    case '22003':
      // Check, not-null, malformed value, bad date, too long, out of range: bad input that slipped past a schema.
      return new AppError('BAD_REQUEST', MESSAGES.validationFailed);
    default:
      return undefined;
  }
}

// PostgreSQL codes for "not now": a statement cancelled by its time limit, a server shutting down or
// starting, too many connections, and the connection-exception class (08xxx).
const UNAVAILABLE_CODES = new Set(['57014', '57P01', '57P02', '57P03', '53300']);
// Node's network failures reaching the server.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
// Connecting to the bundled server's Unix socket fails with these when the socket (or its folder) is
// gone or may not be opened. A missing or unreadable stored file fails with the same codes, from
// open() or stat(), so they count only when they come from connect().
const SOCKET_CONNECT_CODES = new Set(['ENOENT', 'EACCES']);
// pg and pg-pool report their own time limits and lost connections only in words.
const UNAVAILABLE_MESSAGES = /timeout exceeded when trying to connect|connection timeout|Query read timeout|Connection terminated|Client has encountered a connection error/i;

/** What a client is told while the database does not answer (the error handler, the health check). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering right now. Please try again in a minute.';
/** Seconds a client should wait before trying again when the database is down. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** True when the database did not answer (down, frozen, overloaded, too slow): the client may retry later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && (UNAVAILABLE_CODES.has(candidate.code) || candidate.code.startsWith('08') || NETWORK_CODES.has(candidate.code))) return true;
    if (typeof candidate.code === 'string' && SOCKET_CONNECT_CODES.has(candidate.code) && candidate.syscall === 'connect') return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

// PostgreSQL rolled the transaction back because it collided with another one: a deadlock (40P01) or
// a serialization failure (40001). Nothing was written and nothing was wrong with the request.
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** True for a deadlock or a serialization failure: the same request may simply be sent again. */
export function isConcurrencyConflict(error: unknown): boolean {
  const code = findPostgresError(error)?.code;
  return code !== undefined && CONFLICT_CODES.has(code);
}
