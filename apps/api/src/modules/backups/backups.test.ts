import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { desc, eq, is } from 'drizzle-orm';
import { PgTable as PgTableClass } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupSummary } from '@academy/shared/schemas/backups';
import { buildApp } from '../../app';
import { FIRST_ACADEMY_ID, PLATFORM_TABLES, withAcademy } from '../../lib/tenancy';
import type { Database } from '../../db/client';
import { DEFAULT_ACADEMY_SETTINGS, getAcademySettings } from '../../academy-settings';
import * as schema from '../../db/schema';
import { serverKeysFrom } from '../../lib/server-keys';
import { recordAudit } from '../audit/audit.service';
import { seedDemoAcademy } from '../../demo-seed';
import { buildTestApp, createEmptyTestDatabase, createTestDatabase, ownerDatabaseOf, type TestApp, TEST_SERVER_KEYS } from '../../../test/build-test-app';
import { databaseDigest, filesDigest, readArchive, waitForJob, writeArchiveEntries, writeSampleFiles } from '../../../test/backup-helpers';
import { buildUser, loginAs } from '../../../test/factories';
import { poolOf, createBackup, restoreBackupFile, runAutomaticBackupIfDue, listBackups, nextAutomaticBackupAt } from './backups.service';
import { backupsToPrune, weekStart } from './backup-retention';
import { academyManifestKey, extractArchive, signManifest, tableEntryName, UNSIGNED_BACKUP_MESSAGE } from './backup-archive';
import { applyMigrations, knownMigrations, resetMigrationLog } from './migration-level';
import { onCitus } from '../../../test/citus-cluster';
import { dumpTable, listTables, loadTable, useCanonicalOutput } from './database-tables';

// A restore into a new database runs every migration; on a Citus cluster of one machine (npm run proof:citus) that
// distributes every table again, minutes rather than seconds (decision 053).
const RESTORE_TIME = onCitus() ? 300_000 : undefined;

let t: TestApp;
let admin: string;
let adminEmail: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoAcademy(t.database.db);
  writeSampleFiles(t.filesDir);
  const user = await buildUser(t.database.db, { role: 'admin' });
  adminEmail = user.email;
  admin = await loginAs(t.app, user.email);
});
const crafted: string[] = [];
afterAll(async () => {
  for (const file of crafted) fs.rmSync(file, { force: true });
  await t.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, extra: Record<string, unknown> = {}) => t.app.inject({ method, url, headers: { cookie: admin }, ...extra });

async function createViaApi(): Promise<BackupSummary> {
  const started = await inject('POST', '/api/admin/backups');
  expect(started.statusCode).toBe(202);
  const job = await waitForJob(t.app, admin, started.json().data.id);
  expect(job).toMatchObject({ status: 'succeeded', progress: 1, error: null });
  const list = (await inject('GET', '/api/admin/backups')).json().data.backups as BackupSummary[];
  return list.find((backup) => backup.name === job.backupName)!;
}

function multipart(fileName: string, content: Buffer) {
  const boundary = '----academy-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/gzip\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (fileName: string, content: Buffer) => t.app.inject({ method: 'POST', url: '/api/admin/backups/upload', ...multipart(fileName, content) });

/**
 * Rewrites an archive's entries, fixing the manifest's checksums for the tables changed (so only the
 * intended flaw remains) and signing the new manifest with this server's key, as only someone holding
 * APP_SECRET could. `sign: false` keeps the old signature (now wrong), as anyone else would have to.
 */
async function craft(
  source: string,
  change: (entries: { name: string; data: Buffer }[], manifest: Record<string, unknown> & { tables: { name: string; file: string; rows: number; sha256: string }[] }) => void,
  options: { sign?: boolean } = {},
) {
  const entries = await readArchive(source);
  const manifestEntry = entries.find((entry) => entry.name === 'manifest.json')!;
  const manifest = JSON.parse(manifestEntry.data.toString('utf8'));
  change(entries, manifest);
  for (const table of manifest.tables) {
    const entry = entries.find((candidate) => candidate.name === table.file);
    if (entry && table.fix !== false) {
      table.sha256 = createHash('sha256').update(entry.data).digest('hex');
      table.rows = entry.data.toString('utf8').split('\n').length - 1;
    }
    delete table.fix;
  }
  manifestEntry.data = Buffer.from(JSON.stringify(manifest));
  const signatureEntry = entries.find((entry) => entry.name === 'manifest.sig');
  if (options.sign !== false && signatureEntry) signatureEntry.data = Buffer.from(signManifest(manifestEntry.data, TEST_SERVER_KEYS.key('backup-manifest')));
  const file = path.join(os.tmpdir(), `crafted-${Date.now()}-${Math.random().toString(36).slice(2)}.tar.gz`);
  crafted.push(file);
  await writeArchiveEntries(file, entries);
  return file;
}

describe('backups API', () => {
  it('creates a backup as a job with progress, lists it with its counts, and downloads exactly the file', async () => {
    const backup = await createViaApi();
    expect(backup).toMatchObject({ kind: 'manual', readable: true, appVersion: '0.1.0', migration: knownMigrations().at(-1)!.tag, fileCount: 3 });
    expect(backup.counts.users).toBeGreaterThan(30);
    expect(backup.counts.students).toBe(30);
    const download = await inject('GET', `/api/admin/backups/${backup.name}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    expect(download.rawPayload.equals(fs.readFileSync(path.join(t.backupsDir, backup.name)))).toBe(true);
  });

  it('covers every academy table in the database and of the Drizzle schema (fails when one is left out), never a platform table', async () => {
    const { manifest } = await createBackup(t.database.db, { backupsDir: t.backupsDir, filesDir: t.filesDir }, TEST_SERVER_KEYS, { kind: 'manual' });
    const inBackup = manifest.tables.map((table) => table.name).sort();
    const { rows } = await poolOf(t.database.db).query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    expect(inBackup).toEqual(rows.map((row) => row.table_name).filter((name) => !PLATFORM_TABLES.has(name)).sort());
    expect(manifest.academy).toMatchObject({ id: FIRST_ACADEMY_ID });
    const drizzleTables = Object.values(schema)
      .filter((value) => is(value, PgTableClass))
      .map((table) => getTableConfig(table as PgTable).name)
      .filter((name) => !PLATFORM_TABLES.has(name));
    expect(drizzleTables.length).toBeGreaterThan(10);
    for (const name of drizzleTables) expect(inBackup).toContain(name);
    const digest = await databaseDigest(t.database.db, { withJobProgress: true });
    for (const table of manifest.tables) expect({ rows: table.rows, sha256: table.sha256 }).toEqual(digest[table.name]);
  });

  it('deletes a backup; an unknown or malformed name is 404 or 400', async () => {
    const backup = await createViaApi();
    expect((await inject('DELETE', `/api/admin/backups/${backup.name}`)).json()).toEqual({ success: true, message: 'Backup deleted' });
    expect(fs.existsSync(path.join(t.backupsDir, backup.name))).toBe(false);
    expect((await inject('DELETE', `/api/admin/backups/${backup.name}`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/admin/backups/${backup.name}/download`)).statusCode).toBe(404);
    const bad = await inject('GET', '/api/admin/backups/..%2F..%2Fetc%2Fpasswd/download');
    expect(bad.statusCode).toBe(400);
    expect((await inject('GET', '/api/admin/backups/jobs/not-a-job')).statusCode).toBe(400);
    expect((await inject('GET', '/api/admin/backups/jobs/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c')).statusCode).toBe(404);
  });

  it('needs the typed confirmation to restore', async () => {
    const backup = await createViaApi();
    for (const payload of [{}, { confirm: 'restore' }, { confirm: 'yes' }]) {
      const response = await inject('POST', `/api/admin/backups/${backup.name}/restore`, { payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.confirm).toBe('Type RESTORE to confirm');
    }
  });

  it('uploads a good archive (listed as uploaded) and refuses a missing file or a non-multipart body', async () => {
    const backup = await createViaApi();
    const response = await upload('my-backup.tar.gz', fs.readFileSync(path.join(t.backupsDir, backup.name)));
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ kind: 'uploaded', readable: true, rowCount: backup.rowCount, fileCount: backup.fileCount });
    expect((await inject('POST', '/api/admin/backups/upload', { payload: {} })).statusCode).toBe(415);
    const boundary = '----x';
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backups/upload',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose a backup file (.tar.gz) to upload');
  });

  it('refuses an upload over the size limit (413) and keeps nothing of it', async () => {
    const small = await buildApp({
      db: t.database.db,
      config: { isProduction: false, publicUrl: undefined, trustProxy: false },
      mailer: t.mailer, keys: TEST_SERVER_KEYS,
      backups: { backupsDir: t.backupsDir, filesDir: t.filesDir, maxUploadBytes: 1000 },
      storage: t.storage,
    });
    try {
      fs.mkdirSync(t.backupsDir, { recursive: true });
      const listed = fs.readdirSync(t.backupsDir).sort();
      const response = await small.inject({ method: 'POST', url: '/api/admin/backups/upload', ...multipart('big.tar.gz', Buffer.alloc(5000, 1)) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ success: false, message: 'The backup file is too large to upload' });
      expect(fs.readdirSync(t.backupsDir).sort()).toEqual(listed);
    } finally {
      await small.close();
    }
  });

  it('refuses a second job while one runs (409)', async () => {
    const backup = (await listBackups({ backupsDir: t.backupsDir, filesDir: t.filesDir }))[0]!;
    const started = await inject('POST', '/api/admin/backups');
    const second = await inject('POST', `/api/admin/backups/${backup.name}/restore`, { payload: { confirm: 'RESTORE' } });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('A backup or restore is already running. Please wait for it to finish.');
    expect((await inject('GET', '/api/admin/backups')).json().data.activeJob?.id ?? started.json().data.id).toBe(started.json().data.id);
    await waitForJob(t.app, admin, started.json().data.id);
  });
});

describe('restore', () => {
  it('restores a listed backup: data and files come back exactly, later changes are gone', async () => {
    const paths = { backupsDir: t.backupsDir, filesDir: t.filesDir };
    const before = await databaseDigest(t.database.db);
    const filesBefore = await filesDigest(t.filesDir);
    const { name } = await createBackup(t.database.db, paths, TEST_SERVER_KEYS, { kind: 'manual' });
    // Changes after the backup: a new user, a changed file, a new file, a deleted file.
    await buildUser(t.database.db, { role: 'teacher', email: 'after.backup@example.com' });
    fs.writeFileSync(path.join(t.filesDir, FIRST_ACADEMY_ID, 'empty.bin'), 'changed');
    fs.writeFileSync(path.join(t.filesDir, FIRST_ACADEMY_ID, 'new.pdf'), '%PDF new');
    fs.rmSync(path.join(t.filesDir, FIRST_ACADEMY_ID, 'notes', 'physics chapter 1.pdf'));

    const started = await inject('POST', `/api/admin/backups/${name}/restore`, { payload: { confirm: 'RESTORE' } });
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ type: 'restore', status: 'running' });
    // L5: a restore ends every session, the restorer's too (the screen says to sign in again).
    await t.app.backgroundIdle();
    expect((await inject('GET', '/api/auth/me')).statusCode).toBe(401);
    const after = await databaseDigest(t.database.db);
    expect(after.sessions!.rows).toBe(0);
    admin = await loginAs(t.app, adminEmail);
    const job = await waitForJob(t.app, admin, started.json().data.id);
    expect(job).toMatchObject({ status: 'succeeded', backupName: name });
    // The backup itself was taken after `before`, with the admin's session sliding: compare what matters exactly.
    for (const table of Object.keys(before)) if (table !== 'sessions' && table !== 'audit_log') expect(after[table], table).toEqual(before[table]);
    // The audit log comes back as it was, plus the restore's own entry, written after it (the sign-in above came later).
    expect(after.audit_log!.rows).toBe(before.audit_log!.rows + 1);
    const [restoreEntry] = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'backup.restore')).orderBy(desc(schema.auditLog.id)).limit(1);
    expect(restoreEntry).toMatchObject({ action: 'backup.restore', entityType: 'backup', entityId: name, actorRole: 'admin' });
    expect(await filesDigest(t.filesDir)).toEqual(filesBefore);
    expect(fs.readdirSync(path.dirname(t.filesDir)).filter((entry) => entry.startsWith('.'))).toEqual([]);
    expect((await inject('GET', '/api/admin/backups')).statusCode).toBe(200);
  });

  it('round trip: the seeded academy with files, backed up and restored into a new empty database and files folder, is identical', { timeout: RESTORE_TIME }, async () => {
    const source = { backupsDir: t.backupsDir, filesDir: t.filesDir };
    const { file } = await createBackup(t.database.db, source, TEST_SERVER_KEYS, { kind: 'manual' });
    const target = await createEmptyTestDatabase();
    // Restores run as the tables' owner (decision 068); the test reads back as the serving role.
    const targetOwner = ownerDatabaseOf(target);
    const targetData = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-restore-'));
    const targetPaths = { backupsDir: path.join(targetData, 'backups'), filesDir: path.join(targetData, 'files') };
    try {
      await restoreBackupFile(targetOwner.db, targetPaths, TEST_SERVER_KEYS, file);
      // Every table as it was, but no session: a restore ends them all.
      const { sessions: restoredSessions, ...restored } = await databaseDigest(target.db);
      const { sessions: _sourceSessions, ...source } = await databaseDigest(t.database.db);
      expect(restored).toEqual(source);
      expect(restoredSessions!.rows).toBe(0);
      expect(await filesDigest(targetPaths.filesDir)).toEqual(await filesDigest(t.filesDir));
      expect(Object.keys(await filesDigest(targetPaths.filesDir))).toHaveLength(3);
      // The restored database is a working one: its migration log is complete.
      const { rows } = await target.pool.query('select count(*)::int as count from drizzle.__drizzle_migrations');
      expect(rows[0].count).toBe(knownMigrations().length);
    } finally {
      await target.close();
      await targetOwner.close();
      fs.rmSync(targetData, { recursive: true, force: true });
    }
  });

  it('keeps every column type exactly (timestamps to the microsecond, bytea, json, arrays, numeric, identity)', async () => {
    // Made by the tables' owner (decision 068); the backup reads them as the serving role.
    const owner = ownerDatabaseOf(t.database);
    const pool = owner.pool;
    await pool.query(`create table scratch_types (
      id int generated always as identity primary key, at timestamptz, plain timestamp, day date, clock time, span interval,
      doc json, docb jsonb, tags text[], nums int[], raw bytea, amount numeric, ratio float8, flag boolean, doubled int generated always as (id * 2) stored)`);
    await pool.query(`create table scratch_types_copy (like scratch_types including all)`);
    try {
      await pool.query(`insert into scratch_types (at, plain, day, clock, span, doc, docb, tags, nums, raw, amount, ratio, flag) values
        ('2026-05-12 10:30:15.123456+05:30', '2026-05-12 23:59:59.999999', '2026-02-28', '07:15:00', '1 day 02:03:04.5', '{"b": 1,  "a": [1, 2.50]}', '{"x": null, "y": "मराठी"}',
         '{"a,b","c\\"d",NULL}', '{1,NULL,3}', '\\x00ff10', 12345678901234567890.123456789, 0.1, true),
        (null, null, null, null, null, null, null, null, null, null, null, null, null)`);
      const client = await pool.connect();
      try {
        await client.query('begin');
        await useCanonicalOutput(client);
        const tables = await listTables(client);
        const original = tables.find((table) => table.name === 'scratch_types')!;
        const copy = tables.find((table) => table.name === 'scratch_types_copy')!;
        const lines: string[] = [];
        await dumpTable(client, original, (line) => void lines.push(line));
        const file = path.join(os.tmpdir(), `scratch-${Date.now()}.jsonl`);
        fs.writeFileSync(file, lines.map((line) => `${line}\n`).join(''));
        expect(await loadTable(client, copy, file)).toBe(2);
        const copied: string[] = [];
        await dumpTable(client, copy, (line) => void copied.push(line));
        expect(copied).toEqual(lines);
        expect(lines[0]).toContain('"at":"2026-05-12T05:00:15.123456+00:00"');
        expect(lines[0]).toContain('"raw":"\\\\x00ff10"');
        fs.rmSync(file);
        await client.query('rollback');
      } finally {
        client.release();
      }
    } finally {
      await pool.query('drop table scratch_types, scratch_types_copy');
      await owner.close();
    }
  });

  it('restores a backup taken before exams were renamed (tables tests/test_marks, event test.published) as exams', { timeout: 120_000 }, async () => {
    // The seeded academy's backup, turned into the archive the version before the rename made: the
    // same rows under the old table and column names, at that migration (issue 61, migration exams-rename).
    const migrations = knownMigrations();
    const renameIndex = migrations.findIndex((migration) => migration.tag.endsWith('_exams-rename'));
    expect(renameIndex).toBeGreaterThan(0);
    const before = migrations[renameIndex - 1]!;
    const { file } = await createBackup(t.database.db, { backupsDir: t.backupsDir, filesDir: t.filesDir }, TEST_SERVER_KEYS, { kind: 'manual' });
    const sourceDigest = await databaseDigest(t.database.db);
    expect(sourceDigest.exam_marks!.rows).toBeGreaterThan(0);
    let examId = '';
    const older = await craft(file, (entries, manifest) => {
      manifest.migration = { tag: before.tag, hash: before.hash, createdAt: before.createdAt };
      // Tables that later migrations created did not exist at that version: an archive of it has none.
      const later = new Set(migrations.slice(renameIndex + 1).flatMap((migration) => migration.statements.join('\n').match(/CREATE TABLE (?:IF NOT EXISTS )?"?([a-z_]+)"?/gi) ?? []).map((text) => text.replace(/CREATE TABLE (IF NOT EXISTS )?/i, '').replaceAll('"', '')));
      manifest.tables = manifest.tables.filter((table) => !later.has(table.name));
      for (const name of later) {
        const at = entries.findIndex((entry) => entry.name === tableEntryName(name));
        if (at >= 0) entries.splice(at, 1);
      }
      const renamed: Record<string, string> = { exams: 'tests', exam_marks: 'test_marks' };
      examId = JSON.parse(entries.find((candidate) => candidate.name === tableEntryName('exams'))!.data.toString('utf8').split('\n')[0]!).id;
      for (const table of manifest.tables) {
        const entry = entries.find((candidate) => candidate.name === table.file)!;
        if (table.name === 'exam_marks' || table.name === 'online_test_batches') entry.data = Buffer.from(entry.data.toString('utf8').replaceAll('"exam_id":', '"test_id":'));
        if (table.name === 'domain_events') {
          const event = { academy_id: FIRST_ACADEMY_ID, id: '6f0c8d7e-61a1-4c61-9e61-000000000061', type: 'test.published', payload: { testId: examId, batchId: 'b' }, created_at: '2026-07-05T10:00:00+00:00' };
          entry.data = Buffer.concat([entry.data, Buffer.from(`${JSON.stringify(event)}\n`)]);
        }
        const oldName = renamed[table.name];
        if (oldName) {
          table.name = oldName;
          table.file = tableEntryName(oldName);
          entry.name = table.file;
        }
      }
    });
    const target = await createEmptyTestDatabase();
    const targetOwner = ownerDatabaseOf(target);
    const targetData = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-restore-'));
    try {
      await restoreBackupFile(targetOwner.db, { backupsDir: path.join(targetData, 'backups'), filesDir: path.join(targetData, 'files') }, TEST_SERVER_KEYS, older);
      const restored = await databaseDigest(target.db);
      // The old tables' rows are the exams' rows again, exactly; no table of the old names is left.
      expect(restored.exams).toEqual(sourceDigest.exams);
      expect(restored.exam_marks).toEqual(sourceDigest.exam_marks);
      expect(restored.online_test_batches).toEqual(sourceDigest.online_test_batches);
      expect(restored.tests).toBeUndefined();
      expect(restored.test_marks).toBeUndefined();
      // The event written before the rename is delivered under its new name.
      await target.pool.query("select set_config('app.academy_id', $1, false)", [FIRST_ACADEMY_ID]);
      const { rows: events } = await target.pool.query("select type, payload from domain_events where id = '6f0c8d7e-61a1-4c61-9e61-000000000061'");
      expect(events).toEqual([{ type: 'exam.published', payload: { examId, batchId: 'b' } }]);
    } finally {
      await target.close();
      await targetOwner.close();
      fs.rmSync(targetData, { recursive: true, force: true });
    }
  });

  /**
   * A backup of a real database of the version before backup times existed (whatever migrations came
   * after it), its rows written by `seed`, restored into an empty database: `check` reads the result.
   */
  async function restoreOlderBackup(seed: (source: Database) => Promise<void>, check: (target: Database) => Promise<void>) {
    const migrations = knownMigrations();
    const olderIndex = migrations.findIndex((migration) => migration.tag.endsWith('_settings_backup_time')) - 1;
    expect(olderIndex).toBeGreaterThanOrEqual(0);
    const source = await createEmptyTestDatabase();
    const target = await createEmptyTestDatabase();
    // The older version's tables are made by their owner, the restore runs as the target's (decision 068).
    const sourceOwner = ownerDatabaseOf(source);
    const targetOwner = ownerDatabaseOf(target);
    const sourceData = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-older-'));
    const targetData = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-restore-'));
    try {
      await resetMigrationLog(sourceOwner.pool);
      await applyMigrations(sourceOwner.pool, migrations.slice(0, olderIndex + 1));
      await seed(source);
      const older = await createBackup(source.db, { backupsDir: path.join(sourceData, 'backups'), filesDir: path.join(sourceData, 'files') }, TEST_SERVER_KEYS, { kind: 'manual' });
      expect(older.manifest.migration.tag).toBe(migrations[olderIndex]!.tag);

      await restoreBackupFile(targetOwner.db, { backupsDir: path.join(targetData, 'backups'), filesDir: path.join(targetData, 'files') }, TEST_SERVER_KEYS, older.file);
      await check(target);
      const { rows: applied } = await target.pool.query('select count(*)::int as count from drizzle.__drizzle_migrations');
      expect(applied[0].count).toBe(migrations.length);
    } finally {
      await source.close();
      await target.close();
      await sourceOwner.close();
      await targetOwner.close();
      fs.rmSync(sourceData, { recursive: true, force: true });
      fs.rmSync(targetData, { recursive: true, force: true });
    }
  }

  it('migrates an older backup forward: rows from an earlier database version are restored, then later migrations run', { timeout: RESTORE_TIME }, async () => {
    await restoreOlderBackup(
      async (source) => {
        await source.pool.query(
          `insert into academy_settings (name, tagline, address, phones, email, office_hours, time_zone)
           values ('Older Academy', 'Then', 'Latur', array['+91 9822012345', '+91 9822012346', '+91 9822012347'], 'office@example.in', 'Mon-Sat', 'Asia/Kolkata')`,
        );
        await source.pool.query(`insert into users (name, email, role) values ('Older Admin', 'older@example.in', 'admin')`);
      },
      async (target) => {
        const { rows: settings } = await target.pool.query('select name, backup_time, phones from academy_settings');
        // Later migrations ran on the restored data: phones stored the old way are now canonical.
        expect(settings).toEqual([{ name: 'Older Academy', backup_time: '02:00', phones: ['+919822012345', '+919822012346', '+919822012347'] }]);
        const { rows: users } = await target.pool.query('select email from users');
        expect(users).toEqual([{ email: 'older@example.in' }]);
      },
    );
  });

  it('gives an older backup without a settings row the defaults (issue 79: reading the settings no longer makes the row)', { timeout: RESTORE_TIME }, async () => {
    await restoreOlderBackup(
      async (source) => {
        await source.pool.query(`insert into users (name, email, role) values ('Older Admin', 'older@example.in', 'admin')`);
      },
      async (target) => {
        const { rows: settings } = await target.pool.query('select academy_id, name, time_zone from academy_settings');
        expect(settings).toEqual([{ academy_id: FIRST_ACADEMY_ID, name: DEFAULT_ACADEMY_SETTINGS.name, time_zone: DEFAULT_ACADEMY_SETTINGS.timeZone }]);
        expect((await withAcademy(FIRST_ACADEMY_ID, () => getAcademySettings(target.db))).name).toBe(DEFAULT_ACADEMY_SETTINGS.name);
      },
    );
  });
});

describe('bad archives are refused and change nothing', () => {
  let good: string;
  beforeAll(async () => {
    good = (await createBackup(t.database.db, { backupsDir: t.backupsDir, filesDir: t.filesDir }, TEST_SERVER_KEYS, { kind: 'manual' })).file;
  });

  async function expectRefused(content: Buffer, message: RegExp | string) {
    const dbBefore = await databaseDigest(t.database.db);
    const filesBefore = await filesDigest(t.filesDir);
    const listed = fs.readdirSync(t.backupsDir).sort();
    const response = await upload('bad.tar.gz', content);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(response.json().message).toMatch(/Nothing was changed/);
    // Also straight from the backups folder (a file damaged on disk after it was listed).
    const name = 'academy-20260101-000000-manual-0badf0.tar.gz';
    fs.writeFileSync(path.join(t.backupsDir, name), content);
    const restore = await inject('POST', `/api/admin/backups/${name}/restore`, { payload: { confirm: 'RESTORE' } });
    expect(restore.statusCode).toBe(400);
    expect(restore.json().message).toMatch(message);
    fs.rmSync(path.join(t.backupsDir, name));
    expect(fs.readdirSync(t.backupsDir).sort()).toEqual(listed);
    expect(await databaseDigest(t.database.db)).toEqual(dbBefore);
    expect(await filesDigest(t.filesDir)).toEqual(filesBefore);
    expect(fs.readdirSync(path.dirname(t.filesDir)).filter((entry) => entry.startsWith('.'))).toEqual([]);
  }

  it('a corrupted archive', async () => {
    const bytes = Buffer.from(fs.readFileSync(good));
    for (let index = 200; index < bytes.length; index += 997) bytes[index] = bytes[index]! ^ 0x5a;
    await expectRefused(bytes, /damaged|does not match/);
  });

  it('a truncated archive', async () => {
    const bytes = fs.readFileSync(good);
    await expectRefused(bytes.subarray(0, Math.floor(bytes.length / 2)), /damaged, incomplete/);
  });

  it('something that is not a backup at all', async () => {
    await expectRefused(Buffer.from('%PDF-1.4 not a backup'), /not a readable Academy backup/);
  });

  it('an archive from a newer version of Academy', async () => {
    const newer = await craft(good, (_entries, manifest) => {
      manifest.appVersion = '9.0.0';
      manifest.migration = { tag: '0099_future', hash: 'f'.repeat(64), createdAt: Date.now() + 10 ** 10 };
    });
    await expectRefused(fs.readFileSync(newer), /made by a newer version of Academy \(9\.0\.0, database version 0099_future\)/);
    const newerFormat = await craft(good, (_entries, manifest) => {
      manifest.formatVersion = 2;
    });
    await expectRefused(fs.readFileSync(newerFormat), /newer version of Academy/);
  });

  it('a table whose data does not match its checksum', async () => {
    const tampered = await craft(good, (entries, manifest) => {
      const users = entries.find((entry) => entry.name === 'tables/users.jsonl')!;
      users.data = Buffer.from(users.data.toString('utf8').replace('Academy Admin', 'Academy Admon'));
      (manifest.tables.find((table) => table.name === 'users') as unknown as { fix: boolean }).fix = false;
    });
    await expectRefused(fs.readFileSync(tampered), /the data of the table users does not match its checksum/);
  });

  it('a stored file that does not match its checksum, or is missing', async () => {
    const tampered = await craft(good, (entries) => {
      const pdf = entries.find((entry) => entry.name.endsWith('3f6c1a.pdf'))!;
      pdf.data = Buffer.concat([pdf.data.subarray(0, 100), Buffer.from('X'), pdf.data.subarray(101)]);
    });
    await expectRefused(fs.readFileSync(tampered), /stored file notes\/2026\/05\/3f6c1a\.pdf does not match its checksum/);
    const missing = await craft(good, (entries) => {
      entries.splice(
        entries.findIndex((entry) => entry.name === 'files/empty.bin'),
        1,
      );
    });
    await expectRefused(fs.readFileSync(missing), /stored file empty\.bin is missing/);
  });

  it('L6: an archive that unpacks to far more than its size (a zip bomb) is refused while unpacking', async () => {
    const entries = await readArchive(good);
    const bomb = path.join(os.tmpdir(), `bomb-${Date.now()}.tar.gz`);
    crafted.push(bomb);
    // About 70 KB packed, 70 MB unpacked: over the 64 MiB floor and 40× the archive.
    await writeArchiveEntries(bomb, [...entries.filter((entry) => entry.name !== 'files/empty.bin'), { name: 'files/empty.bin', data: Buffer.alloc(70 * 1024 * 1024) }]);
    expect(fs.statSync(bomb).size).toBeLessThan(1024 * 1024);
    await expectRefused(fs.readFileSync(bomb), /unpacks to far more than its size suggests/);
  });

  it('L6: unpacking stops at the size and entry limits, not after them', async () => {
    const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-staging-'));
    const staging2 = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-staging-'));
    const many = path.join(os.tmpdir(), `many-${Date.now()}.tar.gz`);
    crafted.push(many);
    await writeArchiveEntries(many, Array.from({ length: 50 }, (_, index) => ({ name: `files/f${index}.bin`, data: Buffer.alloc(100_000) })));
    await expect(extractArchive(many, staging, { maxUnpackedBytes: 10 ** 9, maxEntries: 20 })).rejects.toThrow(/too many entries/);
    await expect(extractArchive(many, staging2, { maxUnpackedBytes: 1_000_000, maxEntries: 1000 })).rejects.toThrow(/unpacks to far more/);
    const written = fs.readdirSync(path.join(staging2, 'files')).reduce((total, file) => total + fs.statSync(path.join(staging2, 'files', file)).size, 0);
    expect(written).toBeLessThanOrEqual(1_100_000);
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(staging2, { recursive: true, force: true });
  });

  it('M2: a value outside its column\'s rules (SQL in a weekday) refuses the archive', async () => {
    const tampered = await craft(good, (entries) => {
      const batches = entries.find((entry) => entry.name === 'tables/batches.jsonl')!;
      const [first, ...rest] = batches.data.toString('utf8').split('\n');
      const row = JSON.parse(first!);
      row.schedule_days = ["mon']::text[] and (select 1/0) = 1 or array['x"];
      batches.data = Buffer.from([JSON.stringify(row), ...rest].join('\n'));
    });
    // Its checksums are right, so it is accepted for upload; the restore itself refuses it and rolls back.
    const name = 'academy-20260101-000000-manual-0badf1.tar.gz';
    fs.copyFileSync(tampered, path.join(t.backupsDir, name));
    const dbBefore = await databaseDigest(t.database.db);
    const started = await inject('POST', `/api/admin/backups/${name}/restore`, { payload: { confirm: 'RESTORE' } });
    expect(started.statusCode).toBe(202);
    const job = await waitForJob(t.app, admin, started.json().data.id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/table batches has a value its column schedule_days does not allow .*Nothing was changed/);
    expect(await databaseDigest(t.database.db)).toEqual(dbBefore);
    fs.rmSync(path.join(t.backupsDir, name));
  });

  it('entries that could escape the staging folder, or links', async () => {
    const entries = await readArchive(good);
    const escaping = path.join(os.tmpdir(), `escaping-${Date.now()}.tar.gz`);
    crafted.push(escaping);
    await writeArchiveEntries(escaping, [...entries, { name: 'files/../../evil.txt', data: Buffer.from('x') }]);
    await expectRefused(fs.readFileSync(escaping), /unexpected entry/);
    const linked = path.join(os.tmpdir(), `linked-${Date.now()}.tar.gz`);
    crafted.push(linked);
    await writeArchiveEntries(linked, [...entries, { name: 'files/link', data: Buffer.alloc(0), type: 'symlink', linkname: '/etc/passwd' }]);
    await expectRefused(fs.readFileSync(linked), /not a regular file/);
  });

  it('a failure in the middle of a restore rolls everything back (data and files exactly as they were)', async () => {
    // Checksums all correct, but one row breaks a foreign key: found only while inserting, after
    // the schema was rebuilt and most tables were filled.
    const broken = await craft(good, (entries) => {
      const notifications = entries.find((entry) => entry.name === 'tables/notifications.jsonl')!;
      notifications.data = Buffer.concat([
        notifications.data,
        Buffer.from(
          `${JSON.stringify({ id: '0b5c2d8e-0000-4000-8000-000000000001', academy_id: FIRST_ACADEMY_ID, student_id: '0b5c2d8e-0000-4000-8000-0000000000ff', message: 'orphan', is_read: false, created_at: '2026-01-01T00:00:00+00:00', announcement_id: null, note_id: null })}\n`,
        ),
      ]);
    });
    const name = 'academy-20260101-000000-manual-0b0b0b.tar.gz';
    fs.copyFileSync(broken, path.join(t.backupsDir, name));
    await buildUser(t.database.db, { role: 'student', email: 'made.after@example.com' });
    const dbBefore = await databaseDigest(t.database.db);
    const filesBefore = await filesDigest(t.filesDir);
    const started = await inject('POST', `/api/admin/backups/${name}/restore`, { payload: { confirm: 'RESTORE' } });
    expect(started.statusCode).toBe(202);
    const job = await waitForJob(t.app, admin, started.json().data.id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^The restore failed; nothing was changed: .*foreign key/);
    expect(await databaseDigest(t.database.db)).toEqual(dbBefore);
    expect(await filesDigest(t.filesDir)).toEqual(filesBefore);
    expect(fs.readdirSync(path.dirname(t.filesDir)).filter((entry) => entry.startsWith('.'))).toEqual([]);
    fs.rmSync(path.join(t.backupsDir, name));
  });

  describe('issue 35, finding 6: only backups signed by this server', () => {
    it('a backup made by this server carries the HMAC-SHA256 of its exact manifest bytes, right after the manifest, and is accepted', async () => {
      const entries = await readArchive(good);
      expect(entries.slice(0, 2).map((entry) => entry.name)).toEqual(['manifest.json', 'manifest.sig']);
      // The academy's own key (issue 71): the server's key with the academy's id.
      const expected = createHmac('sha256', academyManifestKey(TEST_SERVER_KEYS.key('backup-manifest'), FIRST_ACADEMY_ID)).update(entries[0]!.data).digest('hex');
      expect(entries[1]!.data.toString('utf8')).toBe(expected);
      expect((await upload('signed.tar.gz', fs.readFileSync(good))).statusCode).toBe(201);
    });

    it('an audit_log row edited, the checksums recomputed and the archive re-packed: refused, with or without the old signature', async () => {
      const withoutSignature = (entries: { name: string }[]) => entries.splice(entries.findIndex((entry) => entry.name === 'manifest.sig'), 1);
      const staleSignature = await craft(good, (entries) => editFirstAuditRow(entries, 'Nothing happened here'), { sign: false });
      await expectRefused(fs.readFileSync(staleSignature), UNSIGNED_BACKUP_MESSAGE);
      const noSignature = await craft(
        good,
        (entries) => {
          editFirstAuditRow(entries, 'Nothing happened here');
          withoutSignature(entries);
        },
        { sign: false },
      );
      await expectRefused(fs.readFileSync(noSignature), UNSIGNED_BACKUP_MESSAGE);
    });

    it("a backup signed with another server's secret is refused", async () => {
      const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-elsewhere-'));
      try {
        const otherServer = serverKeysFrom('another-academy-server-secret-0123456789');
        const { file } = await createBackup(t.database.db, { backupsDir: elsewhere, filesDir: t.filesDir }, otherServer, { kind: 'manual' });
        await expectRefused(fs.readFileSync(file), UNSIGNED_BACKUP_MESSAGE);
      } finally {
        fs.rmSync(elsewhere, { recursive: true, force: true });
      }
    });
  });
});

/** Changes the summary of the first audit_log row of an archive's entries (what someone hiding a change would do). */
function editFirstAuditRow(entries: { name: string; data: Buffer }[], summary: string) {
  const log = entries.find((entry) => entry.name === 'tables/audit_log.jsonl')!;
  const [first, ...rest] = log.data.toString('utf8').split('\n');
  expect(first).toBeTruthy();
  const row = JSON.parse(first!);
  row.summary = summary;
  log.data = Buffer.from([JSON.stringify(row), ...rest].join('\n'));
}

describe("issue 35, finding 6: the CLI's --trust-unsigned", () => {
  it('refuses an unsigned backup and changes nothing; trusted, it restores it and the audit log records that', async () => {
    const source = await createBackup(t.database.db, { backupsDir: t.backupsDir, filesDir: t.filesDir }, TEST_SERVER_KEYS, { kind: 'manual' });
    const unsigned = await craft(source.file, (entries) => editFirstAuditRow(entries, 'Edited after the backup'), { sign: false });
    const target = await createTestDatabase();
    const targetOwner = ownerDatabaseOf(target);
    const targetData = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-restore-'));
    const targetPaths = { backupsDir: path.join(targetData, 'backups'), filesDir: path.join(targetData, 'files') };
    try {
      await buildUser(target.db, { role: 'admin', email: 'before.restore@example.com' });
      const before = await databaseDigest(target.db);
      await expect(restoreBackupFile(targetOwner.db, targetPaths, TEST_SERVER_KEYS, unsigned)).rejects.toThrow(UNSIGNED_BACKUP_MESSAGE);
      expect(await databaseDigest(target.db)).toEqual(before);

      const restored = await restoreBackupFile(targetOwner.db, targetPaths, TEST_SERVER_KEYS, unsigned, { trustUnsigned: true });
      expect(restored.signed).toBe(false);
      const { rows: users } = await target.pool.query('select 1 from users where email = $1', ['before.restore@example.com']);
      expect(users).toEqual([]);
      // The backup's entries (the edited one included), then one saying how they came.
      const log = await target.db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id));
      const name = path.basename(unsigned);
      expect(log).toHaveLength(source.manifest.tables.find((table) => table.name === 'audit_log')!.rows + 1);
      expect(log[0]).toMatchObject({
        action: 'backup.restore',
        entityType: 'backup',
        entityId: name,
        actorUserId: null,
        actorRole: null,
        summaryKey: 'backup.restored_unsigned_cli',
        summary: `Restored backup ${name} from the command line although it is not signed by this server (--trust-unsigned)`,
      });
      expect(log.some((entry) => entry.summary === 'Edited after the backup')).toBe(true);
    } finally {
      await target.close();
      await targetOwner.close();
      fs.rmSync(targetData, { recursive: true, force: true });
    }
  });
});

describe('issue 35, finding 6: the audit log cannot be emptied', () => {
  it('TRUNCATE audit_log is refused to the serving role (no TRUNCATE at all) and to the owner (the trigger); a restore, which empties it to refill it, still works', { timeout: 60_000 }, async () => {
    // A database as the server runs it (decision 068): the serving role's pool and the owner's.
    const asApp = await createTestDatabase();
    const asOwner = ownerDatabaseOf(asApp);
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-restore-'));
    const paths = { backupsDir: path.join(data, 'backups'), filesDir: path.join(data, 'files') };
    try {
      await buildUser(asApp.db, { role: 'admin' });
      await recordAudit(asApp.db, null, { action: 'settings.update', entityType: 'settings', text: { key: 'settings.updated' } });
      const count = async () => (await asApp.pool.query<{ count: number }>('select count(*)::int as count from audit_log')).rows[0]!.count;
      expect(await count()).toBeGreaterThan(0);
      const entries = await count();
      await expect(asApp.pool.query('truncate audit_log')).rejects.toMatchObject({ code: '42501', message: expect.stringMatching(/permission denied/) });
      await expect(asOwner.pool.query('truncate audit_log')).rejects.toMatchObject({ code: '42501', message: expect.stringMatching(/append-only: TRUNCATE refused/) });
      await expect(asOwner.pool.query('truncate users, audit_log cascade')).rejects.toMatchObject({ code: '42501' });
      expect(await count()).toBe(entries);

      const { file, manifest } = await createBackup(t.database.db, { backupsDir: t.backupsDir, filesDir: t.filesDir }, TEST_SERVER_KEYS, { kind: 'manual' });
      await restoreBackupFile(asOwner.db, paths, TEST_SERVER_KEYS, file);
      const { audit_log: restoredLog } = await databaseDigest(asApp.db);
      const inBackup = manifest.tables.find((table) => table.name === 'audit_log')!;
      expect(restoredLog).toEqual({ rows: inBackup.rows, sha256: inBackup.sha256 });
      // The restore's permission ended with its transaction.
      await expect(asOwner.pool.query('truncate audit_log')).rejects.toMatchObject({ code: '42501', message: expect.stringMatching(/append-only/) });
    } finally {
      await asApp.close();
      await asOwner.close();
      fs.rmSync(data, { recursive: true, force: true });
    }
  });
});

describe('automatic backups', () => {
  it('run once a day after the backup time (academy time zone) and keep 7 daily and 4 weekly', async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-auto-'));
    const paths = { backupsDir: path.join(data, 'backups'), filesDir: t.filesDir };
    try {
      // 02:00 in Asia/Kolkata is 20:30 UTC the day before.
      expect(await runAutomaticBackupIfDue(t.database.db, paths, TEST_SERVER_KEYS, new Date('2026-05-10T20:00:00Z'))).toBe('not-due');
      // The job comes at the backup time (decision 115); while it is due and not made, at its interval; once made, tomorrow at the time.
      const next = async (at: string) => (await nextAutomaticBackupAt(t.database.db, paths, new Date(at)))?.toISOString();
      expect(await next('2026-05-10T20:00:00Z')).toBe('2026-05-10T20:30:00.000Z');
      expect(await next('2026-05-10T20:31:00Z')).toBeUndefined();
      expect(await runAutomaticBackupIfDue(t.database.db, paths, TEST_SERVER_KEYS, new Date('2026-05-10T20:31:00Z'))).toBe('created');
      expect(await next('2026-05-10T20:31:00Z')).toBe('2026-05-11T20:30:00.000Z');
      expect(await runAutomaticBackupIfDue(t.database.db, paths, TEST_SERVER_KEYS, new Date('2026-05-10T22:00:00Z'))).toBe('done-today');
      // Thirty more days: the list settles at the newest 7 days plus the newest of 4 weeks.
      for (let day = 1; day <= 30; day += 1) {
        expect(await runAutomaticBackupIfDue(t.database.db, paths, TEST_SERVER_KEYS, new Date(Date.UTC(2026, 4, 10 + day, 21, 0)))).toBe('created');
      }
      const kept = (await listBackups(paths)).filter((backup) => backup.kind === 'automatic');
      const days = kept.map((backup) => new Date(backup.createdAt).toISOString().slice(0, 10)).sort();
      expect(days.slice(-7)).toEqual(['2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07', '2026-06-08', '2026-06-09']);
      expect(kept.length).toBeLessThanOrEqual(7 + 4);
      expect(new Set(kept.map((backup) => weekStart(new Date(backup.createdAt).toISOString().slice(0, 10)))).size).toBeGreaterThanOrEqual(4);
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
    // 33 whole backups: on a busy 2-core machine running three test files at once, more than 30 s.
  }, 180_000);

  it('respects the backup time set in the settings', async () => {
    const settings = (await inject('GET', '/api/admin/settings')).json().data;
    const { updatedAt: _updatedAt, ...input } = settings;
    const saved = await inject('PUT', '/api/admin/settings', { payload: { ...input, backupTime: '23:30' } });
    expect(saved.json().data.backupTime).toBe('23:30');
    expect((await inject('PUT', '/api/admin/settings', { payload: { ...input, backupTime: '25:00' } })).json().errors.backupTime).toBe('Enter a time such as 02:00');
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-auto-'));
    try {
      const paths = { backupsDir: path.join(data, 'backups'), filesDir: t.filesDir };
      expect(await runAutomaticBackupIfDue(t.database.db, paths, TEST_SERVER_KEYS, new Date('2026-05-10T17:00:00Z'))).toBe('not-due');
      expect(await runAutomaticBackupIfDue(t.database.db, paths, TEST_SERVER_KEYS, new Date('2026-05-10T18:00:00Z'))).toBe('created');
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
      await inject('PUT', '/api/admin/settings', { payload: { ...input, backupTime: '02:00' } });
    }
  });

  it('prunes by day and week on the academy clock', () => {
    const at = (iso: string) => ({ name: iso, createdAt: new Date(iso) });
    const backups = ['2026-06-01T17:00:00Z', '2026-06-01T19:00:00Z'].map(at);
    // 22:30 on June 1 and 00:30 on June 2 in Kolkata: two days, both kept; in UTC one day, the newer kept.
    expect(backupsToPrune(backups, 'Asia/Kolkata')).toEqual([]);
    expect(backupsToPrune(backups, 'UTC')).toEqual(['2026-06-01T17:00:00Z']);
  });
});
