import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../../paths';
import type { Queryable } from './database-tables';

/**
 * Which committed migration a database (or a backup of it) has reached, and replaying migrations
 * inside a caller's transaction. Drizzle's own migrator opens and commits its own transaction, so the
 * restore applies the same files the same way (statements, then a row in drizzle.__drizzle_migrations).
 */
export type MigrationRef = { tag: string; hash: string; createdAt: number };
export type KnownMigration = MigrationRef & { statements: string[] };

/** Every migration this build ships, oldest first. */
export function knownMigrations(folder: string = migrationsFolder): KnownMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, index) => ({ tag: entry.tag, hash: files[index]!.hash, createdAt: entry.when, statements: files[index]!.sql }));
}

/** The newest migration applied to this database, named after this build's journal; undefined when none. */
export async function currentMigration(client: Queryable): Promise<MigrationRef | undefined> {
  const { rows: exists } = await client.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists[0]?.present) return undefined;
  const { rows } = await client.query<{ hash: string; created_at: string }>('select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1');
  const row = rows[0];
  if (!row) return undefined;
  const createdAt = Number(row.created_at);
  const known = knownMigrations().find((migration) => migration.createdAt === createdAt);
  return { tag: known?.tag ?? `unknown-${createdAt}`, hash: row.hash, createdAt };
}

export type MigrationCheck =
  | { ok: true; index: number }
  | { ok: false; reason: 'newer' | 'unknown' };

/** Where a backup's migration stands among ours: its index, or why it cannot be restored here. */
export function locateMigration(migration: MigrationRef, known: KnownMigration[] = knownMigrations()): MigrationCheck {
  const index = known.findIndex((candidate) => candidate.createdAt === migration.createdAt && candidate.hash === migration.hash && candidate.tag === migration.tag);
  if (index >= 0) return { ok: true, index };
  const latest = known.at(-1);
  if (latest && migration.createdAt > latest.createdAt) return { ok: false, reason: 'newer' };
  return { ok: false, reason: 'unknown' };
}

/** Starts drizzle's migration log afresh (same shape as drizzle's migrator makes it). */
export async function resetMigrationLog(client: Queryable): Promise<void> {
  await client.query('create schema if not exists "drizzle"');
  await client.query('create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)');
  await client.query('delete from "drizzle"."__drizzle_migrations"');
}

/** Applies migrations (inside the caller's transaction) and logs each as drizzle's migrator does. */
export async function applyMigrations(client: Queryable, migrations: KnownMigration[]): Promise<void> {
  for (const migration of migrations) {
    for (const statement of migration.statements) {
      if (statement.trim() !== '') await client.query(statement);
    }
    await client.query('insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)', [migration.hash, migration.createdAt]);
  }
}
