import pg from 'pg';
import type { Lock, Locker, RequestRelease } from '@tus/utils';
import type { Db } from '../../db/client';

/*
 * The lock that keeps two writes of one lecture upload apart, held in PostgreSQL (issue 75, decision 097),
 * so that several servers on one database take a lecture's tus requests with no pinning by the proxy.
 *
 * - The lock is a session-level advisory lock `(LECTURE_UPLOAD_LOCK_KEY, hashtext('<academy>:<lecture>:<upload>'))`
 *   taken on a connection kept for as long as the request holds it (a PATCH: while its body arrives) and
 *   given back after `pg_advisory_unlock`. A server that dies mid-write loses its connection, and
 *   PostgreSQL frees the lock with it. Those connections come from a small pool of their own (at most
 *   `maxConnections`, 16, closed after 10 s idle): slow uploads holding them never starve the requests'
 *   pool.
 * - tus' rule for a second request on an upload (a phone that changed network and resumes while its old
 *   connection still hangs open): the old one is asked to stop and keeps what it had. On this server that is
 *   a call; held on another server, `NOTIFY academy_lecture_upload_release '<key>'` asks it (every server
 *   LISTENs, app/other-servers-changes.ts), and the new request tries again every 100 ms.
 * - Not free after `waitMs` (10 s): the request is answered 423 Locked in words, which tus clients retry.
 */
export const LECTURE_UPLOAD_LOCK_KEY = 727_097;
export const LECTURE_UPLOAD_RELEASE_CHANNEL = 'academy_lecture_upload_release';

const RETRY_MS = 100;

/** Thrown when the upload stays locked elsewhere: answered 423. */
export class UploadLocked extends Error {
  constructor() {
    super('upload locked');
  }
}

export type PgUploadLocker = {
  /** The tus Locker for one request: its lock's key is the academy, the lecture and the upload id. */
  lockerFor(academyId: string, lectureId: string): Locker;
  /** Takes the upload's lock around `work` (finishing a recording cut short), with the same rules. */
  withLock<T>(academyId: string, lectureId: string, uploadId: string, work: () => Promise<T>): Promise<T>;
  /** A notice from another server: this server's holder of `key`, if any, is asked to stop. */
  releaseRequested(key?: string): void;
  close(): Promise<void>;
};

export function createPgUploadLocker(db: Db, options: { waitMs?: number; maxConnections?: number } = {}): PgUploadLocker {
  const waitMs = options.waitMs ?? 10_000;
  const main = (db as unknown as { $client: pg.Pool }).$client;
  let own: pg.Pool | undefined;
  // The same database as the requests' pool, with the plain client (an advisory lock reads no table).
  const pool = () => {
    if (own) return own;
    const { Client: _client, max: _max, idleTimeoutMillis: _idle, ...connection } = main.options as pg.PoolConfig & { Client?: unknown };
    // pg-pool keeps the password out of the options' enumerable keys.
    own = new pg.Pool({ ...connection, password: main.options.password, max: options.maxConnections ?? 16, idleTimeoutMillis: 10_000 });
    own.on('error', (error) => console.error('PostgreSQL pool error (lecture upload locks):', error.message));
    return own;
  };
  /** The locks this server holds: key → how to ask their request to stop. */
  const held = new Map<string, RequestRelease>();

  const tryLock = async (client: pg.PoolClient, key: string) => {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [LECTURE_UPLOAD_LOCK_KEY, key]);
    return rows[0]?.locked === true;
  };

  class PgLock implements Lock {
    private client: pg.PoolClient | undefined;
    constructor(private readonly key: string) {}

    async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
      const client = await pool().connect();
      try {
        const until = Date.now() + waitMs;
        let asked = false;
        for (;;) {
          if (await tryLock(client, this.key)) break;
          if (!asked) {
            asked = true;
            const local = held.get(this.key);
            if (local) await local();
            else await client.query('select pg_notify($1, $2)', [LECTURE_UPLOAD_RELEASE_CHANNEL, this.key]);
          }
          if (signal.aborted || Date.now() >= until) throw new UploadLocked();
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      } catch (error) {
        client.release();
        throw error;
      }
      this.client = client;
      held.set(this.key, requestRelease);
    }

    async unlock(): Promise<void> {
      const client = this.client;
      if (!client) return;
      this.client = undefined;
      if (held.get(this.key)) held.delete(this.key);
      try {
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [LECTURE_UPLOAD_LOCK_KEY, this.key]);
        client.release();
      } catch (error) {
        // A connection that cannot unlock is closed, which frees the lock.
        client.release(error as Error);
      }
    }
  }

  const keyOf = (academyId: string, lectureId: string, uploadId: string) => `${academyId}:${lectureId}:${uploadId}`;

  return {
    lockerFor: (academyId, lectureId) => ({ newLock: (uploadId: string) => new PgLock(keyOf(academyId, lectureId, uploadId)) }),
    async withLock(academyId, lectureId, uploadId, work) {
      const lock = new PgLock(keyOf(academyId, lectureId, uploadId));
      const stop = new AbortController();
      await lock.lock(stop.signal, () => {});
      try {
        return await work();
      } finally {
        await lock.unlock();
      }
    },
    releaseRequested(key) {
      if (!key) return;
      const release = held.get(key);
      if (release) void Promise.resolve(release()).catch(() => {});
    },
    async close() {
      const closing = own;
      own = undefined;
      await closing?.end();
    },
  };
}
