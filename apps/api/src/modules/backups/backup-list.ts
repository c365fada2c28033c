import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_NAME_PATTERN, type BackupSummary } from '@academy/shared/schemas/backups';
import type { Db } from '../../db/client';
import { withoutAcademy } from '../../lib/tenancy';
import type { ServerKeys } from '../../lib/server-keys';
import { manifestSchema, readManifestText, type Manifest } from './backup-archive';
import { academyBackupPaths, backupFile, kindOfName, newBackupName, poolOf, type BackupPaths } from './backup-paths';
import { discardStagedBackup, stageBackup } from './stage-backup';

/** The backups folder of an academy: its list, one backup's summary, a deletion, an uploaded archive taken in. */

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

/** Takes an uploaded archive into the backups folder once it has passed every check. */
export async function adoptUploadedBackup(paths: BackupPaths, keys: ServerKeys, uploadedFile: string): Promise<BackupSummary> {
  const staged = await stageBackup(uploadedFile, paths, keys);
  discardStagedBackup(staged);
  const name = newBackupName('uploaded', new Date());
  const target = path.join(paths.backupsDir, name);
  await fs.promises.rename(uploadedFile, target);
  return summarize(target);
}
