import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { OTP_RESEND_AFTER_SECONDS, OTP_SENDS_PER_CONNECTION_PER_HOUR, OTP_SENDS_PER_HOUR } from '@academy/shared/schemas/admissions';
import { AppError } from '../lib/app-error';
import type { DbExecutor } from './client';
import { academyOrPlatform } from '../lib/tenancy';

/**
 * Where one kind of one-time code keeps its sends: the table, and its recipient, client-address and time
 * columns. `sent`: the rows that were sent to the recipient, when not every row was (a phone code asked
 * for a number that is no parent's sends nothing, issue 53); the recipient's limits count only those.
 */
export type CodeSendLog = { table: PgTable; to: PgColumn; ip: PgColumn; createdAt: PgColumn; sent?: SQL };

/** Whom the codes go to (the refusals say "this email address" or "this number"), and the field that shows the earlier code still works. */
export type CodeSendWords = { recipient: 'email' | 'phone'; codeField: string };

/** "in 1 minute", "in 40 minutes": when the oldest send of the last hour stops counting. */
export function tryAgainIn(secondsLeft: number): string {
  const minutes = Math.max(1, Math.ceil(secondsLeft / 60));
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * The limits of every one-time code the academy sends (an applicant's email code, a parent's or an
 * applicant's phone code): one per recipient a minute, five per recipient an hour (the limit a family
 * meets), and a high ceiling per client address against abuse only (families share an office's
 * Wi-Fi). Counted from the codes' own table inside `tx`, under a transaction lock per recipient and per
 * client address, so they hold however many servers answer. Throws the 429 that says when to try
 * again; asking again within the minute says the earlier code still works, never that one was sent.
 * The English sentences are the server catalog's keys: keep them word for word.
 */
export async function enforceCodeSendLimits(tx: DbExecutor, log: CodeSendLog, input: { to: string; ip: string; lockPrefix: string }, words: CodeSendWords): Promise<void> {
  await lockCodeSends(tx, input);
  const toRecipient = log.sent ? and(eq(log.to, input.to), log.sent)! : eq(log.to, input.to);
  const [latest] = await tx
    .select({ secondsAgo: sql<number>`extract(epoch from now() - ${log.createdAt})::float8` })
    .from(log.table)
    .where(toRecipient)
    .orderBy(desc(log.createdAt))
    .limit(1);
  if (latest && latest.secondsAgo < OTP_RESEND_AFTER_SECONDS) {
    const wait = Math.max(1, Math.ceil(OTP_RESEND_AFTER_SECONDS - latest.secondsAgo));
    const seconds = `${wait} ${wait === 1 ? 'second' : 'seconds'}`;
    const message =
      words.recipient === 'email'
        ? `A code was sent to this address less than a minute ago and still works: enter it below. You can ask for a new one in ${seconds}.`
        : `A code was sent to this number less than a minute ago and still works: enter it below. You can ask for a new one in ${seconds}.`;
    // On the code's field: the earlier code is what the family needs now (the form shows that field).
    throw new AppError('TOO_MANY_REQUESTS', message, { [words.codeField]: message });
  }
  const [byRecipient] = await lastHour(tx, log, toRecipient);
  if ((byRecipient?.sends ?? 0) >= OTP_SENDS_PER_HOUR) {
    const when = tryAgainIn(byRecipient!.secondsLeft);
    throw new AppError(
      'TOO_MANY_REQUESTS',
      words.recipient === 'email' ? `Too many codes were sent to this email address. Please try again ${when}.` : `Too many codes were sent to this number. Please try again ${when}.`,
    );
  }
  await enforceClientCeiling(tx, log, input.ip);
}

/**
 * The transaction locks of one code send: per recipient and per client address, so two asks at once
 * count each other however many servers answer.
 */
export async function lockCodeSends(tx: DbExecutor, input: { to: string; ip: string; lockPrefix: string }): Promise<void> {
  // Per academy (issue 55): the counts they guard are the academy's own rows; another academy's asks for the same number never wait on these.
  // The platform's sign-up codes have their own (issue 71: never the first academy's).
  const academy = academyOrPlatform();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${academy}:${input.lockPrefix}:${input.to}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${academy}:${input.lockPrefix}-ip:${input.ip}`}))`);
}

/** How many rows of `where` in the last hour, and how long until the oldest of them stops counting. */
export async function lastHour(tx: DbExecutor, log: CodeSendLog, where: SQL) {
  return tx
    .select({ sends: count(), secondsLeft: sql<number>`coalesce(extract(epoch from min(${log.createdAt}) + interval '1 hour' - now()), 0)::float8` })
    .from(log.table)
    .where(and(where, gt(log.createdAt, sql`now() - interval '1 hour'`)));
}

/** The high ceiling of asks per client address (every ask counts, sent or not): 429 with when to try again. */
export async function enforceClientCeiling(tx: DbExecutor, log: CodeSendLog, ip: string): Promise<void> {
  const [byClient] = await lastHour(tx, log, eq(log.ip, ip));
  if ((byClient?.sends ?? 0) >= OTP_SENDS_PER_CONNECTION_PER_HOUR) {
    throw new AppError('TOO_MANY_REQUESTS', `Too many codes were asked for from this connection. Please try again ${tryAgainIn(byClient!.secondsLeft)}.`);
  }
}
