import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db, DbExecutor } from './client';
import { platformRateLimitHits, rateLimitHits } from './schema';
import { currentAcademyId, enteredAcademyId } from '../lib/tenancy';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
/** What the plugin passes to `child`: the route's options merged with the route itself (`routeInfo`). */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL, so every server on the
 * database counts the same requests (the plugin's own store is per process). Fixed windows: the first
 * request of a key opens a window of `timeWindow`; each request adds one to it in a single atomic
 * upsert, and the window starts over once it has ended. Each route counts on its own (as the
 * plugin's memory store does): its method and URL prefix the key.
 *
 * Per academy (issue 55): the academy of the request (lib/tenancy.ts) begins every key, so one academy's
 * flood from an address never refuses another academy's visitors from it (offices and schools share
 * addresses). The rows are the academy's too (row-level security); the prefix keeps counts apart
 * wherever the key is read, also by a connection that sees every row. At the platform's own address
 * (no academy: sign-up, the operator) the counters are the platform's (platform_rate_limit_hits).
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'global',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const count = enteredAcademyId() === null ? countPlatformHit(db, `platform|${this.prefix}|${key}`, timeWindow) : countHit(db, `${currentAcademyId()}|${this.prefix}|${key}`, timeWindow);
      count.then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    /** The count so far without adding to it (the plugin's `increment: false`). */
    read(key: string, callback: Callback) {
      const platform = enteredAcademyId() === null;
      readHits(db, platform ? `platform|${this.prefix}|${key}` : `${currentAcademyId()}|${this.prefix}|${key}`, platform).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: ChildOptions) {
      const { method, url } = routeOptions.routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${[method].flat().join(',')} ${url ?? ''}`);
    }
  };
}

const KEY_LENGTH = 400;

/** Adds one request to the key's window (opening a new one if it has ended) and answers the count. */
export async function countHit(db: DbExecutor, key: string, windowMs: number): Promise<Counted> {
  // The time is the app's, a parameter: Citus takes no now() in an upsert's SET or RETURNING (decision 053).
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const { rows } = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into rate_limit_hits as r (key, hits, expires_at)
    values (${key.slice(0, KEY_LENGTH)}, 1, ${now} + ${windowMs}::float8 * interval '1 millisecond')
    on conflict (academy_id, key) do update set
      hits = case when r.expires_at <= ${now} then 1 else r.hits + 1 end,
      expires_at = case when r.expires_at <= ${now} then excluded.expires_at else r.expires_at end
    returning hits, greatest(0, ceil(extract(epoch from (expires_at - ${now})) * 1000))::int as ttl`);
  const row = rows[0]!;
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

/**
 * countHit on the platform's counters (no academy's): the platform address's rate limits and the caps
 * counted across academies. `add` 0 reads the window without counting (the same statement either way).
 */
export async function countPlatformHit(db: DbExecutor, key: string, windowMs: number, add: 0 | 1 = 1): Promise<Counted> {
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const { rows } = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into platform_rate_limit_hits as r (key, hits, expires_at)
    values (${key.slice(0, KEY_LENGTH)}, ${add}, ${now} + ${windowMs}::float8 * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when r.expires_at <= ${now} then ${add} else r.hits + ${add} end,
      expires_at = case when r.expires_at <= ${now} then excluded.expires_at else r.expires_at end
    returning hits, greatest(0, ceil(extract(epoch from (expires_at - ${now})) * 1000))::int as ttl`);
  const row = rows[0]!;
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

async function readHits(db: Db, key: string, platform: boolean): Promise<Counted> {
  const table = platform ? sql`platform_rate_limit_hits` : sql`rate_limit_hits`;
  const { rows } = await db.execute<{ hits: number; ttl: number }>(sql`
    select hits, ceil(extract(epoch from (expires_at - now())) * 1000)::int as ttl
    from ${table} where key = ${key.slice(0, KEY_LENGTH)} and expires_at > now()`);
  const row = rows[0];
  return row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}

/** Drops the counters of windows that have ended, the academy's and the platform's (a job runs it in each academy). */
export async function pruneRateLimitHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, sql`now()`));
  await db.delete(platformRateLimitHits).where(lt(platformRateLimitHits.expiresAt, sql`now()`));
}
