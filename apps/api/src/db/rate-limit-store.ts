import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from './client';
import { rateLimitHits } from './schema';

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
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'global',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, `${this.prefix}|${key}`, timeWindow).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    /** The count so far without adding to it (the plugin's `increment: false`). */
    read(key: string, callback: Callback) {
      readHits(db, `${this.prefix}|${key}`).then(
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
export async function countHit(db: Db, key: string, windowMs: number): Promise<Counted> {
  const { rows } = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into rate_limit_hits as r (key, hits, expires_at)
    values (${key.slice(0, KEY_LENGTH)}, 1, now() + ${windowMs}::float8 * interval '1 millisecond')
    on conflict (academy_id, key) do update set
      hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
      expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
    returning hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`);
  const row = rows[0]!;
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

async function readHits(db: Db, key: string): Promise<Counted> {
  const { rows } = await db.execute<{ hits: number; ttl: number }>(sql`
    select hits, ceil(extract(epoch from (expires_at - now())) * 1000)::int as ttl
    from rate_limit_hits where key = ${key.slice(0, KEY_LENGTH)} and expires_at > now()`);
  const row = rows[0];
  return row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}

/** Drops the counters of windows that have ended (a job runs it). */
export async function pruneRateLimitHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, sql`now()`));
}
