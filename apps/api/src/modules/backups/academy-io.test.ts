import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cliDatabaseEnv, createTestDatabase, ownerDatabaseOf, TEST_SERVER_KEYS, type TestApp } from '../../../test/build-test-app';
import type { Database } from '../../db/client';
import { databaseDigest, filesDigest, readArchive, writeArchiveEntries } from '../../../test/backup-helpers';
import { academyManifestKey, OTHER_ACADEMY_BACKUP_MESSAGE, signManifest } from './backup-archive';
import { buildAcademies, buildUser } from '../../../test/factories';
import { eq } from 'drizzle-orm';
import { academies } from '../../db/schema';
import { FIRST_ACADEMY_ID, withAcademy, withoutAcademy } from '../../lib/tenancy';
import { DEMO_PASSWORD, seedDemoAcademy } from '../../demo-seed';
import { academyBackupPaths, createBackup, listBackups, poolOf, restoreBackupFile } from './backups.service';
import { exportAcademy, importAcademy, TransferError } from './academy-transfer';
import { createAcademyRow, updateAcademyIdentity } from '../academies';
import { apiRoot } from '../../paths';

/**
 * One academy in and out (issue 55): backups hold one academy's rows and files, a restore replaces only
 * that academy's, and an academy moves between a hosted deployment and a one-academy installation.
 */

const MANY = { mode: 'many', baseDomain: 'localhost' } as const;
/** The secret behind TEST_SERVER_KEYS (test/build-test-app.ts): the CLI signs and checks as the test app does. */
const TEST_SECRET = 'academy-test-server-secret-0123456789abcdef';
const ADMIN = 'admin@demo.academy';
/** The academies module's commands, as the CLI hands them to `academy:import`. */
const academyRows = { createAcademyRow, updateAcademyIdentity };

let t: TestApp;
let owner: Database;
let alpha: string;
let beta: string;
const scratch: string[] = [];

const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
const rootPaths = () => ({ backupsDir: t.backupsDir, filesDir: t.filesDir });

/** Each academy's rows (sessions aside: a restore ends them) and row counts. */
async function academyDigest(db: TestApp['database']['db'], academyId: string) {
  const digest = await withAcademy(academyId, () => databaseDigest(db, { academyId }));
  delete digest.sessions;
  return digest;
}
const rowCounts = (digest: Record<string, { rows: number }>) => Object.fromEntries(Object.entries(digest).map(([table, { rows }]) => [table, rows]));

async function signIn(app: TestApp['app'], host: string, email: string, password = DEMO_PASSWORD) {
  return app.inject({ method: 'POST', url: '/api/auth/login', headers: { host }, payload: { email, password } });
}

/** The demo admin signed in at alpha's and at beta's own address: the headers of their requests. */
async function adminsOfAlphaAndBeta() {
  const headersAt = async (host: string) => {
    const response = await signIn(t.app, host, ADMIN);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'academy_session')!;
    return { host, cookie: `${cookie.name}=${cookie.value}` };
  };
  return { asAlpha: await headersAt('alpha.localhost'), asBeta: await headersAt('beta.localhost') };
}

beforeAll(async () => {
  t = await buildTestApp({ config: { hosting: MANY } });
  // Imports and restores run as the tables' owner (decision 068), as the CLI and the server's restores do.
  owner = ownerDatabaseOf(t.database);
  const made = await buildAcademies(t.database.db, [
    { slug: 'alpha', name: 'Alpha Classes', city: 'Latur' },
    { slug: 'beta', name: 'Beta Tutorials', city: 'Udgir', language: 'mr' },
  ]);
  alpha = made.find((row) => row.slug === 'alpha')!.id;
  beta = made.find((row) => row.slug === 'beta')!.id;
  // The same demo in both (the same emails, allowed per academy), each with its note files in its folder.
  await withAcademy(alpha, () => seedDemoAcademy(t.database.db, t.storage));
  await withAcademy(beta, () => seedDemoAcademy(t.database.db, t.storage));
  expect(Object.keys(await filesDigest(path.join(t.filesDir, alpha))).length).toBeGreaterThan(0);
}, 240_000);

afterAll(async () => {
  await owner.close();
  await t.close();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

describe("an academy's backups (many academies)", () => {
  it('hold its rows and files only; restoring one gives it back and leaves the other academy untouched', { timeout: 240_000 }, async () => {
    const alphaBefore = await academyDigest(t.database.db, alpha);
    const alphaFilesBefore = await filesDigest(path.join(t.filesDir, alpha));
    const backup = await withAcademy(alpha, () => createBackup(t.database.db, academyBackupPaths(rootPaths(), alpha), TEST_SERVER_KEYS, { kind: 'manual' }));
    expect(backup.manifest.academy).toMatchObject({ id: alpha, slug: 'alpha', name: 'Alpha Classes' });
    expect(backup.manifest.tables.map((table) => table.name)).not.toContain('academies');
    expect(backup.manifest.tables.find((table) => table.name === 'students')!.rows).toBe(alphaBefore.students!.rows);
    expect(backup.manifest.files.map((file) => file.path).sort()).toEqual(Object.keys(alphaFilesBefore).sort());
    // Its own folder: beta's list does not show it.
    expect(backup.file.startsWith(path.join(t.backupsDir, alpha))).toBe(true);
    expect((await listBackups(academyBackupPaths(rootPaths(), beta))).map((item) => item.name)).not.toContain(backup.name);

    // Both change afterwards.
    await withAcademy(alpha, () => buildUser(t.database.db, { role: 'teacher', email: 'after.alpha@example.com' }));
    fs.writeFileSync(path.join(t.filesDir, alpha, 'extra-after-backup.pdf'), '%PDF after');
    await withAcademy(beta, () => buildUser(t.database.db, { role: 'teacher', email: 'after.beta@example.com' }));
    fs.writeFileSync(path.join(t.filesDir, beta, 'extra-beta.pdf'), '%PDF beta');
    const betaSessions = await signIn(t.app, 'beta.localhost', ADMIN);
    expect(betaSessions.statusCode).toBe(200);
    const betaBefore = await academyDigest(t.database.db, beta);
    const betaFilesBefore = await filesDigest(path.join(t.filesDir, beta));

    // Restores run as the tables' owner (decision 068), as the server's do.
    await withAcademy(alpha, () => restoreBackupFile(owner.db, academyBackupPaths(rootPaths(), alpha), TEST_SERVER_KEYS, backup.file));

    expect(await academyDigest(t.database.db, alpha)).toEqual(alphaBefore);
    expect(await filesDigest(path.join(t.filesDir, alpha))).toEqual(alphaFilesBefore);
    expect(await academyDigest(t.database.db, beta)).toEqual(betaBefore);
    expect(await filesDigest(path.join(t.filesDir, beta))).toEqual(betaFilesBefore);
    // Beta's people stay signed in; alpha's restore ended alpha's sessions only.
    const cookie = betaSessions.cookies.find((c) => c.name === 'academy_session')!;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { host: 'beta.localhost', cookie: `${cookie.name}=${cookie.value}` } });
    expect(me.statusCode).toBe(200);
    expect(fs.readdirSync(path.dirname(t.filesDir)).filter((entry) => entry.startsWith('.'))).toEqual([]);
  });
});

describe("an academy's backups on the Backup screen (many academies)", () => {
  it("list, download and restore only the academy's own backups", { timeout: 120_000 }, async () => {
    const { asAlpha, asBeta } = await adminsOfAlphaAndBeta();
    const started = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: asAlpha });
    expect(started.statusCode).toBe(202);
    let job;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      job = (await t.app.inject({ method: 'GET', url: `/api/admin/backups/jobs/${started.json().data.id}`, headers: asAlpha })).json().data;
      if (job.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job).toMatchObject({ status: 'succeeded' });
    const name = job.backupName as string;
    expect(fs.existsSync(path.join(t.backupsDir, alpha, name))).toBe(true);
    const alphaList = (await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: asAlpha })).json().data.backups.map((item: { name: string }) => item.name);
    expect(alphaList).toContain(name);
    const betaList = (await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: asBeta })).json().data.backups.map((item: { name: string }) => item.name);
    expect(betaList).not.toContain(name);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/backups/${name}/download`, headers: asBeta })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers: asBeta, payload: { confirm: 'RESTORE' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/backups/${name}`, headers: asBeta })).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.backupsDir, alpha, name))).toBe(true);
  });
});

describe("an academy's backup jobs (many academies, issue 71)", () => {
  it("are its own: another academy neither sees alpha's running job, nor waits for it, nor can read it by id", { timeout: 240_000 }, async () => {
    const { asAlpha, asBeta } = await adminsOfAlphaAndBeta();
    const started = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: asAlpha });
    expect(started.statusCode).toBe(202);
    const alphaJob = started.json().data.id as string;
    // While alpha's backup runs: alpha sees it and may not start another; beta sees nothing of it.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: asAlpha })).json().data.activeJob).toMatchObject({ id: alphaJob });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: asAlpha })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: asBeta })).json().data.activeJob).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/backups/jobs/${alphaJob}`, headers: asBeta })).statusCode).toBe(404);
    const betaStarted = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: asBeta });
    expect(betaStarted.statusCode).toBe(202);
    const betaJob = betaStarted.json().data.id as string;
    expect(betaJob).not.toBe(alphaJob);
    const finished = async (headers: typeof asAlpha, id: string) => {
      for (let attempt = 0; attempt < 1200; attempt += 1) {
        const job = (await t.app.inject({ method: 'GET', url: `/api/admin/backups/jobs/${id}`, headers })).json().data;
        if (job.status !== 'running') return job;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('job did not finish');
    };
    expect(await finished(asAlpha, alphaJob)).toMatchObject({ status: 'succeeded' });
    expect(await finished(asBeta, betaJob)).toMatchObject({ status: 'succeeded' });
    // Finished too, each job stays its academy's: from memory and from the shared table alike.
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/backups/jobs/${betaJob}`, headers: asAlpha })).statusCode).toBe(404);
    const { rows } = await withAcademy(beta, () => poolOf(t.database.db).query('select id from backup_jobs where id = $1', [alphaJob]));
    expect(rows).toEqual([]);
  });
});

describe("an academy's backups are signed with its own key (issue 71)", () => {
  it("alpha's backup is refused at beta (upload, and the restore the CLI runs) with a clear message; alpha takes it, and its backups signed before with the server's key alone", { timeout: 240_000 }, async () => {
    const made = await withAcademy(alpha, () => createBackup(t.database.db, academyBackupPaths(rootPaths(), alpha), TEST_SERVER_KEYS, { kind: 'manual' }));
    const entries = await readArchive(made.file);
    const manifestBytes = entries.find((entry) => entry.name === 'manifest.json')!.data;
    // Not the server's key alone: alpha's own.
    expect(entries.find((entry) => entry.name === 'manifest.sig')!.data.toString()).toBe(signManifest(manifestBytes, academyManifestKey(TEST_SERVER_KEYS.key('backup-manifest'), alpha)));
    // The same archive as it was signed before issue 71 (the server's key alone).
    const legacy = path.join(tempDir('academy-legacy-'), 'legacy.tar.gz');
    await writeArchiveEntries(legacy, entries.map((entry) => (entry.name === 'manifest.sig' ? { ...entry, data: Buffer.from(signManifest(manifestBytes, TEST_SERVER_KEYS.key('backup-manifest'))) } : entry)));

    const cookies = new Map<string, string>();
    for (const host of ['alpha.localhost', 'beta.localhost']) {
      const signedIn = await signIn(t.app, host, ADMIN);
      const cookie = signedIn.cookies.find((c) => c.name === 'academy_session')!;
      cookies.set(host, `${cookie.name}=${cookie.value}`);
    }
    const uploadAt = async (host: string, file: string) => {
      const boundary = '----academy-test-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="alpha.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`),
        fs.readFileSync(file),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'POST', url: '/api/admin/backups/upload', payload, headers: { host, cookie: cookies.get(host)!, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    const betaBefore = await academyDigest(t.database.db, beta);
    const betaList = await listBackups(academyBackupPaths(rootPaths(), beta));
    for (const file of [made.file, legacy]) {
      const refused = await uploadAt('beta.localhost', file);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(OTHER_ACADEMY_BACKUP_MESSAGE);
      await expect(withAcademy(beta, () => restoreBackupFile(t.database.db, academyBackupPaths(rootPaths(), beta), TEST_SERVER_KEYS, file))).rejects.toThrow(OTHER_ACADEMY_BACKUP_MESSAGE);
    }
    expect(await academyDigest(t.database.db, beta)).toEqual(betaBefore);
    expect(await listBackups(academyBackupPaths(rootPaths(), beta))).toEqual(betaList);
    // Alpha takes both: its own key, and the server's key with a manifest naming alpha.
    for (const file of [made.file, legacy]) expect((await uploadAt('alpha.localhost', file)).statusCode).toBe(201);
  });
});

describe('moving an academy between a hosted deployment and a one-academy installation', () => {
  it('exports alpha, imports it into a fresh one-academy installation (every row and file), and back as a new academy', { timeout: 300_000 }, async () => {
    const out = path.join(tempDir('academy-export-'), 'alpha.tar.gz');
    await expect(exportAcademy(t.database.db, rootPaths(), TEST_SERVER_KEYS, { hosting: 'many', out })).rejects.toThrow(/--slug/);
    await expect(exportAcademy(t.database.db, rootPaths(), TEST_SERVER_KEYS, { hosting: 'many', slug: 'nobody', out })).rejects.toThrow(/no academy with the address "nobody"/);
    const exported = await exportAcademy(t.database.db, rootPaths(), TEST_SERVER_KEYS, { hosting: 'many', slug: 'alpha', out });
    expect(exported.manifest.academy).toMatchObject({ id: alpha, slug: 'alpha' });
    const alphaDigest = await academyDigest(t.database.db, alpha);
    const alphaFiles = await filesDigest(path.join(t.filesDir, alpha));

    // A fresh `npm start` installation: one academy, another APP_SECRET's keys do not matter to import.
    const single = await createTestDatabase();
    const singleOwner = ownerDatabaseOf(single);
    const singleData = tempDir('academy-single-');
    const singlePaths = { backupsDir: path.join(singleData, 'backups'), filesDir: path.join(singleData, 'files') };
    try {
      const imported = await importAcademy(singleOwner.db, singlePaths, TEST_SERVER_KEYS, { hosting: 'one', file: out, academies: academyRows });
      expect(imported.academyId).toBe(FIRST_ACADEMY_ID);
      expect(imported.safetyBackup && fs.existsSync(imported.safetyBackup)).toBe(true);
      const singleDigest = await academyDigest(single.db, FIRST_ACADEMY_ID);
      expect(rowCounts(singleDigest)).toEqual(rowCounts(alphaDigest));
      expect(await filesDigest(path.join(singlePaths.filesDir, FIRST_ACADEMY_ID))).toEqual(alphaFiles);
      // The same rows exactly, but for whose they are.
      const { rows: names } = await withAcademy(FIRST_ACADEMY_ID, () => poolOf(single.db).query('select count(*)::int as n from users where academy_id = $1', [FIRST_ACADEMY_ID]));
      expect(names[0].n).toBe(alphaDigest.users!.rows);
      const { rows: academyRow } = await single.pool.query('select slug, name from academies');
      expect(academyRow).toEqual([{ slug: 'main', name: 'Alpha Classes' }]);

      // Now it has data: importing again needs --replace.
      await expect(importAcademy(singleOwner.db, singlePaths, TEST_SERVER_KEYS, { hosting: 'one', file: out, academies: academyRows })).rejects.toThrow(/--replace/);

      // …and back: exported from the one-academy installation, imported into the hosted one as a new academy.
      const back = path.join(tempDir('academy-back-'), 'back.tar.gz');
      const again = await exportAcademy(single.db, singlePaths, TEST_SERVER_KEYS, { hosting: 'one', out: back });
      expect(again.manifest.academy).toMatchObject({ id: FIRST_ACADEMY_ID, slug: 'main' });
      const returned = await importAcademy(owner.db, rootPaths(), TEST_SERVER_KEYS, { hosting: 'many', file: back, slug: 'alpha-back', academies: academyRows });
      const returnedDigest = await academyDigest(t.database.db, returned.academyId);
      const expected = rowCounts(alphaDigest);
      for (const table of ['password_reset_tokens', 'calendar_feeds', 'email_verifications', 'push_subscriptions', 'rate_limit_hits', 'login_failures', 'backup_jobs', 'offsite_backups', 'offsite_backup_settings']) {
        if (table in expected) expected[table] = 0;
      }
      expect(rowCounts(returnedDigest)).toEqual(expected);
      expect(Object.keys(await filesDigest(path.join(t.filesDir, returned.academyId)))).toHaveLength(Object.keys(alphaFiles).length);
      expect((await signIn(t.app, 'alpha-back.localhost', ADMIN)).statusCode).toBe(200);
    } finally {
      await singleOwner.close();
      await single.close();
    }
  });

  it('imports as a new academy next to the original: no id in common, both intact, its people sign in at its address', { timeout: 300_000 }, async () => {
    // Rows keyed by text, not by a uuid the copy renews (issue 71): a webhook event seen and a sign-in hand-off.
    await withAcademy(alpha, async () => {
      const pool = poolOf(t.database.db);
      await pool.query("insert into provider_webhook_events (academy_id, id) values ($1, 'whatsapp:message:wamid.before-copy')", [alpha]);
      await pool.query(
        "insert into sign_in_hand_offs (academy_id, user_id, token_hash, expires_at) select $1, id, 'hand-off-hash-before-copy', now() + interval '2 minutes' from users where academy_id = $1 and email = $2 returning token_hash",
        [alpha, ADMIN],
      );
    });
    const out = path.join(tempDir('academy-export-'), 'alpha.tar.gz');
    await exportAcademy(t.database.db, rootPaths(), TEST_SERVER_KEYS, { hosting: 'many', slug: 'alpha', out });
    const alphaBefore = await academyDigest(t.database.db, alpha);
    const betaBefore = await academyDigest(t.database.db, beta);

    await expect(importAcademy(owner.db, rootPaths(), TEST_SERVER_KEYS, { hosting: 'many', file: out, academies: academyRows })).rejects.toThrow(/"alpha" is taken/);
    await expect(importAcademy(owner.db, rootPaths(), TEST_SERVER_KEYS, { hosting: 'many', file: out, slug: 'Not A Slug', academies: academyRows })).rejects.toBeInstanceOf(TransferError);
    await expect(importAcademy(owner.db, rootPaths(), TEST_SERVER_KEYS, { hosting: 'many', file: `${out}.missing`, slug: 'nowhere', academies: academyRows })).rejects.toThrow(/There is no archive at/);
    // A restore that fails after the new academy's row was written leaves no academy behind: the academies
    // module writes the row in the restore's own transaction.
    const failing = {
      ...academyRows,
      createAcademyRow: async (...args: Parameters<typeof createAcademyRow>) => {
        await createAcademyRow(...args);
        throw new Error('stopped after the row');
      },
    };
    await expect(importAcademy(owner.db, rootPaths(), TEST_SERVER_KEYS, { hosting: 'many', file: out, slug: 'alpha-failed', academies: failing })).rejects.toThrow(/stopped after the row/);
    expect(await withoutAcademy(() => owner.db.select({ id: academies.id }).from(academies).where(eq(academies.slug, 'alpha-failed')))).toEqual([]);

    const copy = await importAcademy(owner.db, rootPaths(), TEST_SERVER_KEYS, { hosting: 'many', file: out, slug: 'alpha-copy', academies: academyRows });
    expect(copy.academyId).not.toBe(alpha);
    expect(await academyDigest(t.database.db, alpha)).toEqual(alphaBefore);
    expect(await academyDigest(t.database.db, beta)).toEqual(betaBefore);
    const copyDigest = await academyDigest(t.database.db, copy.academyId);
    expect(copyDigest.students!.rows).toBe(alphaBefore.students!.rows);
    expect(copyDigest.attendance_records!.rows).toBe(alphaBefore.attendance_records!.rows);
    expect(copyDigest.fee_receipts!.rows).toBe(alphaBefore.fee_receipts!.rows);

    // No id in common: every uuid of the copy's rows is new.
    const ids = async (academyId: string) =>
      new Set(
        (
          await withAcademy(academyId, () =>
            poolOf(t.database.db).query<{ id: string }>(
              'select id from students where academy_id = $1 union all select id from users where academy_id = $1 union all select id from notes where academy_id = $1',
              [academyId],
            ),
          )
        ).rows.map(
          (row) => row.id,
        ),
      );
    const original = await ids(alpha);
    const copied = await ids(copy.academyId);
    expect(copied.size).toBe(original.size);
    for (const id of copied) expect(original.has(id)).toBe(false);
    // The copy's note files are named by its own notes' new keys.
    const { rows: keys } = await withAcademy(copy.academyId, () => poolOf(t.database.db).query<{ file_key: string }>('select file_key from notes where file_key is not null and academy_id = $1', [copy.academyId]));
    for (const { file_key } of keys) expect(fs.existsSync(path.join(t.filesDir, copy.academyId, file_key)), file_key).toBe(true);

    const signedIn = await signIn(t.app, 'alpha-copy.localhost', ADMIN);
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === 'academy_session')!;
    const students = await t.app.inject({ method: 'GET', url: '/api/students?pageSize=100', headers: { host: 'alpha-copy.localhost', cookie: `${cookie.name}=${cookie.value}` } });
    expect(students.statusCode).toBe(200);
    expect((await signIn(t.app, 'alpha.localhost', ADMIN)).statusCode).toBe(200);
  });
});

describe('the commands (npm run academy -- academy:export / academy:import)', () => {
  /** The CLI as an operator runs it, against this test's hosted database and data folder, with the same APP_SECRET. */
  function cli(...args: string[]) {
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      ...cliDatabaseEnv(t.database),
      DATA_DIR: path.dirname(t.filesDir),
      APP_SECRET: TEST_SECRET,
      ACADEMY_HOSTING: 'many',
      BASE_DOMAIN: 'localhost',
      LOG_LEVEL: 'warn',
    };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: apiRoot, env, encoding: 'utf8' });
    return { code: result.status, output: `${result.stdout}${result.stderr}` };
  }

  it('export beta, refuse its taken address, import it at another; its people sign in there', { timeout: 300_000 }, async () => {
    const file = path.join(tempDir('academy-cli-'), 'beta.tar.gz');
    const missing = cli('academy:export', '--out', file);
    expect(missing.code, missing.output).toBe(1);
    expect(missing.output).toMatch(/--slug/);
    const exported = cli('academy:export', '--slug', 'beta', '--out', file);
    expect(exported.code, exported.output).toBe(0);
    expect(exported.output).toMatch(/Exported Beta Tutorials \(beta\)/);
    const taken = cli('academy:import', file);
    expect(taken.code).toBe(1);
    expect(taken.output).toMatch(/"beta" is taken/);
    const imported = cli('academy:import', file, '--slug', 'beta-two');
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toMatch(/as a new academy at beta-two\.localhost/);
    t.app.academyHosts.forget();
    expect((await signIn(t.app, 'beta-two.localhost', ADMIN)).statusCode).toBe(200);
    const [made] = await withoutAcademy(() => t.database.db.select({ id: academies.id, name: academies.name, language: academies.language }).from(academies).where(eq(academies.slug, 'beta-two')));
    expect(made).toMatchObject({ name: 'Beta Tutorials', language: 'mr' });
    expect(rowCounts(await academyDigest(t.database.db, made!.id)).students).toBe(rowCounts(await academyDigest(t.database.db, beta)).students);
  });
});
