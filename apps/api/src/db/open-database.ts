import fs from 'node:fs';
import { acquireInstanceLock } from '../lib/instance-lock';
import { noDefaultAcademy, type HostingMode } from '../lib/tenancy';
import { connectToRunningBundledPostgres, startBundledPostgres } from './bundled-postgres';
import { createDatabase, type Database } from './client';

/** How long closing waits for the pool's connections before stopping the bundled PostgreSQL anyway. */
const POOL_END_BUDGET_MS = 5_000;

export class DataDirBusyError extends Error {}

export type OpenedDatabase = Database & { description: string };

/**
 * Connects to DATABASE_URL, or else to the bundled PostgreSQL in DATA_DIR.
 * - The server owns the bundled PostgreSQL: it takes the DATA_DIR lock, starts it, stops it on close.
 *   A second server on the same DATA_DIR is refused.
 * - The CLI uses the server's PostgreSQL when a server runs; otherwise it starts it for its own run.
 */
/** What opening needs of the server's Config, said here so db/ stands below config.ts (one floor lower). */
export type DatabaseConfig = { databaseUrl: string | undefined; dataDir: string; hosting?: { mode: HostingMode } };

export async function openDatabase(config: DatabaseConfig, kind: 'server' | 'cli', log: (message: string) => void): Promise<OpenedDatabase> {
  // Many academies (issue 55): a statement run outside every academy sees no academy's rows.
  const options = { defaultAcademyId: config.hosting?.mode === 'many' ? null : undefined };
  // …and asks for no academy's files, kept answers or limits: there is no fallback academy (issue 71).
  if (config.hosting?.mode === 'many') noDefaultAcademy();
  if (config.databaseUrl) {
    const database = createDatabase({ connectionString: config.databaseUrl }, options);
    return { ...database, description: 'PostgreSQL at DATABASE_URL' };
  }

  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o711 });
  const lock = acquireInstanceLock(config.dataDir, kind);
  if ('heldBy' in lock) {
    if (kind === 'cli' && lock.heldBy.kind === 'server') {
      const database = createDatabase(connectToRunningBundledPostgres(config.dataDir), options);
      return { ...database, description: `the bundled PostgreSQL of the running server (pid ${lock.heldBy.pid})` };
    }
    throw new DataDirBusyError(
      `Another Academy ${lock.heldBy.kind} (pid ${lock.heldBy.pid}, started ${lock.heldBy.startedAt}) is already using ${config.dataDir}. ` +
        'Stop it first, or give this one its own DATA_DIR.',
    );
  }

  try {
    const postgres = await startBundledPostgres(config.dataDir, { log });
    const database = createDatabase(postgres.connection, options);
    return {
      ...database,
      description: `the bundled PostgreSQL in ${config.dataDir}`,
      async close() {
        // A connection stuck in a stalled statement must not keep the bundled PostgreSQL running
        // (issue 53): the pool gets a few seconds to end, then PostgreSQL is stopped anyway.
        await Promise.race([database.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, POOL_END_BUDGET_MS).unref())]);
        await postgres.stop();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
