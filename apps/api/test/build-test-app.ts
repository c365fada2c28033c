import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createDatabase, type Database } from '../src/db/client';
import { databaseOverride } from './global-setup';

/** A fresh database for one test file, cloned from the run's migrated template. */
export async function createTestDatabase(): Promise<Database> {
  const { connection, template } = inject('testDatabaseServer');
  const name = `${template.replace('academy_tpl_', 'academy_t_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(connection);
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  return createDatabase({ ...connection, ...databaseOverride(connection, name) });
}

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

/** The real application on a fresh real database; drive it with app.inject. */
export async function buildTestApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ db: database.db, config: { isProduction: false, publicUrl: undefined, trustProxy: false } });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
