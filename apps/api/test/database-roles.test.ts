import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsPending, type Database } from '../src/db/client';
import { startBundledPostgres, startBundledPostgresAside } from '../src/db/bundled-postgres';
import { ONE_ROLE_WARNING, openDatabase, prepareDatabase } from '../src/db/open-database';
import { FIRST_ACADEMY_ID, withAcademy } from '../src/lib/tenancy';
import { createTestDatabase, ownerDatabaseOf, urlOf } from './build-test-app';
import { buildUser } from './factories';
import { databaseOverride } from './global-setup';

/**
 * Defence in depth (issue 71, decision 068): the server serves as a role that owns nothing, so a
 * statement slipped into a query (SQL injection) can never turn row-level security off, drop or make
 * a table, nor become the owner. Every API test connects as that serving role (test/global-setup.ts).
 */

/** What PostgreSQL says of an error: its SQLSTATE. */
async function sqlState(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

const { ownerRole, appRole } = inject('testDatabaseServer');
// An unprivileged TEST_DATABASE_URL role is both roles: nothing here can be shown then.
const twoRoles = ownerRole !== appRole;

let serving: Database;
let owner: Database;
beforeAll(async () => {
  serving = await createTestDatabase();
  owner = ownerDatabaseOf(serving);
});
afterAll(async () => {
  await serving.close();
  await owner.close();
});

describe.skipIf(!twoRoles)("the server's pool (the serving role)", () => {
  it('is no superuser, cannot bypass row-level security and owns nothing: not the database, not a schema, not a table', async () => {
    const { rows } = await serving.pool.query<{ superuser: boolean; bypass: boolean; database: boolean; schemas: number; relations: number }>(
      `select rolsuper as superuser, rolbypassrls as bypass,
         (select datdba = r.oid from pg_database where datname = current_database()) as database,
         (select count(*)::int from pg_namespace where nspowner = r.oid) as schemas,
         (select count(*)::int from pg_class where relowner = r.oid) as relations
       from pg_roles r where rolname = current_user`,
    );
    expect(rows).toEqual([{ superuser: false, bypass: false, database: false, schemas: 0, relations: 0 }]);
  });

  it('cannot turn row-level security off, drop a table, make one, empty one or become the owner (42501)', async () => {
    const query = (text: string) => sqlState(serving.pool.query(text));
    expect(await query('alter table students no force row level security')).toBe('42501');
    expect(await query('alter table students disable row level security')).toBe('42501');
    expect(await query('drop policy academy_only on students')).toBe('42501');
    expect(await query('drop table audit_log')).toBe('42501');
    expect(await query('create table intruder (id int)')).toBe('42501');
    expect(await query('create schema intruder')).toBe('42501');
    expect(await query('truncate students cascade')).toBe('42501');
    expect(await query(`set role ${ownerRole}`)).toBe('42501');
    expect(await query(`set session authorization ${ownerRole}`)).toBe('42501');
    // Still forced, and the rows still guarded.
    const { rows } = await owner.pool.query<{ forced: boolean }>(`select relforcerowsecurity as forced from pg_class where relname = 'students' and relnamespace = 'public'::regnamespace`);
    expect(rows).toEqual([{ forced: true }]);
  });

  it('reads and writes rows of every table, sequences and functions included', async () => {
    const user = await buildUser(serving.db);
    const { rows } = await serving.pool.query<{ count: number; academy: string }>('select count(*)::int as count, current_academy_id()::text as academy from users where id = $1', [user.id]);
    expect(rows).toEqual([{ count: 1, academy: FIRST_ACADEMY_ID }]);
  });

  it('uses a table, its sequence and a function that a later migration makes (default privileges)', async () => {
    // As a migration would: the owner makes them after the grants were given.
    await owner.pool.query('create table later_feature (id serial primary key, academy_id uuid not null default current_academy_id(), note text)');
    await owner.pool.query(`create function later_feature_count() returns int language sql stable as 'select count(*)::int from later_feature'`);
    try {
      await serving.pool.query(`insert into later_feature (note) values ('first'), ('second')`);
      await serving.pool.query(`update later_feature set note = 'changed' where note = 'first'`);
      await serving.pool.query(`delete from later_feature where note = 'second'`);
      const { rows } = await serving.pool.query<{ count: number }>('select later_feature_count() as count');
      expect(rows).toEqual([{ count: 1 }]);
      expect(await sqlState(serving.pool.query('drop table later_feature'))).toBe('42501');
    } finally {
      await owner.pool.query('drop function later_feature_count(); drop table later_feature');
    }
  });
});

describe.skipIf(!twoRoles)('start-up with your own PostgreSQL (DATABASE_URL, MIGRATION_DATABASE_URL)', () => {
  it('migrates as the owner and grants the serving role its rows; with DATABASE_URL alone it warns', { timeout: 120_000 }, async () => {
    const { connection, ownerConnection, appConnection, template } = inject('testDatabaseServer');
    // A new, empty database owned by the owner role, with no grant yet: what an operator makes by hand.
    const name = `${template.replace('academy_tpl_', 'academy_u_')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client(connection);
    await admin.connect();
    await admin.query(`create database "${name}" owner ${admin.escapeIdentifier(ownerRole)}`);
    const config = {
      databaseUrl: urlOf({ ...appConnection, ...databaseOverride(appConnection, name) }),
      migrationDatabaseUrl: urlOf({ ...ownerConnection, ...databaseOverride(ownerConnection, name) }),
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'academy-roles-')),
    };
    try {
      const database = await openDatabase(config, 'server', () => {});
      try {
        expect(await prepareDatabase(database)).toEqual({});
        const user = await withAcademy(FIRST_ACADEMY_ID, async () => await buildUser(database.db));
        expect(user.id).toBeTruthy();
        expect(await sqlState(database.pool.query('alter table users no force row level security'))).toBe('42501');
      } finally {
        await database.close();
      }
      // One URL: the owner serves, as before, and start-up says so.
      const alone = await openDatabase({ ...config, databaseUrl: config.migrationDatabaseUrl, migrationDatabaseUrl: undefined }, 'server', () => {});
      try {
        expect(await prepareDatabase(alone)).toEqual({ warning: ONE_ROLE_WARNING });
      } finally {
        await alone.close();
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('the bundled PostgreSQL', () => {
  it('upgrades a data folder from before issue 71 (the serving role owned everything): ownership moves to the owner, every row stays', { timeout: 180_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-upgrade-'));
    fs.chmodSync(dataDir, 0o711);
    const config = { databaseUrl: undefined, dataDir };
    try {
      // A data folder as this version makes it, with rows in it...
      const first = await openDatabase(config, 'server', () => {});
      try {
        await prepareDatabase(first);
        await withAcademy(FIRST_ACADEMY_ID, async () => {
          for (let index = 0; index < 3; index += 1) await buildUser(first.db);
        });
      } finally {
        await first.close();
      }
      const counts = async (database: Database) =>
        (await database.pool.query<{ users: number; migrations: number }>('select (select count(*)::int from users) as users, (select count(*)::int from drizzle.__drizzle_migrations) as migrations')).rows[0]!;

      // ...turned back into the layout of before: academy_app owns the database and everything in it, no owner role.
      const postgres = await startBundledPostgres(dataDir, { durable: false });
      const superuser = new pg.Client(postgres.superuserConnection);
      await superuser.connect();
      const before = await counts({ pool: superuser } as unknown as Database);
      await superuser.query('reassign owned by academy_owner to academy_app');
      await superuser.query('drop owned by academy_owner');
      const { rows: layout } = await superuser.query<{ database: string; tables: string[] }>(
        `select (select pg_get_userbyid(datdba) from pg_database where datname = current_database()) as database,
           array(select distinct tableowner::text from pg_tables where schemaname = 'public') as tables`,
      );
      expect(layout).toEqual([{ database: 'academy_app', tables: ['academy_app'] }]);
      await superuser.end();
      const admin = new pg.Client({ ...postgres.superuserConnection, database: 'postgres' });
      await admin.connect();
      await admin.query('drop role academy_owner');
      await admin.end();
      await postgres.stop();
      fs.rmSync(path.join(dataDir, 'pg-owner-password'));

      // The next start of the server: ownership moved, grants given, rows intact.
      const upgraded = await openDatabase(config, 'server', () => {});
      try {
        expect(await prepareDatabase(upgraded)).toEqual({});
        expect(await counts(upgraded)).toEqual(before);
        const { rows } = await upgraded.owner.pool.query<{ database: string; extension: string; foreign: number; me: string }>(
          `select (select pg_get_userbyid(datdba) from pg_database where datname = current_database()) as database,
             (select pg_get_userbyid(extowner) from pg_extension where extname = 'pg_trgm') as extension,
             (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle') and c.relowner <> (select oid from pg_roles where rolname = current_user)) as foreign,
             current_user as me`,
        );
        expect(rows).toEqual([{ database: 'academy_owner', extension: 'academy_owner', foreign: 0, me: 'academy_owner' }]);
        expect(await sqlState(upgraded.pool.query('alter table students no force row level security'))).toBe('42501');
        await withAcademy(FIRST_ACADEMY_ID, async () => await buildUser(upgraded.db));
      } finally {
        await upgraded.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('starts in a worker thread as the server does, and says why when PostgreSQL cannot start (issue 74)', { timeout: 180_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-aside-'));
    fs.chmodSync(dataDir, 0o711);
    const lines: string[] = [];
    try {
      // A first start makes the data folder (its line comes back from the worker), answers its connections, and stops.
      const postgres = await startBundledPostgresAside(dataDir, { log: (line) => lines.push(line) });
      expect(lines).toEqual([`Creating the bundled PostgreSQL database in ${path.join(dataDir, 'pg')}`]);
      const client = new pg.Client(postgres.ownerConnection);
      await client.connect();
      expect((await client.query<{ me: string }>('select current_user as me')).rows).toEqual([{ me: 'academy_owner' }]);
      await client.end();
      await postgres.stop();
      expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

      // PostgreSQL refuses a setting: the postmaster ends at once, and the start says so with the log's last lines.
      fs.appendFileSync(path.join(dataDir, 'pg', 'postgresql.conf'), "\nshared_buffers = 'plenty'\n");
      const refused = startBundledPostgresAside(dataDir);
      await expect(refused).rejects.toThrow(/postgres stopped during start-up \(exit 1\)\nLast lines of .*postgres\.log:[\s\S]*shared_buffers/);
      // A folder that is not PostgreSQL's: the message the server always gave.
      const other = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-aside-other-'));
      fs.chmodSync(other, 0o711);
      fs.mkdirSync(path.join(other, 'pg'));
      fs.writeFileSync(path.join(other, 'pg', 'notes.txt'), 'mine');
      await expect(startBundledPostgresAside(other)).rejects.toThrow(`${path.join(other, 'pg')} exists but is not a PostgreSQL data folder`);
      fs.rmSync(other, { recursive: true, force: true });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the migrations at start', () => {
  it('are pending only when the journal names one newer than the newest applied (drizzle\'s rule)', async () => {
    const client = await owner.pool.connect();
    try {
      expect(await migrationsPending(client)).toBe(false);
      await client.query('begin');
      // The newest forgotten: pending again.
      await client.query('delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)');
      expect(await migrationsPending(client)).toBe(true);
      await client.query('rollback');
      await client.query('begin');
      // No record at all (a new database): pending.
      await client.query('drop schema drizzle cascade');
      expect(await migrationsPending(client)).toBe(true);
      await client.query('rollback');
      expect(await migrationsPending(client)).toBe(false);
    } finally {
      await client.query('rollback').catch(() => {});
      client.release();
    }
  });
});
