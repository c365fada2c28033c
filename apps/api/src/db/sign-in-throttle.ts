import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from './client';
import { thisAcademy } from './same-academy';
import type { loginFailures, operatorLoginFailures } from './schema';

/** Tries per account from one client (address) in 15 minutes: the owner on another device still gets in. */
export const LOGIN_FAILURE_LIMIT = 10;
/**
 * Tries per account from all clients together in 15 minutes: the ceiling against guessing spread over
 * many addresses (docs/decisions/011-security-review-findings.md says why 100).
 */
export const LOGIN_ACCOUNT_CEILING = 100;
/** Tries from one address over all accounts in 15 minutes (a classroom behind one router shares it). */
export const LOGIN_ADDRESS_LIMIT = 50;
const LOGIN_FAILURE_WINDOW = sql`now() - interval '15 minutes'`;

/**
 * Where failed sign-ins are kept: the users' (an academy table) or the operators' at the base domain
 * (a platform table the academies' addresses cannot see). The same throttle holds on both.
 */
type SignInFailures = typeof loginFailures | typeof operatorLoginFailures;

/** An academy's tries named by its value (on Citus: its shard alone, decision 053); the operators' have no academy. */
const ofThisAcademy = (failures: SignInFailures) => ('academyId' in failures ? thisAcademy(failures) : undefined);

/**
 * Claims one try before the password is checked, then counts the tries including this one. Each
 * claim is committed before its count, so of N simultaneous tries the k-th to commit sees at least k:
 * no more than the limit can pass, however many arrive at once (a read-then-write check let 28 of 40
 * through). A refused try gives its claim back, so refusals do not extend the lock; a wrong password
 * keeps it (it counts), a right one gives it back.
 */
export async function claimSignInTry(db: DbExecutor, failures: SignInFailures, email: string, ip: string) {
  const [claim] = await db.insert(failures).values({ email, ip }).returning({ id: failures.id });
  const [row] = await db
    .select({
      byAccountAndClient: count(sql`case when ${failures.email} = ${email} and ${failures.ip} = ${ip} then 1 end`),
      byAccount: count(sql`case when ${failures.email} = ${email} then 1 end`),
      byClient: count(sql`case when ${failures.ip} = ${ip} then 1 end`),
    })
    .from(failures)
    .where(and(ofThisAcademy(failures), gt(failures.createdAt, LOGIN_FAILURE_WINDOW), or(eq(failures.email, email), eq(failures.ip, ip))));
  const tries = row ?? { byAccountAndClient: 0, byAccount: 0, byClient: 0 };
  const allowed = tries.byAccountAndClient <= LOGIN_FAILURE_LIMIT && tries.byAccount <= LOGIN_ACCOUNT_CEILING && tries.byClient <= LOGIN_ADDRESS_LIMIT;
  return { allowed, release: () => db.delete(failures).where(and(ofThisAcademy(failures), eq(failures.id, claim!.id))) };
}

/** The right password: this client's tries on this account are forgiven (others' still count). */
export async function forgiveSignInTries(db: DbExecutor, failures: SignInFailures, email: string, ip: string) {
  await db.delete(failures).where(and(ofThisAcademy(failures), eq(failures.email, email), eq(failures.ip, ip)));
}
