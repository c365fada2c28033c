import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../src/app';
import { createDatabase, type Database } from '../src/db/client';
import { grantServingRole } from '../src/db/app-role';
import { createMailer, type Mailer } from '../src/lib/mailer';
import { createLocalStorage, type FileStorage } from '../src/lib/storage';
import { serverKeysFrom } from '../src/lib/server-keys';

/** Every test app of a run shares one server secret, as servers of one academy share APP_SECRET. */
/** Provider addresses no test reaches (a test of WhatsApp or SMS starts its own stand-in). */
export const NO_PROVIDERS = { whatsappBase: 'http://127.0.0.1:9', msg91Base: 'http://127.0.0.1:9' };
export const TEST_SERVER_KEYS = serverKeysFrom('academy-test-server-secret-0123456789abcdef');
import { databaseOverride } from './global-setup';
import { citusWorkers, cloneCitusDatabase, makeCitusDatabase } from './citus-cluster';
import { readOutbox, type ReadMail } from './outbox';

/** A fresh database for one test file, cloned from the run's migrated template, connected as the serving role (row-level security and its privileges apply). */
/** The one-off jobs whose run is a mail: `mailsTo` runs them before reading the outbox. */
export const MAIL_JOBS = ['welcome-mail', 'password-reset-mail', 'enquiry-confirmation-mail'] as const;

export async function createTestDatabase(): Promise<Database> {
  return createDatabase(await createTestDatabaseConnection());
}

/**
 * Creates a fresh database like createTestDatabase and answers how to connect to it as the serving
 * role, so that a test can open several pools on it (several servers on one database).
 */
export async function createTestDatabaseConnection(): Promise<pg.PoolConfig> {
  const { connection, appConnection, ownerRole, template } = inject('testDatabaseServer');
  const name = `${template.replace('academy_tpl_', 'academy_t_')}_${randomBytes(4).toString('hex')}`;
  if (citusWorkers().length > 0) {
    await cloneCitusDatabase(connection, name, template, ownerRole);
    // On the test cluster of one machine each statement is a transaction through the coordinator to a worker
    // (begin, the academy, the statement, commit; one round trip from here, but the coordinator's own work): 50
    // requests at once waited more than the pool's 5 s for one of its 10 connections (answered 503). A real cluster sizes its pool and pooler for its load (decision 053).
    return { ...appConnection, ...databaseOverride(appConnection, name), connectionTimeoutMillis: 30_000 };
  }
  const admin = new pg.Client(connection);
  await admin.connect();
  try {
    await admin.query(`create database "${name}" owner ${admin.escapeIdentifier(ownerRole)} template "${template}"`);
  } finally {
    await admin.end();
  }
  return { ...appConnection, ...databaseOverride(appConnection, name) };
}

/** The name of the database a pool connects to, from its settings (no query: the server may be a stand-in that never answers). */
function databaseNameOf(database: Database): string | undefined {
  const options = database.pool.options as pg.PoolConfig;
  if (options.database) return options.database;
  return options.connectionString ? decodeURIComponent(new URL(options.connectionString).pathname.slice(1)) || undefined : undefined;
}

/** The same database as `database`, connected as the tables' owner (migrations, restores, DDL a test needs). */
export function ownerConnectionTo(database: Database): pg.PoolConfig {
  const { ownerConnection } = inject('testDatabaseServer');
  const name = databaseNameOf(database);
  if (!name) throw new Error('The test database has no name in its settings.');
  return { ...ownerConnection, ...databaseOverride(ownerConnection, name) };
}

/** A pool on the same database as `database`, as the tables' owner. Close it. */
export function ownerDatabaseOf(database: Database): Database {
  return createDatabase(ownerConnectionTo(database));
}

/** A connection string for a child process (the CLI's DATABASE_URL). */
export function urlOf(connection: pg.PoolConfig): string {
  if (connection.connectionString) return connection.connectionString;
  const auth = connection.user ? `${encodeURIComponent(connection.user)}${connection.password ? `:${encodeURIComponent(String(connection.password))}` : ''}@` : '';
  const host = connection.host ?? '127.0.0.1';
  // The bundled test server listens on a Unix socket: its folder goes in `?host=`.
  if (host.startsWith('/')) return `postgres://${auth}localhost:${connection.port ?? 5432}/${connection.database}?host=${encodeURIComponent(host)}`;
  return `postgres://${auth}${host}:${connection.port ?? 5432}/${connection.database}`;
}

/** The CLI's settings for a test database: the serving role in DATABASE_URL, the owner in MIGRATION_DATABASE_URL, as a production server has them. */
export function cliDatabaseEnv(database: Database): { DATABASE_URL: string; MIGRATION_DATABASE_URL: string } {
  return { DATABASE_URL: urlOf(database.pool.options as pg.PoolConfig), MIGRATION_DATABASE_URL: urlOf(ownerConnectionTo(database)) };
}

/** The same database as `database`, connected as the superuser (row-level security does not apply): for the few tests that need it. */
export async function superuserConnectionTo(database: Database): Promise<pg.PoolConfig> {
  const { connection } = inject('testDatabaseServer');
  const { rows } = await database.pool.query<{ name: string }>('select current_database() as name');
  return { ...connection, ...databaseOverride(connection, rows[0]!.name) };
}

/**
 * A database with nothing in it at all (no tables, no migrations), as on a new server: owned by the
 * owner role, connected as the serving role, which is granted whatever the owner makes in it later
 * (the migrations of a restore), as the server's start grants it.
 */
export async function createEmptyTestDatabase(): Promise<Database> {
  const { connection, appConnection, ownerConnection, ownerRole, appRole, template } = inject('testDatabaseServer');
  const name = `${template.replace('academy_tpl_', 'academy_e_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(connection);
  await admin.connect();
  try {
    await admin.query(`create database "${name}" owner ${admin.escapeIdentifier(ownerRole)}`);
  } finally {
    await admin.end();
  }
  await makeCitusDatabase(connection, name, ownerRole);
  if (ownerRole !== appRole) {
    const owner = new pg.Client({ ...ownerConnection, ...databaseOverride(ownerConnection, name) });
    await owner.connect();
    await grantServingRole(owner, { owner: ownerRole, serving: appRole }).finally(() => owner.end());
  }
  return createDatabase({ ...appConnection, ...databaseOverride(appConnection, name) });
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** Writes .eml files to `outboxDir`, exactly as a server without SMTP_URL does. */
  mailer: Mailer;
  outboxDir: string;
  /** Temporary DATA_DIR-like folders: backups and stored files. */
  backupsDir: string;
  /** The uploaded files, in a temporary folder of this test file (`filesDir`). */
  storage: FileStorage;
  filesDir: string;
  /** Every mail to this address so far, oldest first (after background work has finished). */
  mailsTo(address: string): Promise<ReadMail[]>;
  /** The newest mail to this address, or undefined. */
  latestMailTo(address: string): Promise<ReadMail | undefined>;
  close(): Promise<void>;
};

/** The real application on a fresh real database; drive it with app.inject. */
export async function buildTestApp(options: { config?: Partial<AppDeps['config']>; logger?: AppDeps['logger']; database?: Database; keys?: AppDeps['keys']; domainChecks?: AppDeps['domainChecks']; lectures?: AppDeps['lectures'] } = {}): Promise<TestApp> {
  // Many academies (issue 55): statements outside every academy see none of them, as the server's do.
  const defaultAcademyId = options.config?.hosting?.mode === 'many' ? null : undefined;
  const database = options.database ?? createDatabase(await createTestDatabaseConnection(), { defaultAcademyId });
  // Restores run as the tables' owner, as the server's do (decision 068); a pool connects only when used.
  const name = databaseNameOf(database);
  const owner = name ? createDatabase(ownerConnectionTo(database), { defaultAcademyId }) : undefined;
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-outbox-'));
  const mailer = createMailer({ smtpUrl: undefined, from: { name: 'Academy', address: 'no-reply@localhost' }, outboxDir, log: () => {} });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-data-'));
  const filesDir = path.join(dataDir, 'files');
  const backups = { backupsDir: path.join(dataDir, 'backups'), filesDir };
  const storage = createLocalStorage({ root: filesDir, incomingDir: path.join(dataDir, 'files-incoming') });
  const app = await buildApp({ db: database.db, ownerDb: owner?.db, config: { isProduction: false, publicUrl: undefined, trustProxy: false, providers: NO_PROVIDERS, ...options.config }, mailer, keys: options.keys ?? TEST_SERVER_KEYS, backups, storage, lectures: options.lectures, logger: options.logger, domainChecks: options.domainChecks });
  const mailsTo = async (address: string) => {
    await app.backgroundIdle();
    // The mails queued as jobs (decision 083) are sent now: only these, not every periodic job.
    while ((await app.jobs.runDue(MAIL_JOBS)) > 0);
    return readOutbox(outboxDir).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
  };
  return {
    app,
    database,
    mailer,
    outboxDir,
    ...backups,
    storage,
    mailsTo,
    latestMailTo: async (address) => (await mailsTo(address)).at(-1),
    async close() {
      await app.close();
      await database.close();
      await owner?.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
