import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startBundledPostgres } from '../src/db/bundled-postgres';
import { createDatabase, runMigrations } from '../src/db/client';

/**
 * `connection`: a role that may create databases (the superuser of the bundled server, or TEST_DATABASE_URL's);
 * `appConnection`: the role every test database is owned by and connected as (no superuser, no BYPASSRLS),
 * so that the tests run under row-level security as the server does (decision 053). Its `database` is
 * replaced per test database (databaseOverride).
 */
export type TestDatabaseServer = { connection: pg.PoolConfig; appConnection: pg.PoolConfig; appRole: string; template: string };

/** The tests' own app role, made once per server (a fixed name: concurrent runs share it). Test-only, no secret. */
export const TEST_APP_ROLE = 'academy_test_app';
const TEST_APP_PASSWORD = 'academy-test-app-role';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServer: TestDatabaseServer;
  }
}

/**
 * One PostgreSQL per test run: TEST_DATABASE_URL when given, else a bundled one in the system's
 * temporary folder. A migrated template database is made once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const template = `academy_tpl_${runId}`;
  let connection: pg.PoolConfig;
  let stopServer = async () => {};
  let tempDir: string | undefined;

  if (process.env.TEST_DATABASE_URL) {
    connection = { connectionString: process.env.TEST_DATABASE_URL };
  } else {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-test-'));
    fs.chmodSync(tempDir, 0o711);
    // A throw-away cluster: no fsync (each test file clones a database; nothing here must survive a crash).
    const server = await startBundledPostgres(tempDir, { durable: false });
    // Each run creates and drops databases of its own: the superuser's connection (the app role may not).
    connection = server.superuserConnection;
    stopServer = server.stop;
  }

  const admin = new pg.Client(connection);
  await admin.connect();
  const { appConnection, appRole } = await ensureTestAppRole(admin, connection);
  // Owned and migrated by the app role, as the bundled server's database is: every object is the role's own.
  await admin.query(`create database "${template}" owner ${admin.escapeIdentifier(appRole)}`);
  const templateDb = createDatabase({ ...appConnection, ...databaseOverride(appConnection, template) });
  await runMigrations(templateDb.pool);
  await templateDb.close();

  project.provide('testDatabaseServer', { connection, appConnection, appRole, template });

  return async () => {
    // Drop this run's databases (clones are named after the template).
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`academy_%${runId}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
    await stopServer();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}

/**
 * The role the tests connect as. A superuser (or a BYPASSRLS role) ignores row-level security even when
 * it is forced, so when `connection` is one, a plain login role is made (or found: another run made it);
 * a TEST_DATABASE_URL role that is neither is used as it is.
 */
async function ensureTestAppRole(admin: pg.Client, connection: pg.PoolConfig): Promise<{ appConnection: pg.PoolConfig; appRole: string }> {
  const { rows } = await admin.query<{ role: string; privileged: boolean }>(
    'select current_user as role, rolsuper or rolbypassrls as privileged from pg_roles where rolname = current_user',
  );
  if (!rows[0]!.privileged) return { appConnection: connection, appRole: rows[0]!.role };
  const attributes = `login password ${admin.escapeLiteral(TEST_APP_PASSWORD)} nosuperuser nocreatedb nocreaterole noreplication nobypassrls`;
  try {
    const { rowCount } = await admin.query('select 1 from pg_roles where rolname = $1', [TEST_APP_ROLE]);
    await admin.query(`${rowCount ? 'alter' : 'create'} role ${TEST_APP_ROLE} ${attributes}`);
  } catch (error) {
    // Made by another run (duplicate_object), or by one racing this (unique_violation): set its attributes.
    const code = (error as { code?: string }).code;
    if (code !== '42710' && code !== '23505') throw error;
    await admin.query(`alter role ${TEST_APP_ROLE} ${attributes}`);
  }
  if (connection.connectionString) {
    const url = new URL(connection.connectionString);
    url.username = TEST_APP_ROLE;
    url.password = TEST_APP_PASSWORD;
    return { appConnection: { connectionString: url.toString() }, appRole: TEST_APP_ROLE };
  }
  return { appConnection: { ...connection, user: TEST_APP_ROLE, password: TEST_APP_PASSWORD }, appRole: TEST_APP_ROLE };
}

/** Connection settings pointing at another database of the same server. */
export function databaseOverride(connection: pg.PoolConfig, database: string): pg.PoolConfig {
  if (connection.connectionString) {
    const url = new URL(connection.connectionString);
    url.pathname = `/${database}`;
    return { connectionString: url.toString() };
  }
  return { database };
}
