import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { BACKUP_MESSAGES, BACKUP_NAME_PATTERN, type BackupKind, type BackupSummary } from '@academy/shared/schemas/backups';
import { liftTimeouts, MIGRATION_LOCK_KEY, runMigrations, type Db } from '../../db/client';
import { currentAcademyId, FIRST_ACADEMY_ID, PLATFORM_TABLES, withAcademy, withoutAcademy } from '../../lib/tenancy';
import * as schema from '../../db/schema';
import type { ServerKeys } from '../../lib/server-keys';
import { PAST_DAYS_CHANNEL } from '../attendance';
import { changeNotice, EVERYTHING_CHANGED, TABLE_CHANGES_CHANNEL } from '../../lib/read-cache';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { apiRoot } from '../../paths';
import { getAcademySettings } from '../../academy-settings';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  DAMAGED_MESSAGE,
  extractArchive,
  fileDigest,
  InvalidBackupError,
  listStoredFiles,
  academyManifestKey,
  manifestAcademyId,
  manifestSchema,
  manifestSigner,
  MANIFEST_ENTRY,
  OTHER_ACADEMY_BACKUP_MESSAGE,
  readManifestText,
  SIGNATURE_ENTRY,
  UNSIGNED_BACKUP_MESSAGE,
  tableEntryName,
  fileEntryName,
  writeArchive,
  type Manifest,
} from './backup-archive';
import { backupsToPrune, localDateTime } from './backup-retention';
import { dumpTable, listTables, useCanonicalOutput } from './database-tables';
import { assertRestoredValuesAllowed } from './restored-values';
import { currentMigration, knownMigrations, locateMigration } from './migration-level';
import { RESTORED_FOLDER_INFIX, restoreAcademyRows, swapAcademyFiles, uuidReplacer } from './academy-restore';
import { markOffsiteForDeletion, queueOffsiteUpload, syncOffsite } from './offsite.service';

/** Where backups live (DATA_DIR/backups) and the stored files they cover (DATA_DIR/files). */
export type BackupPaths = { backupsDir: string; filesDir: string };

/**
 * An academy's own backups folder (issue 55): the first academy's is DATA_DIR/backups itself, as in a
 * one-academy installation before; every other academy's is DATA_DIR/backups/<academy_id>, so one
 * academy's list never shows another's backups. `filesDir` stays the root of every academy's folder.
 */
export function academyBackupPaths<T extends BackupPaths>(paths: T, academyId: string = currentAcademyId()): T {
  return academyId === FIRST_ACADEMY_ID ? paths : { ...paths, backupsDir: path.join(paths.backupsDir, academyId) };
}

/** An academy's stored files: DATA_DIR/files/<academy_id> (lib/storage.ts). */
export function academyFilesDir(paths: BackupPaths, academyId: string = currentAcademyId()): string {
  return path.join(paths.filesDir, academyId);
}

export type AcademyRef = NonNullable<Manifest['academy']>;

/**
 * The academy's id, address and name, from the platform's list (outside row-level security); undefined
 * for a database from before issue 55 (its archive is then a whole one-academy installation's, as before).
 */
async function academyRef(client: Pick<pg.PoolClient, 'query'>, academyId: string): Promise<AcademyRef | undefined> {
  const { rows: exists } = await client.query<{ present: boolean }>(`select to_regclass('public.academies') is not null as present`);
  if (!exists[0]?.present) return undefined;
  const { rows } = await client.query<{ id: string; slug: string; name: string; city: string | null; language: string }>(
    'select id, slug, name, city, language from "public"."academies" where id = $1',
    [academyId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'This academy does not exist.');
  return { id: row.id, slug: row.slug, name: row.name, city: row.city, language: row.language };
}
export type OnProgress = (progress: number, step: string) => void;

const noProgress: OnProgress = () => {};

/** The pg pool under Drizzle: backups need one connection of their own (a snapshot, a cursor, DDL). */
export function poolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

let appVersionCache: string | undefined;
export function appVersion(): string {
  appVersionCache ??= (JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { version: string }).version;
  return appVersionCache;
}

function newBackupName(kind: BackupKind, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `academy-${stamp}-${kind}-${randomBytes(3).toString('hex')}.tar.gz`;
}

function kindOfName(name: string): BackupKind {
  return (BACKUP_NAME_PATTERN.exec(name)?.[1] as BackupKind | undefined) ?? 'manual';
}

function backupFile(paths: BackupPaths, name: string): string {
  if (!BACKUP_NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND', BACKUP_MESSAGES.notFound);
  const file = path.join(paths.backupsDir, name);
  if (!fs.existsSync(file)) throw new AppError('NOT_FOUND', BACKUP_MESSAGES.notFound);
  return file;
}

/** The newest backup's file, for download streams and restores. */
export function existingBackupFile(paths: BackupPaths, name: string): string {
  return backupFile(paths, name);
}

function writeLineTo(stream: fs.WriteStream, hash: ReturnType<typeof createHash>) {
  return async (line: string) => {
    const text = `${line}\n`;
    hash.update(text);
    if (!stream.write(text)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  };
}

async function closeStream(stream: fs.WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/**
 * Makes a backup of the running work's academy (issue 55): its rows of every academy table (never the
 * platform's tables) and its files folder, into one .tar.gz; the manifest names the academy.
 * The tables are read in one REPEATABLE READ, READ ONLY transaction, i.e. one consistent snapshot,
 * without locking anyone out; the files are listed and hashed while that snapshot is open (a note's
 * file is written before its row commits, so every row in the snapshot finds its file).
 */
export async function createBackup(
  db: Db,
  paths: BackupPaths,
  keys: ServerKeys,
  options: { kind: 'manual' | 'automatic'; out?: string; onProgress?: OnProgress; now?: Date },
): Promise<{ name: string; file: string; manifest: Manifest }> {
  const onProgress = options.onProgress ?? noProgress;
  const now = options.now ?? new Date();
  fs.mkdirSync(paths.backupsDir, { recursive: true, mode: 0o700 });
  const workDir = fs.mkdtempSync(path.join(paths.backupsDir, '.work-'));
  const academyId = currentAcademyId();
  const filesDir = academyFilesDir(paths, academyId);
  const tablesDir = path.join(workDir, 'tables');
  fs.mkdirSync(tablesDir);
  try {
    const client = await poolOf(db).connect();
    const tableEntries: Manifest['tables'] = [];
    const fileEntries: Manifest['files'] = [];
    let migration;
    let academy: AcademyRef | undefined;
    try {
      await client.query('begin isolation level repeatable read read only');
      await useCanonicalOutput(client);
      migration = await currentMigration(client);
      if (!migration) throw new AppError('INTERNAL', 'The database has no migrations applied; there is nothing to back up.');
      academy = await academyRef(client, academyId);
      const tables = (await listTables(client)).filter((table) => !PLATFORM_TABLES.has(table.name));
      for (const [index, table] of tables.entries()) {
        onProgress((0.5 * index) / Math.max(tables.length, 1), `Copying table ${table.name}`);
        const hash = createHash('sha256');
        const stream = fs.createWriteStream(path.join(tablesDir, `${table.name}.jsonl`), { mode: 0o600 });
        const rows = await dumpTable(client, table, writeLineTo(stream, hash), academyId);
        await closeStream(stream);
        tableEntries.push({ name: table.name, file: tableEntryName(table.name), rows, sha256: hash.digest('hex') });
      }
      const stored = await listStoredFiles(filesDir);
      for (const [index, relative] of stored.entries()) {
        onProgress(0.5 + (0.1 * index) / Math.max(stored.length, 1), 'Checking stored files');
        fileEntries.push({ path: relative, ...(await fileDigest(path.join(filesDir, relative))) });
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: now.toISOString(),
      kind: options.kind,
      ...(academy ? { academy } : {}),
      migration: { tag: migration.tag, hash: migration.hash, createdAt: migration.createdAt },
      tables: tableEntries,
      files: fileEntries,
    };
    const name = newBackupName(options.kind, now);
    const file = options.out ?? path.join(paths.backupsDir, name);
    const totalBytes =
      tableEntries.reduce((sum, table) => sum + fs.statSync(path.join(tablesDir, `${table.name}.jsonl`)).size, 0) + fileEntries.reduce((sum, entry) => sum + entry.size, 0);
    onProgress(0.6, 'Writing the archive');
    // Signed with the academy's own key (issue 71): another academy of this server refuses it.
    await writeArchive(file, manifest, { tablesDir, filesDir }, academyManifestKey(keys.key('backup-manifest'), academyId), (bytes) => onProgress(0.6 + (0.4 * bytes) / Math.max(totalBytes, 1), 'Writing the archive'));
    onProgress(1, 'Done');
    return { name: path.basename(file), file, manifest };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

// Reading a manifest means unzipping the head of the archive: remember it while the file is unchanged.
const summaryCache = new Map<string, { key: string; summary: BackupSummary }>();

function parseManifest(text: string | undefined): Manifest | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function summarize(file: string): Promise<BackupSummary> {
  const name = path.basename(file);
  const stat = await fs.promises.stat(file);
  const key = `${stat.size}:${stat.mtimeMs}`;
  const cached = summaryCache.get(file);
  if (cached?.key === key) return cached.summary;
  const manifest = parseManifest(await readManifestText(file));
  const summary: BackupSummary = {
    name,
    kind: kindOfName(name),
    createdAt: manifest?.createdAt ?? stat.mtime.toISOString(),
    sizeBytes: stat.size,
    readable: manifest !== undefined,
    appVersion: manifest?.appVersion ?? null,
    migration: manifest?.migration.tag ?? null,
    tableCount: manifest?.tables.length ?? 0,
    rowCount: manifest?.tables.reduce((sum, table) => sum + table.rows, 0) ?? 0,
    fileCount: manifest?.files.length ?? 0,
    counts: Object.fromEntries((manifest?.tables ?? []).map((table) => [table.name, table.rows])),
  };
  summaryCache.set(file, { key, summary });
  return summary;
}

/** Every backup in the folder, newest first. */
export async function listBackups(paths: BackupPaths): Promise<BackupSummary[]> {
  if (!fs.existsSync(paths.backupsDir)) return [];
  const names = (await fs.promises.readdir(paths.backupsDir)).filter((name) => BACKUP_NAME_PATTERN.test(name));
  const summaries: BackupSummary[] = [];
  for (const name of names) {
    // A backup deleted meanwhile simply drops out of the list.
    const summary = await summarize(path.join(paths.backupsDir, name)).catch(() => undefined);
    if (summary) summaries.push(summary);
  }
  return summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
}

/**
 * Every active academy's backups, each from its own folder (issue 71: the metrics and the doctor
 * count every academy's, not only the first one's), by slug. The platform's list of academies is read
 * outside every academy.
 */
export async function everyAcademysBackups(db: Db, paths: BackupPaths): Promise<{ academy: string; academyId: string; backups: BackupSummary[] }[]> {
  const { rows } = await withoutAcademy(() => poolOf(db).query<{ id: string; slug: string }>(`select id, slug from "public"."academies" where status = 'active' order by slug`));
  const result = [];
  for (const row of rows) result.push({ academy: row.slug, academyId: row.id, backups: await listBackups(academyBackupPaths(paths, row.id)) });
  return result;
}

export async function getBackupSummary(paths: BackupPaths, name: string): Promise<BackupSummary> {
  return summarize(backupFile(paths, name));
}

export async function deleteBackup(paths: BackupPaths, name: string): Promise<void> {
  const file = backupFile(paths, name);
  await fs.promises.rm(file);
  summaryCache.delete(file);
}

/**
 * A checked backup unpacked next to the files folder, ready to restore. `signed` is false only when
 * the caller chose to trust a backup whose signature is missing or did not verify (the CLI's
 * --trust-unsigned); `archiveName` names the file in the audit entry such a restore writes.
 */
export type StagedBackup = { stagingDir: string; manifest: Manifest; migrationIndex: number; signed: boolean; archiveName: string };

const newerVersionMessage = (manifest: { appVersion?: unknown; migration?: { tag?: unknown } }) =>
  `This backup was made by a newer version of Academy (${String(manifest.appVersion ?? 'unknown')}, database version ${String(manifest.migration?.tag ?? 'unknown')}). ` +
  'Update Academy first, then restore it. Nothing was changed.';

function checkManifest(text: string | undefined): { manifest: Manifest; migrationIndex: number } {
  if (text === undefined) throw new InvalidBackupError(`This file has no ${MANIFEST_ENTRY}, so it is not an Academy backup. Nothing was changed.`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new InvalidBackupError(`The backup's ${MANIFEST_ENTRY} is damaged (not valid JSON). Nothing was changed.`);
  }
  const loose = (typeof raw === 'object' && raw !== null ? raw : {}) as { format?: unknown; formatVersion?: unknown; appVersion?: unknown; migration?: { tag?: unknown } };
  if (loose.format !== ARCHIVE_FORMAT) throw new InvalidBackupError(`This file is not an Academy backup (its ${MANIFEST_ENTRY} is not ours). Nothing was changed.`);
  if (typeof loose.formatVersion === 'number' && loose.formatVersion > ARCHIVE_FORMAT_VERSION) throw new InvalidBackupError(newerVersionMessage(loose));
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success || parsed.data.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new InvalidBackupError(`The backup's ${MANIFEST_ENTRY} is incomplete or damaged. Nothing was changed.`);
  }
  const manifest = parsed.data;
  const located = locateMigration(manifest.migration);
  if (!located.ok) {
    if (located.reason === 'newer') throw new InvalidBackupError(newerVersionMessage(manifest));
    throw new InvalidBackupError(
      `This backup's database version (${manifest.migration.tag}) is not one this version of Academy knows, so it cannot be restored here. Nothing was changed.`,
    );
  }
  return { manifest, migrationIndex: located.index };
}

/**
 * Unpacks an archive next to the files folder (the same disk, so the files can be swapped in by a
 * rename) and checks all of it: the manifest's signature (made with this academy's key, derived from
 * this server's `backup-manifest` key, see backup-archive.ts), the manifest, the database version, and every table's and every
 * file's checksum, row count and size. Anything wrong refuses it with a message saying what;
 * nothing outside the staging folder is touched, and the staging folder is removed.
 */
export async function stageBackup(
  archiveFile: string,
  paths: BackupPaths,
  keys: ServerKeys,
  options: { trustUnsigned?: boolean; anyAcademy?: boolean } = {},
): Promise<StagedBackup> {
  const stagingDir = path.join(path.dirname(paths.filesDir), `.restore-${randomBytes(6).toString('hex')}`);
  fs.mkdirSync(stagingDir, { recursive: true, mode: 0o700 });
  try {
    const { manifestBytes, signature, entries } = await extractArchive(archiveFile, stagingDir);
    // The signature first: nothing the manifest says (versions, checksums) counts before it verifies.
    // academy:import runs outside every academy (issue 71: no fallback academy): it checks the archive
    // against the academy its manifest names, whose key this server derives as well.
    const checkedFor = options.anyAcademy ? (manifestAcademyId(manifestBytes) ?? FIRST_ACADEMY_ID) : currentAcademyId();
    const signer = manifestBytes !== undefined && signature !== undefined ? manifestSigner(manifestBytes, signature, keys.key('backup-manifest'), checkedFor, FIRST_ACADEMY_ID) : 'unknown';
    // `anyAcademy` (academy:import, which moves an academy): signed by this server for any of its academies counts as signed.
    const signed = signer === 'this-academy' || (options.anyAcademy === true && signer === 'another-academy');
    // Only the operator (the CLI's --trust-unsigned, academy:import) takes what this academy did not sign.
    if (manifestBytes !== undefined && !signed && !options.trustUnsigned) throw new InvalidBackupError(signer === 'another-academy' ? OTHER_ACADEMY_BACKUP_MESSAGE : UNSIGNED_BACKUP_MESSAGE);
    const { manifest, migrationIndex } = checkManifest(manifestBytes?.toString('utf8'));
    const expected = new Set<string>([MANIFEST_ENTRY, SIGNATURE_ENTRY]);
    const tableNames = new Set<string>();
    for (const table of manifest.tables) {
      if (tableNames.has(table.name) || table.file !== tableEntryName(table.name)) throw new InvalidBackupError(`The backup's ${MANIFEST_ENTRY} lists the table ${table.name} wrongly. Nothing was changed.`);
      tableNames.add(table.name);
      expected.add(table.file);
      const entry = entries.get(table.file);
      if (!entry) throw new InvalidBackupError(`The backup is incomplete: the data of the table ${table.name} is missing. Nothing was changed.`);
      if (entry.sha256 !== table.sha256 || entry.lines !== table.rows) {
        throw new InvalidBackupError(`The backup is damaged: the data of the table ${table.name} does not match its checksum. Nothing was changed.`);
      }
    }
    for (const stored of manifest.files) {
      const name = fileEntryName(stored.path);
      expected.add(name);
      const entry = entries.get(name);
      if (!entry) throw new InvalidBackupError(`The backup is incomplete: the stored file ${stored.path} is missing. Nothing was changed.`);
      if (entry.sha256 !== stored.sha256 || entry.size !== stored.size) {
        throw new InvalidBackupError(`The backup is damaged: the stored file ${stored.path} does not match its checksum. Nothing was changed.`);
      }
    }
    const unexpected = [...entries.keys()].find((name) => !expected.has(name));
    if (unexpected) throw new InvalidBackupError(`The backup contains "${unexpected}", which its ${MANIFEST_ENTRY} does not list. Nothing was changed.`);
    return { stagingDir, manifest, migrationIndex, signed, archiveName: path.basename(archiveFile) };
  } catch (error) {
    fs.rmSync(stagingDir, { recursive: true, force: true });
    throw error;
  }
}

export function discardStagedBackup(staged: StagedBackup): void {
  fs.rmSync(staged.stagingDir, { recursive: true, force: true });
}

/**
 * A restore as a new academy: the academy's platform row, made in the restore's transaction. Its id
 * replaces the archive's academy id; every other uuid of the archive gets a new value too.
 */
export type NewAcademy = { id?: string; slug: string; name: string; city?: string | null; language?: string };

/**
 * Replaces one academy's data with a checked backup, in ONE transaction (academy-restore.ts): the
 * archive's rows are brought to this database version in a scratch schema (the migrations replayed to
 * the archive's version, its rows loaded, the later migrations run), then the academy's rows are
 * deleted children-first and the archive's copied in; every other academy's rows are untouched. Any
 * failure rolls all of it back, leaving the data exactly as it was. The academy's files folder is
 * swapped for the archive's only after the commit (two renames).
 * The academy is the running work's (`currentAcademyId()`), or with `asNew` a new academy made here.
 * Every session of the academy ends with it (the restorer's too): the backup's sessions may have
 * signed out since, and today's may belong to accounts the backup does not have. Everyone signs in anew.
 */
export async function restoreStagedBackup(
  db: Db,
  paths: BackupPaths,
  staged: StagedBackup,
  onProgress: OnProgress = noProgress,
  options: { asNew?: NewAcademy } = {},
): Promise<{ academyId: string }> {
  const { manifest, migrationIndex, stagingDir } = staged;
  const asNew = options.asNew ? { ...options.asNew, id: options.asNew.id ?? randomUUID() } : undefined;
  const academyId = asNew?.id ?? currentAcademyId();
  const migrations = knownMigrations();
  // A database with nothing in it yet (a new server restoring its first backup) gets this version's tables first.
  if (!(await currentMigration(poolOf(db)))) await runMigrations(poolOf(db));
  // Whose rows the archive holds (one made before issue 55: the one academy's).
  const sourceId = manifest.academy?.id ?? FIRST_ACADEMY_ID;
  // Another academy's archive in a deployment that holds other academies too (the archive's own rows may
  // be there): a copy, every id new. Into a one-academy installation only the academy's own id changes.
  const { rows: hosted } = await withoutAcademy(() => poolOf(db).query<{ count: number }>('select count(*)::int as count from "public"."academies"'));
  const copy = asNew !== undefined || (sourceId !== academyId && (hosted[0]?.count ?? 0) > 1);
  const rewrite = copy
    ? uuidReplacer([[sourceId, academyId]])
    : sourceId !== academyId
      ? { replace: (text: string) => text.replaceAll(sourceId, academyId) }
      : undefined;
  const client = await withAcademy(academyId, () => poolOf(db).connect());
  // Rebuilding and filling every table can take longer than a request's statement limit.
  const limits = await liftTimeouts(client);
  try {
    await withAcademy(academyId, async () => {
      await client.query('begin');
      // The audit log refuses TRUNCATE (migration 0029) and DELETE (0014) except in a restore: the academy's is refilled from the backup.
      await client.query("select set_config('academy.restoring', 'on', true), set_config('academy.audit_prune', 'on', true)");
      // The same lock as start-up migrations: no server migrates underneath a restore.
      await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await useCanonicalOutput(client);
      if (asNew) {
        const taken = await client.query('select 1 from "public"."academies" where slug = $1', [asNew.slug]);
        if (taken.rows.length > 0) throw new AppError('CONFLICT', `The address "${asNew.slug}" is taken by another academy. Choose another slug.`);
        await client.query('insert into "public"."academies" (id, slug, name, city, language) values ($1, $2, $3, $4, $5)', [
          asNew.id,
          asNew.slug,
          asNew.name,
          asNew.city ?? null,
          asNew.language ?? 'en',
        ]);
      }
      await restoreAcademyRows(client, { manifest, migrationIndex, stagingDir, migrations }, { academyId, asNew: copy, replacer: rewrite }, onProgress);
      onProgress(0.9, 'Checking the restored values');
      await assertRestoredValuesAllowed(client);
      if (!staged.signed) {
        // Only the CLI's --trust-unsigned lets an unverified backup this far. Its entry is written in the
        // restore's own transaction, after the backup's rows replaced the log: the restore cannot commit without it.
        const name = staged.archiveName;
        await recordAudit(drizzle(client, { schema, casing: 'snake_case' }), null, {
          action: 'backup.restore',
          entityType: 'backup',
          entityId: name,
          text: { key: 'backup.restored_unsigned_cli', values: { name } },
        });
      }
      // Every server forgets the answers and dashboard counts it kept from before (read-cache.ts, past-days-cache.ts).
      // Only this academy's: the others' kept answers stay.
      await client.query('select pg_notify($1, $2), pg_notify($3, $4)', [TABLE_CHANGES_CHANNEL, changeNotice(academyId, EVERYTHING_CHANGED), PAST_DAYS_CHANNEL, academyId]);
      onProgress(0.93, 'Saving');
      await client.query('commit');
    });
  } catch (error) {
    await client.query('rollback').catch(() => {});
    discardStagedBackup(staged);
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', `${BACKUP_MESSAGES.restoreFailed}: ${(error as Error).message}`);
  } finally {
    await limits.restore();
    client.release();
  }

  onProgress(0.95, 'Restoring stored files');
  swapAcademyFiles(academyFilesDir(paths, academyId), path.join(stagingDir, 'files'), rewrite ? (name) => rewrite.replace(name) : undefined);
  discardStagedBackup(staged);
  onProgress(1, 'Done');
  return { academyId };
}

/**
 * Checks and restores an archive file in one go (the CLI and tests; the API stages first).
 * `trustUnsigned` (the CLI's --trust-unsigned, never the API) restores a backup whose signature is
 * missing or does not verify, e.g. one made before APP_SECRET changed; the restore records that in the audit log.
 */
export async function restoreBackupFile(
  db: Db,
  paths: BackupPaths,
  keys: ServerKeys,
  archiveFile: string,
  options: { onProgress?: OnProgress; trustUnsigned?: boolean } = {},
): Promise<{ manifest: Manifest; signed: boolean }> {
  const onProgress = options.onProgress ?? noProgress;
  onProgress(0, 'Checking the backup');
  const staged = await stageBackup(archiveFile, paths, keys, { trustUnsigned: options.trustUnsigned });
  await restoreStagedBackup(db, paths, staged, onProgress);
  return { manifest: staged.manifest, signed: staged.signed };
}

/**
 * Leftovers of a process killed mid-backup or mid-restore (hidden work folders), removed at start.
 * A kill between the two renames of the files swap (the database already restored) leaves no files
 * folder: the restored files are then put in place first.
 */
export function removeLeftovers(paths: BackupPaths): void {
  const parent = path.dirname(paths.filesDir);
  if (!fs.existsSync(paths.filesDir) && fs.existsSync(parent)) {
    const pending = fs.readdirSync(parent).filter((name) => name.startsWith('.restore-') && fs.existsSync(path.join(parent, name, 'files')));
    if (pending.length === 1) fs.renameSync(path.join(parent, pending[0]!, 'files'), paths.filesDir);
  }
  // One academy's restore killed between its two renames (academy-restore.ts): its restored folder goes in place.
  if (fs.existsSync(parent)) {
    for (const name of fs.readdirSync(parent).filter((entry) => entry.startsWith('.restore-'))) {
      for (const inside of fs.readdirSync(path.join(parent, name))) {
        const academyId = inside.startsWith(`files${RESTORED_FOLDER_INFIX}`) ? inside.slice(`files${RESTORED_FOLDER_INFIX}`.length) : undefined;
        if (!academyId || !/^[0-9a-f-]{36}$/.test(academyId) || fs.existsSync(path.join(paths.filesDir, academyId))) continue;
        fs.mkdirSync(paths.filesDir, { recursive: true });
        fs.renameSync(path.join(parent, name, inside), path.join(paths.filesDir, academyId));
      }
    }
  }
  for (const [folder, prefixes] of [
    [paths.backupsDir, ['.work-', '.academy-', '.upload-']],
    [path.dirname(paths.filesDir), ['.restore-', '.files-replaced-']],
  ] as const) {
    if (!fs.existsSync(folder)) continue;
    for (const name of fs.readdirSync(folder)) {
      if (prefixes.some((prefix) => name.startsWith(prefix))) fs.rmSync(path.join(folder, name), { recursive: true, force: true });
    }
  }
}

/** Takes an uploaded archive into the backups folder once it has passed every check. */
export async function adoptUploadedBackup(paths: BackupPaths, keys: ServerKeys, uploadedFile: string): Promise<BackupSummary> {
  const staged = await stageBackup(uploadedFile, paths, keys);
  discardStagedBackup(staged);
  const name = newBackupName('uploaded', new Date());
  const target = path.join(paths.backupsDir, name);
  await fs.promises.rename(uploadedFile, target);
  return summarize(target);
}

export { DAMAGED_MESSAGE };

// Per academy (issue 55): with its academy's hash as the second key, one academy's run never makes another's wait or skip.
const AUTOMATIC_LOCK_KEY = 727_010;

export type AutomaticRunResult = 'not-due' | 'done-today' | 'locked' | 'created';

/**
 * The daily automatic backup, meant to be called every minute: once the academy's clock has passed
 * the backup time and no automatic backup exists for that day, one process (an advisory lock keeps
 * a second server out) makes it and then prunes to 7 daily and 4 weekly. Safe to call any number of times.
 */
export async function runAutomaticBackupIfDue(db: Db, paths: BackupPaths, keys: ServerKeys, now: Date = new Date()): Promise<AutomaticRunResult> {
  const { timeZone, backupTime } = await getAcademySettings(db);
  const local = localDateTime(now, timeZone);
  if (local.time < backupTime) return 'not-due';
  const doneToday = async () =>
    (await listBackups(paths)).some((backup) => backup.kind === 'automatic' && localDateTime(new Date(backup.createdAt), timeZone).date === local.date);
  if (await doneToday()) return 'done-today';

  const client = await poolOf(db).connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [AUTOMATIC_LOCK_KEY, currentAcademyId()]);
    if (!rows[0]?.locked) return 'locked';
    try {
      // Another process may have finished today's while this one waited for the lock.
      if (await doneToday()) return 'done-today';
      const made = await createBackup(db, paths, keys, { kind: 'automatic', now });
      await recordAudit(db, null, { action: 'backup.create', entityType: 'backup', entityId: made.name, text: { key: 'backup.created_automatic', values: { name: made.name } } });
      const offsite = await queueOffsiteUpload(db, made.name);
      const automatic = (await listBackups(paths)).filter((backup) => backup.kind === 'automatic');
      for (const name of backupsToPrune(automatic.map((backup) => ({ name: backup.name, createdAt: new Date(backup.createdAt) })), timeZone)) {
        await deleteBackup(paths, name);
        // The same retention off the machine: its copy in the bucket is removed by the sync below.
        await markOffsiteForDeletion(db, name);
        await recordAudit(db, null, { action: 'backup.delete', entityType: 'backup', entityId: name, text: { key: 'backup.deleted_automatic', values: { name } } });
      }
      // Copied at once; a failure is recorded on its row (the dashboard shows it) and the off-site job retries it.
      if (offsite) await syncOffsite(db, keys, paths.backupsDir).catch(() => undefined);
      return 'created';
    } finally {
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [AUTOMATIC_LOCK_KEY, currentAcademyId()]);
    }
  } finally {
    client.release();
  }
}

const RETRY_AFTER_FAILURE_MS = 15 * 60 * 1000;

/** The every-minute task of the server: a failing backup (disk full) is retried every 15 minutes, not every minute. */
export function automaticBackupTask(db: Db, paths: BackupPaths, keys: ServerKeys): () => Promise<void> {
  let lastFailure = 0;
  return async () => {
    if (Date.now() - lastFailure < RETRY_AFTER_FAILURE_MS) return;
    try {
      // The academy's own folder: the job runs in each academy's context (issue 55).
      await runAutomaticBackupIfDue(db, academyBackupPaths(paths), keys);
    } catch (error) {
      lastFailure = Date.now();
      throw error;
    }
  };
}
