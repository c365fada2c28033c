import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startBundledPostgres } from '../src/db/bundled-postgres';
import { createDatabase, runMigrations } from '../src/db/client';

export type TestDatabaseServer = { connection: pg.PoolConfig; template: string };

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
  await admin.query(`create database "${template}"`);
  const templateDb = createDatabase({ ...connection, ...databaseOverride(connection, template) });
  await runMigrations(templateDb.pool);
  await templateDb.close();

  project.provide('testDatabaseServer', { connection, template });

  return async () => {
    // Drop this run's databases (clones are named after the template).
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`academy_%${runId}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
    await stopServer();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
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
