import fs from 'node:fs';
import { acquireInstanceLock } from '../lib/instance-lock';
import { noDefaultAcademy, type HostingMode } from '../lib/tenancy';
import { connectToRunningBundledPostgres, startBundledPostgresAside } from './bundled-postgres';
import { createDatabase, runMigrations, type Database } from './client';
import { grantServingRole } from './app-role';

/** How long closing waits for the pool's connections before stopping the bundled PostgreSQL anyway. */
const POOL_END_BUDGET_MS = 5_000;

export class DataDirBusyError extends Error {}

/**
 * `db`/`pool`: the serving role's, which every request runs as (rows only). `owner`: the role that owns
 * the tables, for the migrations and for restores, which build tables (a scratch schema); the same
 * database object when only one role is configured (DATABASE_URL alone). Decision 068.
 */
export type OpenedDatabase = Database & { description: string; owner: Database };

export const ONE_ROLE_WARNING =
  'The server serves as the role that owns the tables (DATABASE_URL without MIGRATION_DATABASE_URL): a statement slipped into a query could turn off row-level security. ' +
  'Give the server a role that owns nothing (README: "Using your own PostgreSQL").';

/**
 * Start-up's database work, before anything serves: the owner applies the migrations, then grants the
 * serving role its rows of every table (the new ones included). Answers a warning to log when both
 * are one role.
 */
export async function prepareDatabase(database: OpenedDatabase): Promise<{ warning?: string }> {
  await runMigrations(database.owner.pool);
  if (database.owner === database) return { warning: ONE_ROLE_WARNING };
  const [serving, owner] = await Promise.all([currentRole(database.pool), currentRole(database.owner.pool)]);
  if (serving === owner) return { warning: ONE_ROLE_WARNING };
  const client = await database.owner.pool.connect();
  try {
    await grantServingRole(client, { owner, serving });
  } finally {
    client.release();
  }
  return {};
}

async function currentRole(pool: Database['pool']): Promise<string> {
  const { rows } = await pool.query<{ role: string }>('select current_user as role');
  return rows[0]!.role;
}

/**
 * Connects to DATABASE_URL, or else to the bundled PostgreSQL in DATA_DIR.
 * - The server owns the bundled PostgreSQL: it takes the DATA_DIR lock, starts it, stops it on close.
 *   A second server on the same DATA_DIR is refused.
 * - The CLI uses the server's PostgreSQL when a server runs; otherwise it starts it for its own run.
 * The CLI's `db` is the owner's (its restores and imports build tables; nothing it runs comes from a request).
 */
/** What opening needs of the server's Config, said here so db/ stands below config.ts (one floor lower). */
export type DatabaseConfig = { databaseUrl: string | undefined; migrationDatabaseUrl?: string; dataDir: string; hosting?: { mode: HostingMode } };

/** The CLI works as the owner: both halves are the owner's database. */
function asOwnerEverywhere(database: OpenedDatabase): OpenedDatabase {
  if (database.owner === database) return database;
  const serving = database;
  return {
    ...database.owner,
    owner: database.owner,
    description: database.description,
    async close() {
      await serving.close();
    },
  };
}

export async function openDatabase(config: DatabaseConfig, kind: 'server' | 'cli', log: (message: string) => void): Promise<OpenedDatabase> {
  // Many academies (issue 55): a statement run outside every academy sees no academy's rows.
  const options = { defaultAcademyId: config.hosting?.mode === 'many' ? null : undefined };
  // …and asks for no academy's files, kept answers or limits: there is no fallback academy (issue 71).
  if (config.hosting?.mode === 'many') noDefaultAcademy();
  if (config.databaseUrl) {
    const serving = createDatabase({ connectionString: config.databaseUrl }, options);
    if (!config.migrationDatabaseUrl) {
      const database: OpenedDatabase = { ...serving, description: 'PostgreSQL at DATABASE_URL', owner: serving };
      database.owner = database;
      return database;
    }
    const owner = createDatabase({ connectionString: config.migrationDatabaseUrl }, options);
    const database: OpenedDatabase = {
      ...serving,
      owner,
      description: 'PostgreSQL at DATABASE_URL (migrations as MIGRATION_DATABASE_URL)',
      async close() {
        await Promise.all([serving.close(), owner.close()]);
      },
    };
    return kind === 'cli' ? asOwnerEverywhere(database) : database;
  }

  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o711 });
  const lock = acquireInstanceLock(config.dataDir, kind);
  if ('heldBy' in lock) {
    if (kind === 'cli' && lock.heldBy.kind === 'server') {
      const owner = createDatabase(connectToRunningBundledPostgres(config.dataDir, 'owner'), options);
      const database: OpenedDatabase = { ...owner, owner, description: `the bundled PostgreSQL of the running server (pid ${lock.heldBy.pid})` };
      database.owner = database;
      return database;
    }
    throw new DataDirBusyError(
      `Another Academy ${lock.heldBy.kind} (pid ${lock.heldBy.pid}, started ${lock.heldBy.startedAt}) is already using ${config.dataDir}. ` +
        'Stop it first, or give this one its own DATA_DIR.',
    );
  }

  try {
    // In a worker thread: the server's routes load meanwhile (server.ts).
    const postgres = await startBundledPostgresAside(config.dataDir, { log });
    const serving = createDatabase(postgres.connection, options);
    const owner = createDatabase(postgres.ownerConnection, options);
    const database: OpenedDatabase = {
      ...serving,
      owner,
      description: `the bundled PostgreSQL in ${config.dataDir}`,
      async close() {
        // A connection stuck in a stalled statement must not keep the bundled PostgreSQL running
        // (issue 53): the pools get a few seconds to end, then PostgreSQL is stopped anyway.
        const ended = Promise.all([serving.close().catch(() => {}), owner.close().catch(() => {})]);
        await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, POOL_END_BUDGET_MS).unref())]);
        await postgres.stop();
        lock.release();
      },
    };
    return kind === 'cli' ? asOwnerEverywhere(database) : database;
  } catch (error) {
    lock.release();
    throw error;
  }
}
