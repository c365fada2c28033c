import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which academy the running work belongs to (issue 55, decision 053).
 *
 * Every academy table carries `academy_id` and row-level security that shows a connection only the
 * rows of the academy in its `app.academy_id` setting. The database client (db/client.ts) sets that
 * setting from here before each statement whose academy differs from the connection's last one, so
 * code never passes the academy around: a request's host plugin, a job, the CLI or the demo seed
 * enters the academy with `withAcademy`, and everything below it (queries, files, cache keys, rate
 * limits) follows.
 */

/**
 * The academy of a one-academy installation (ACADEMY_HOSTING=one), made by migration 0057 with every
 * row that existed before given to it. In a hosted deployment it is simply the first academy, never one
 * that work outside every academy falls back to (currentAcademyId below).
 */
export const FIRST_ACADEMY_ID = '00000000-0000-4000-8000-000000000001';

/**
 * The platform's own tables: the only ones without `academy_id` and row-level security. A new table
 * that is not an academy's must be named here, with the reason beside it (the tenancy test fails
 * otherwise).
 */
export const PLATFORM_TABLES = new Set([
  // the academies this deployment hosts, looked up by host before any academy is known
  'academies',
  // academies' own domains, looked up by host the same way
  'academy_domains',
  // the platform's operators and their sessions, signed in at the base domain, belonging to no academy
  'operators',
  'operator_sessions',
  // when each academy's next job is due (ids and times only): the job runner visits academies by it,
  // before entering any (db/job-runner.ts)
  'job_heads',
  // which academy a WhatsApp phone number id belongs to (ids only): Meta's webhook names the number,
  // and the academy whose app secret checks the signature is found by it (family-outbox/provider-webhooks.routes.ts)
  'academy_whatsapp_numbers',
  // the codes that prove a new academy's owner's email: sent before the academy exists (issue 55, sign-up)
  'academy_signup_codes',
  // the operators' failed sign-ins (their throttle), at the base domain, before any academy
  'operator_login_failures',
  // each academy's figures for the operator's list (counts only, no records), one query for all academies
  'academy_usage',
  // the platform address's rate-limit counters and the caps counted across academies (keys only; db/rate-limit-store.ts)
  'platform_rate_limit_hits',
  // drizzle's record of applied migrations (schema `drizzle`)
  '__drizzle_migrations',
]);

export type HostingMode = 'one' | 'many';

const academyContext = new AsyncLocalStorage<string | null>();

/**
 * Drizzle's queries are lazy: `db.select()…` runs only when something calls its `then`, and an `await`
 * after `withAcademy` returned would call it outside the academy. A thenable that `work` returns is
 * therefore started here, inside the context, and its promise returned.
 */
function startedInside<T>(result: T): T {
  if (result !== null && typeof result === 'object' && typeof (result as { then?: unknown }).then === 'function' && !(result instanceof Promise)) {
    const thenable = result as unknown as PromiseLike<unknown>;
    return new Promise((resolve, reject) => thenable.then(resolve, reject)) as T;
  }
  return result;
}

/** Runs `work` (and everything it starts) as the work of this academy. */
export function withAcademy<T>(academyId: string, work: () => T): T {
  return academyContext.run(academyId, () => startedInside(work()));
}

/** Runs `work` as the platform's, outside every academy: academy tables show it nothing. */
export function withoutAcademy<T>(work: () => T): T {
  return academyContext.run(null, () => startedInside(work()));
}

/**
 * The academy entered by `withAcademy`; null inside `withoutAcademy`; undefined when none was entered
 * (the database client then uses its default: the first academy with ACADEMY_HOSTING=one, none with many).
 */
export function enteredAcademyId(): string | null | undefined {
  return academyContext.getStore();
}

/**
 * Thrown when academy data (a kept answer, a file, a cache key, a limit, a lock) is asked for outside
 * every academy: at the platform's own address, or in work that entered no academy on a deployment of
 * many. A bug in code, never a reason to use some academy (issue 71): the error handler answers 404
 * and logs it.
 */
export class OutsideAcademyError extends Error {
  constructor() {
    super('Academy data was asked for outside every academy');
    this.name = 'OutsideAcademyError';
  }
}

/**
 * The academy of work that entered none (a script, a test, a job before it names its own): the one
 * academy with ACADEMY_HOSTING=one; none with many (`noDefaultAcademy`, called where the database is
 * opened for a deployment of many), so such work fails instead of reaching the first academy.
 */
let defaultAcademyId: string | null = FIRST_ACADEMY_ID;

/** A deployment of many academies: work that entered no academy has none (currentAcademyId throws). */
export function noDefaultAcademy() {
  defaultAcademyId = null;
}

/**
 * The academy whose files, cache keys and rate limits the running work uses. There is no fallback
 * academy (issue 71, DESIGN.md 11): inside `withoutAcademy` (the platform's address, a host that is
 * no academy) this throws OutsideAcademyError; with nothing entered it is the one academy of
 * ACADEMY_HOSTING=one, and throws with many.
 */
export function currentAcademyId(): string {
  const entered = academyContext.getStore();
  const academyId = entered === undefined ? defaultAcademyId : entered;
  if (academyId === null) throw new OutsideAcademyError();
  return academyId;
}

/**
 * The owner of a key kept by work that also runs at the platform's own address (the sign-up's code
 * locks): the academy's id, or `platform` inside `withoutAcademy`. Never an academy it did not enter.
 */
export function academyOrPlatform(): string {
  return academyContext.getStore() === null ? 'platform' : currentAcademyId();
}
