import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupSummary } from '@academy/shared/schemas/backups';
import { OFFSITE_MESSAGES } from '@academy/shared/schemas/backups';
import * as schema from '../../db/schema';
import { apiRoot } from '../../paths';
import { serverKeysFrom } from '../../lib/server-keys';
import { createEmptyTestDatabase, ownerDatabaseOf, type TestApp, TEST_SERVER_KEYS } from '../../../test/build-test-app';
import { buildBackupTestApp, databaseDigest, filesDigest, waitForJob } from '../../../test/backup-helpers';
import { buildUser, loginAs } from '../../../test/factories';
import { s3rverObjects } from '../../../test/s3rver-objects';
import { freePort } from '../../../test/free-port';
import { createBackup, listBackups, runAutomaticBackupIfDue } from './backups.service';
import { formatArchiveKey, newArchiveKey, parseArchiveKey, WRONG_KEY_MESSAGE } from './offsite-crypto';
import { restoreFromBucket } from './offsite-restore';
import { queueOffsiteUpload, s3ClientFor, syncOffsite, type OffsiteConfig } from './offsite.service';
import { changeJobTimes } from '../../../test/job-times';

/**
 * Backups off the machine (issue 52, decision 044) against s3rver, a local S3-compatible stand-in on a
 * loopback port with its own temporary folder (tests only: the product talks to the real bucket).
 */
const BUCKET = 'academy-offsite-test';
const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let t: TestApp;
let admin: string;
let adminEmail: string;
let teacher: string;
let s3Dir: string;
let s3: S3rver | undefined;
let port: number;
/** A backup made before off-site copies were turned on. */
let madeWhileOff: string;

async function startS3(): Promise<void> {
  s3 = new S3rver({ address: '127.0.0.1', port, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await s3.run();
}
async function stopS3(): Promise<void> {
  await s3?.close();
  s3 = undefined;
}

const endpoint = () => `http://127.0.0.1:${port}`;
const bucketSettings = (extra: Record<string, unknown> = {}) => ({ endpoint: endpoint(), region: 'us-east-1', bucket: BUCKET, prefix: 'shree/backups', forcePathStyle: true, ...S3_KEYS, ...extra });
const config = (): OffsiteConfig => ({ endpoint: endpoint(), region: 'us-east-1', bucket: BUCKET, prefix: 'shree/backups', forcePathStyle: true, ...S3_KEYS });

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, extra: Record<string, unknown> = {}, cookie = admin) => t.app.inject({ method, url, headers: { cookie }, ...extra });

const storedObjects = () => s3rverObjects(s3Dir, BUCKET);

async function createViaApi(): Promise<BackupSummary> {
  const started = await inject('POST', '/api/admin/backups');
  expect(started.statusCode).toBe(202);
  const job = await waitForJob(t.app, admin, started.json().data.id);
  expect(job.status).toBe('succeeded');
  const list = (await inject('GET', '/api/admin/backups')).json().data.backups as BackupSummary[];
  return list.find((backup) => backup.name === job.backupName)!;
}

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-s3rver-'));
  port = await freePort();
  await startS3();
  ({ t, admin, adminEmail } = await buildBackupTestApp());
  teacher = await loginAs(t.app, (await buildUser(t.database.db, { role: 'teacher' })).email);
});

afterAll(async () => {
  await t?.close();
  await stopS3().catch(() => undefined);
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

describe('off-site settings', () => {
  it('start off: the list says nothing about off-site copies', async () => {
    expect((await inject('GET', '/api/admin/settings/backups')).json().data).toEqual({ offsite: null });
    const backup = await createViaApi();
    expect(backup.offsite).toBeNull();
    madeWhileOff = backup.name;
  });

  it('validate each field with a clear message, and need both keys the first time', async () => {
    const bad = await inject('PUT', '/api/admin/settings/backups', { payload: { offsite: bucketSettings({ endpoint: 'ftp://x', region: 'us east', bucket: 'No_Such', prefix: 'a b' }) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'offsite.endpoint': 'Enter the endpoint as an address such as https://s3.eu-central-1.amazonaws.com (no path)',
      'offsite.region': 'A region has only letters, digits and dashes, e.g. us-east-1',
      'offsite.bucket': 'A bucket name has 3 to 63 lowercase letters, digits, dots and dashes',
      'offsite.prefix': 'The folder may have letters, digits and - _ . / only',
    });
    const noKeys = await inject('PUT', '/api/admin/settings/backups', { payload: { offsite: bucketSettings({ accessKeyId: '', secretAccessKey: undefined }) } });
    expect(noKeys.statusCode).toBe(400);
    expect(noKeys.json()).toMatchObject({ message: OFFSITE_MESSAGES.keysRequired, errors: { accessKeyId: 'Enter the access key ID', secretAccessKey: 'Enter the secret access key' } });
    expect((await inject('GET', '/api/admin/settings/backups')).json().data.offsite).toBeNull();
  });

  it('keep the keys write-only: sealed at rest, answered as "set", audited without their value; a PUT without them keeps them', async () => {
    const saved = await inject('PUT', '/api/admin/settings/backups', { payload: { offsite: bucketSettings({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }) } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.offsite).toMatchObject({ endpoint: endpoint(), bucket: BUCKET, prefix: 'shree/backups', forcePathStyle: true, accessKeyIdSet: true, secretAccessKeySet: true, recoverySheetDownloaded: false, readable: true });
    expect(saved.body).not.toContain('S3RVER');
    const [row] = await t.database.db.select().from(schema.offsiteBackupSettings);
    expect(JSON.stringify(row)).not.toContain('S3RVER');
    const [entry] = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'settings.update')).orderBy(desc(schema.auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorRole: 'admin', summaryKey: 'settings.backups_offsite_keys' });
    expect(entry!.changes).toMatchObject({ accessKeyId: { old: 'not set', new: 'changed' }, bucket: { new: BUCKET } });
    expect(JSON.stringify(entry)).not.toContain('S3RVER');

    const again = await inject('PUT', '/api/admin/settings/backups', { payload: { offsite: bucketSettings({ accessKeyId: undefined, secretAccessKey: '' }) } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.offsite).toMatchObject({ accessKeyIdSet: true, secretAccessKeySet: true, keyId: saved.json().data.offsite.keyId });
    // The kept keys still work.
    expect((await inject('POST', '/api/admin/settings/backups/test', { payload: bucketSettings({ accessKeyId: undefined, secretAccessKey: undefined }) })).statusCode).toBe(200);
  });

  it('turned on, they queue the backups made before, which the off-site job copies', async () => {
    const before = (await inject('GET', '/api/admin/backups')).json().data.backups as BackupSummary[];
    expect(before.find((backup) => backup.name === madeWhileOff)!.offsite).toMatchObject({ status: 'pending', key: `shree/backups/${madeWhileOff}.enc`, uploadedAt: null, attempts: 0 });
    // The off-site job copies it at its next run.
    await t.app.jobs.runDue();
    const after = (await inject('GET', '/api/admin/backups')).json().data.backups as BackupSummary[];
    expect(after.find((backup) => backup.name === madeWhileOff)!.offsite).toMatchObject({ status: 'uploaded', error: null, attempts: 1 });
    expect(storedObjects().has(`shree/backups/${madeWhileOff}.enc`)).toBe(true);
  });

  it('test the bucket with a message per failure: wrong keys, no bucket, unreachable endpoint', async () => {
    const ok = await inject('POST', '/api/admin/settings/backups/test', { payload: bucketSettings() });
    expect(ok.json()).toMatchObject({ success: true, message: OFFSITE_MESSAGES.tested });
    const wrongKeys = await inject('POST', '/api/admin/settings/backups/test', { payload: bucketSettings({ accessKeyId: 'WRONG', secretAccessKey: 'WRONG' }) });
    expect(wrongKeys.json()).toMatchObject({ success: false, message: OFFSITE_MESSAGES.wrongKeys });
    const noBucket = await inject('POST', '/api/admin/settings/backups/test', { payload: bucketSettings({ bucket: 'no-such-bucket' }) });
    expect(noBucket.json()).toMatchObject({ success: false, message: OFFSITE_MESSAGES.noBucket });
    const unreachable = await inject('POST', '/api/admin/settings/backups/test', { payload: bucketSettings({ endpoint: `http://127.0.0.1:${await freePort()}` }) });
    expect(unreachable.json()).toMatchObject({ success: false, message: OFFSITE_MESSAGES.unreachable });
    // Nothing of the tests stays in the bucket.
    expect([...storedObjects().keys()].filter((key) => key.includes('.academy-test-'))).toEqual([]);
  });

  it('give the recovery sheet once, with the key as text and what it means', async () => {
    const sheet = await inject('GET', '/api/admin/settings/backups/recovery-sheet');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toContain('academy-recovery-sheet.txt');
    expect(sheet.body).toMatch(/Recovery key: ([0-9a-f]{8}-){7}[0-9a-f]{8}/);
    expect(sheet.body).toContain('Without this key nobody can read those backups');
    expect(sheet.body).toContain('lost with the machine');
    expect(parseArchiveKey(sheet.body)).toHaveLength(32);
    const second = await inject('GET', '/api/admin/settings/backups/recovery-sheet');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(OFFSITE_MESSAGES.sheetGone);
    expect((await inject('GET', '/api/admin/settings/backups')).json().data.offsite.recoverySheetDownloaded).toBe(true);
  });

  it('are the admin’s only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/settings/backups'],
      ['PUT', '/api/admin/settings/backups'],
      ['POST', '/api/admin/settings/backups/test'],
      ['GET', '/api/admin/settings/backups/recovery-sheet'],
      ['GET', '/api/admin/backups/remote'],
      ['POST', '/api/admin/backups/remote/restore'],
    ] as const) {
      expect((await inject(method, url, { payload: method === 'GET' ? undefined : {} }, teacher)).statusCode, url).toBe(403);
    }
  });
});

describe('copies off the machine', () => {
  let uploaded: BackupSummary;

  it('a backup is uploaded encrypted, under <prefix>/<name>.enc, with its SHA-256 recorded', async () => {
    uploaded = await createViaApi();
    expect(uploaded.offsite).toMatchObject({ status: 'uploaded', key: `shree/backups/${uploaded.name}.enc`, error: null, attempts: 1 });
    const object = storedObjects().get(`shree/backups/${uploaded.name}.enc`)!;
    expect(object).toBeDefined();
    expect(uploaded.offsite!.sha256).toBe(createHash('sha256').update(object).digest('hex'));
    const [state] = await t.database.db.select().from(schema.offsiteBackups).where(eq(schema.offsiteBackups.backupName, uploaded.name));
    expect(state).toMatchObject({ status: 'uploaded', sha256: uploaded.offsite!.sha256, sizeBytes: object.length });
    expect(state!.uploadedAt).toBeInstanceOf(Date);

    // Not the archive (a gzip) and no row in clear: a student's name is nowhere in it.
    expect(object.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
    expect(object.subarray(0, 8).toString('ascii')).toBe('ACADENC1');
    const [student] = await t.database.db.select({ name: schema.users.name, email: schema.users.email }).from(schema.users).where(eq(schema.users.role, 'student')).limit(1);
    expect(object.includes(Buffer.from(student!.name))).toBe(false);
    expect(object.includes(Buffer.from(student!.email!))).toBe(false);
    expect(object.includes(Buffer.from('manifest.json'))).toBe(false);
  });

  it('a failed upload is recorded, warned about on the dashboard, and retried by the job runner', async () => {
    await stopS3();
    const backup = await createViaApi();
    expect(backup.offsite).toMatchObject({ status: 'failed', error: OFFSITE_MESSAGES.unreachable, attempts: 1 });
    const dashboard = (await inject('GET', '/api/admin/dashboard/summary')).json().data;
    expect(dashboard.offsiteBackups).toEqual({ failed: 1, lastError: OFFSITE_MESSAGES.unreachable });

    // The off-site job fails while the bucket is away, so the runner schedules a retry (30 s later).
    await t.app.jobs.runDue();
    await changeJobTimes(t.database.db, sql`update jobs set run_at = now() where key = 'offsite-backups'`);
    await t.app.jobs.runDue();
    const [job] = await t.database.db.select().from(schema.jobs).where(eq(schema.jobs.key, 'offsite-backups'));
    expect(job).toMatchObject({ lastStatus: 'retrying' });
    expect(job!.lastError).toContain('could not be copied');
    expect(job!.runAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // The bucket is back: the retry uploads it and the warning goes.
    await startS3();
    await changeJobTimes(t.database.db, sql`update jobs set run_at = now() where key = 'offsite-backups'`);
    await t.app.jobs.runDue();
    const list = (await inject('GET', '/api/admin/backups')).json().data.backups as BackupSummary[];
    expect(list.find((item) => item.name === backup.name)!.offsite).toMatchObject({ status: 'uploaded', error: null });
    expect((await inject('GET', '/api/admin/dashboard/summary')).json().data.offsiteBackups).toEqual({ failed: 0, lastError: null });
    const [after] = await t.database.db.select().from(schema.jobs).where(eq(schema.jobs.key, 'offsite-backups'));
    expect(after!.lastStatus).toBe('ok');
  });

  it('lists the bucket’s backups, this machine’s and others', async () => {
    const remote = await inject('GET', '/api/admin/backups/remote');
    expect(remote.statusCode).toBe(200);
    const objects = remote.json().data.objects as { key: string; name: string; local: boolean; sizeBytes: number }[];
    expect(objects.find((object) => object.name === uploaded.name)).toMatchObject({ key: `shree/backups/${uploaded.name}.enc`, local: true });
  });

  it('a copy gone from the bucket is no longer "uploaded": the off-site job sees it missing from the bucket’s list and copies it again', async () => {
    const key = `shree/backups/${uploaded.name}.enc`;
    const client = await s3ClientFor(config());
    try {
      await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    } finally {
      client.destroy();
    }
    expect(storedObjects().has(key)).toBe(false);
    // The periodic job's run (one list of the bucket per academy): re-queued, then uploaded again.
    await changeJobTimes(t.database.db, sql`update jobs set run_at = now() where key = 'offsite-backups'`);
    await t.app.jobs.runDue();
    expect(storedObjects().has(key)).toBe(true);
    const list = (await inject('GET', '/api/admin/backups')).json().data.backups as BackupSummary[];
    expect(list.find((backup) => backup.name === uploaded.name)!.offsite).toMatchObject({ status: 'uploaded', error: null, attempts: uploaded.offsite!.attempts + 1 });

    // The run names the copies it found gone.
    await t.database.db.execute(sql`update offsite_backups set status = 'uploaded', last_error = null where backup_name = ${uploaded.name}`);
    const again = await s3ClientFor(config());
    try {
      await again.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    } finally {
      again.destroy();
    }
    const result = await syncOffsite(t.database.db, TEST_SERVER_KEYS, t.backupsDir);
    expect(result.goneFromBucket).toEqual([uploaded.name]);
    expect(result.uploaded).toContain(uploaded.name);
  });

  it('deleting a backup removes its copy; the retention of automatic backups removes theirs', async () => {
    const doomed = await createViaApi();
    expect(storedObjects().has(`shree/backups/${doomed.name}.enc`)).toBe(true);
    expect((await inject('DELETE', `/api/admin/backups/${doomed.name}`)).statusCode).toBe(200);
    await t.app.backgroundIdle();
    expect(storedObjects().has(`shree/backups/${doomed.name}.enc`)).toBe(false);
    expect(await t.database.db.select().from(schema.offsiteBackups).where(eq(schema.offsiteBackups.backupName, doomed.name))).toEqual([]);

    // Ten days of automatic backups: 7 daily are kept (and the newest of each week), the rest go, here and in the bucket.
    const paths = { backupsDir: t.backupsDir, filesDir: t.filesDir };
    for (let day = 0; day < 10; day += 1) {
      expect(await runAutomaticBackupIfDue(t.database.db, paths, TEST_SERVER_KEYS, new Date(Date.UTC(2026, 4, 1 + day, 21, 0)))).toBe('created');
    }
    const local = new Set((await listBackups(paths)).filter((backup) => backup.kind === 'automatic').map((backup) => backup.name));
    const remote = new Set([...storedObjects().keys()].filter((key) => key.includes('-automatic-')).map((key) => path.posix.basename(key, '.enc')));
    expect(local.size).toBeLessThan(10);
    expect(remote).toEqual(local);
  }, 120_000);
});

describe('restore from the bucket', () => {
  it('onto an EMPTY installation (another APP_SECRET) with the recovery sheet: every record and stored file comes back', async () => {
    const paths = { backupsDir: t.backupsDir, filesDir: t.filesDir };
    const before = await databaseDigest(t.database.db);
    const made = await createBackup(t.database.db, paths, TEST_SERVER_KEYS, { kind: 'manual' });
    await queueOffsiteUpload(t.database.db, made.name);
    expect((await syncOffsite(t.database.db, TEST_SERVER_KEYS, t.backupsDir)).uploaded).toEqual([made.name]);
    const [row] = await t.database.db.select().from(schema.offsiteBackupSettings);
    const { openSecret } = await import('../../lib/secret-box');
    const archiveKey = Buffer.from(openSecret(TEST_SERVER_KEYS, 'offsite:archiveKey', row!.archiveKeySealed), 'hex');

    const target = await createEmptyTestDatabase();
    // The restore runs as the tables' owner, as the CLI's does (decision 068).
    const targetOwner = ownerDatabaseOf(target);
    const targetData = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-new-machine-'));
    const targetPaths = { backupsDir: path.join(targetData, 'backups'), filesDir: path.join(targetData, 'files') };
    const newMachine = serverKeysFrom('a-new-machine-with-another-app-secret-0123456789');
    try {
      // A wrong key is refused clearly, and the empty installation stays empty.
      await expect(restoreFromBucket(targetOwner.db, targetPaths, newMachine, { config: config(), archiveKey: newArchiveKey(), backup: made.name })).rejects.toThrow(WRONG_KEY_MESSAGE);
      // Tables only: a Citus database has the extension's views there (citus_tables, citus_schemas) from the start.
      const { rows: tables } = await target.pool.query(`select count(*)::int as count from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
      expect(tables[0].count).toBe(0);

      const { restored, signed } = await restoreFromBucket(targetOwner.db, targetPaths, newMachine, { config: config(), archiveKey, backup: made.name });
      expect(restored.name).toBe(made.name);
      // Signed with the old machine's APP_SECRET: the recovery key vouched for it, and the log says so.
      expect(signed).toBe(false);
      const after = await databaseDigest(target.db);
      for (const table of Object.keys(before)) {
        if (['sessions', 'audit_log', 'offsite_backups', 'offsite_backup_settings'].includes(table)) continue;
        expect(after[table], table).toEqual(before[table]);
      }
      expect(after.audit_log!.rows).toBe(before.audit_log!.rows + 1);
      expect(await filesDigest(targetPaths.filesDir)).toEqual(await filesDigest(t.filesDir));
      // The rebuilt machine goes on copying to the same bucket, its keys sealed under its own secret.
      const [setUp] = await target.db.select().from(schema.offsiteBackupSettings);
      expect(setUp).toMatchObject({ bucket: BUCKET, prefix: 'shree/backups', enabled: true });
      expect(openSecret(newMachine, 'offsite:secretAccessKey', setUp!.secretAccessKeySealed)).toBe('S3RVER');
    } finally {
      await targetOwner.close();
      await target.close();
      fs.rmSync(targetData, { recursive: true, force: true });
    }
  }, 120_000);

  it('backup:restore-remote with a wrong recovery key refuses before making DATA_DIR, its secret or the database', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-wrong-key-'));
    const dataDir = path.join(parent, 'data');
    const { APP_SECRET: _secret, DATABASE_URL: _database, MIGRATION_DATABASE_URL: _migrations, ...inherited } = process.env;
    const env: NodeJS.ProcessEnv = { ...inherited, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', AWS_ACCESS_KEY_ID: S3_KEYS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey };
    const args = ['--import', 'tsx', 'src/cli.ts', 'backup:restore-remote', '--endpoint', endpoint(), '--bucket', BUCKET, '--prefix', 'shree/backups', '--force-path-style', '--key', formatArchiveKey(newArchiveKey()), '--latest', '--yes'];
    try {
      // Not spawnSync: the bucket's stand-in answers from this process.
      const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, args, { cwd: apiRoot, env });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk));
        child.on('exit', (exitCode) => resolve({ code: exitCode, output }));
      });
      // Nothing made: no DATA_DIR (no secret, no bundled database), no work file left in the temporary folder.
      expect(fs.existsSync(dataDir), output).toBe(false);
      expect(fs.readdirSync(parent)).toEqual([]);
      expect(code, output).toBe(1);
      expect(output).toContain(`Error: ${WRONG_KEY_MESSAGE}`);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  }, 120_000);

  it('an object changed in the bucket is refused, nothing is changed', async () => {
    const backup = (await listBackups({ backupsDir: t.backupsDir, filesDir: t.filesDir })).find((item) => item.kind === 'manual')!;
    const remote = (await inject('GET', '/api/admin/backups/remote')).json().data.objects as { key: string; name: string }[];
    const target = remote.find((object) => object.name === backup.name) ?? remote[0]!;
    const file = path.join(s3Dir, BUCKET, `${target.key}._S3rver_object`);
    const original = fs.readFileSync(file);
    const changed = Buffer.from(original);
    changed[100]! ^= 1;
    fs.writeFileSync(file, changed);
    try {
      const target2 = await createEmptyTestDatabase();
      const data = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-tampered-'));
      try {
        const [row] = await t.database.db.select().from(schema.offsiteBackupSettings);
        const { openSecret } = await import('../../lib/secret-box');
        const archiveKey = Buffer.from(openSecret(TEST_SERVER_KEYS, 'offsite:archiveKey', row!.archiveKeySealed), 'hex');
        await expect(
          restoreFromBucket(target2.db, { backupsDir: path.join(data, 'backups'), filesDir: path.join(data, 'files') }, TEST_SERVER_KEYS, { config: config(), archiveKey, backup: target.key }),
        ).rejects.toThrow(/damaged or was changed|does not match its checksum/);
      } finally {
        await target2.close();
        fs.rmSync(data, { recursive: true, force: true });
      }
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it('"Restore" from the remote list on a running install: a job like any restore', async () => {
    const list = (await inject('GET', '/api/admin/backups')).json().data.backups as BackupSummary[];
    const chosen = list.find((backup) => backup.offsite?.status === 'uploaded')!;
    expect((await inject('POST', '/api/admin/backups/remote/restore', { payload: { key: chosen.offsite!.key } })).statusCode).toBe(400);
    expect((await inject('POST', '/api/admin/backups/remote/restore', { payload: { key: 'elsewhere/x.enc', confirm: 'RESTORE' } })).statusCode).toBe(404);
    const settingsBefore = await t.database.db.select().from(schema.offsiteBackupSettings);
    const started = await inject('POST', '/api/admin/backups/remote/restore', { payload: { key: chosen.offsite!.key, confirm: 'RESTORE' } });
    expect(started.statusCode).toBe(202);
    await t.app.backgroundIdle();
    admin = await loginAs(t.app, adminEmail);
    const job = await waitForJob(t.app, admin, started.json().data.id);
    expect(job).toMatchObject({ status: 'succeeded', backupName: chosen.name });
    const [entry] = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'backup.restore')).orderBy(desc(schema.auditLog.id)).limit(1);
    expect(entry).toMatchObject({ entityId: chosen.name, summaryKey: 'backup.restored_remote' });
    // The bucket's settings are this machine's, not the backup's moment: kept as they were.
    expect(await t.database.db.select().from(schema.offsiteBackupSettings)).toEqual(settingsBefore);
    const after = (await inject('GET', '/api/admin/backups')).json().data.backups as BackupSummary[];
    expect(after.find((backup) => backup.name === chosen.name)!.offsite).toMatchObject({ status: 'uploaded' });
  }, 120_000);
});
