import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { currentAcademyId, PLATFORM_TABLES } from '../../lib/tenancy';
import type { ServerKeys } from '../../lib/server-keys';
import { AppError } from '../../lib/app-error';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  academyManifestKey,
  fileDigest,
  listStoredFiles,
  tableEntryName,
  writeArchive,
  type Manifest,
} from './backup-archive';
import { dumpTable, listTables, useCanonicalOutput } from './database-tables';
import { currentMigration } from './migration-level';
import { academyFilesDir, appVersion, newBackupName, noProgress, poolOf, type BackupPaths, type OnProgress } from './backup-paths';

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
