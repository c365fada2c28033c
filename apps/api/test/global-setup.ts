import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startBundledPostgres } from '../src/db/bundled-postgres';
import { createDatabase, runMigrations } from '../src/db/client';
import { grantServingRole } from '../src/db/app-role';
import { dropCitusDatabases, makeCitusDatabase } from './citus-cluster';

/**
 * `connection`: a role that may create databases (the superuser of the bundled server, or TEST_DATABASE_URL's);
 * `ownerConnection`: the role that owns the template and every test database and runs the migrations;
 * `appConnection`: the serving role every test connects as, which owns nothing and may only read and
 * write rows (no superuser, no BYPASSRLS), so that the tests run under row-level security and the
 * privileges the server runs under (decisions 053, 068). Their `database` is replaced per test
 * database (databaseOverride). With an unprivileged TEST_DATABASE_URL all three are that one role.
 */
export type TestDatabaseServer = {
  connection: pg.PoolConfig;
  ownerConnection: pg.PoolConfig;
  appConnection: pg.PoolConfig;
  ownerRole: string;
  appRole: string;
  template: string;
};

/** The tests' own roles, made once per server (fixed names: concurrent runs share them). Test-only, no secret. */
export const TEST_APP_ROLE = 'academy_test_app';
export const TEST_OWNER_ROLE = 'academy_test_owner';
const TEST_APP_PASSWORD = 'academy-test-app-role';
const TEST_OWNER_PASSWORD = 'academy-test-owner-role';

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
  const roles = await ensureTestRoles(admin, connection);
  // Owned and migrated by the owner role, as the bundled server's database is; the serving role is
  // granted its rows (clones copy the grants and the default privileges with the template).
  await admin.query(`create database "${template}" owner ${admin.escapeIdentifier(roles.ownerRole)}`);
  // On a Citus coordinator (TEST_CITUS_WORKERS): the template on every node, its tables distributed by the migrations.
  await makeCitusDatabase(connection, template, roles.ownerRole);
  const templateDb = createDatabase({ ...roles.ownerConnection, ...databaseOverride(roles.ownerConnection, template) });
  await runMigrations(templateDb.pool);
  if (roles.appRole !== roles.ownerRole) {
    const client = await templateDb.pool.connect();
    await grantServingRole(client, { owner: roles.ownerRole, serving: roles.appRole }).finally(() => client.release());
  }
  await templateDb.close();

  project.provide('testDatabaseServer', { connection, ...roles, template });

  return async () => {
    // Drop this run's databases (clones are named after the template).
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`academy_%${runId}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await dropCitusDatabases(connection, `academy_%${runId}%`);
    await admin.end();
    await stopServer();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}

/**
 * The roles the tests use. A superuser (or a BYPASSRLS role) ignores row-level security even when it is
 * forced, so when `connection` is one, two plain login roles are made (or found: another run made
 * them); a TEST_DATABASE_URL role that is neither is used as it is, for both.
 */
async function ensureTestRoles(admin: pg.Client, connection: pg.PoolConfig): Promise<Omit<TestDatabaseServer, 'connection' | 'template'>> {
  const { rows } = await admin.query<{ role: string; privileged: boolean }>(
    'select current_user as role, rolsuper or rolbypassrls as privileged from pg_roles where rolname = current_user',
  );
  if (!rows[0]!.privileged) return { ownerConnection: connection, appConnection: connection, ownerRole: rows[0]!.role, appRole: rows[0]!.role };
  return {
    ownerConnection: await ensureTestRole(admin, connection, TEST_OWNER_ROLE, TEST_OWNER_PASSWORD),
    appConnection: await ensureTestRole(admin, connection, TEST_APP_ROLE, TEST_APP_PASSWORD),
    ownerRole: TEST_OWNER_ROLE,
    appRole: TEST_APP_ROLE,
  };
}

async function ensureTestRole(admin: pg.Client, connection: pg.PoolConfig, role: string, password: string): Promise<pg.PoolConfig> {
  const attributes = `login password ${admin.escapeLiteral(password)} nosuperuser nocreatedb nocreaterole noreplication nobypassrls`;
  try {
    const { rowCount } = await admin.query('select 1 from pg_roles where rolname = $1', [role]);
    await admin.query(`${rowCount ? 'alter' : 'create'} role ${role} ${attributes}`);
  } catch (error) {
    // Made by another run (duplicate_object), or by one racing this (unique_violation), or altered by one racing
    // this ("tuple concurrently updated", XX000: two test runs started at once): set its attributes again.
    const { code, message } = error as { code?: string; message?: string };
    const raced = code === 'XX000' && /tuple concurrently updated/.test(message ?? '');
    if (code !== '42710' && code !== '23505' && !raced) throw error;
    await admin.query(`alter role ${role} ${attributes}`);
  }
  if (connection.connectionString) {
    const url = new URL(connection.connectionString);
    url.username = role;
    url.password = password;
    return { connectionString: url.toString() };
  }
  return { ...connection, user: role, password };
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
