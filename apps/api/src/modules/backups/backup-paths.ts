import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { BACKUP_MESSAGES, BACKUP_NAME_PATTERN, type BackupKind } from '@academy/shared/schemas/backups';
import type { Db } from '../../db/client';
import { currentAcademyId, FIRST_ACADEMY_ID } from '../../lib/tenancy';
import { AppError } from '../../lib/app-error';
import { apiRoot } from '../../paths';

/*
 * What every use case of backups shares: where an academy's backups and files live, a backup's file by
 * its name, the names themselves, the pool under Drizzle and the progress callback.
 */

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

export type OnProgress = (progress: number, step: string) => void;

export const noProgress: OnProgress = () => {};

/** The pg pool under Drizzle: backups need one connection of their own (a snapshot, a cursor, DDL). */
export function poolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

let appVersionCache: string | undefined;
export function appVersion(): string {
  appVersionCache ??= (JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { version: string }).version;
  return appVersionCache;
}

export function newBackupName(kind: BackupKind, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `academy-${stamp}-${kind}-${randomBytes(3).toString('hex')}.tar.gz`;
}

export function kindOfName(name: string): BackupKind {
  return (BACKUP_NAME_PATTERN.exec(name)?.[1] as BackupKind | undefined) ?? 'manual';
}

export function backupFile(paths: BackupPaths, name: string): string {
  if (!BACKUP_NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND', BACKUP_MESSAGES.notFound);
  const file = path.join(paths.backupsDir, name);
  if (!fs.existsSync(file)) throw new AppError('NOT_FOUND', BACKUP_MESSAGES.notFound);
  return file;
}

/** The newest backup's file, for download streams and restores. */
export function existingBackupFile(paths: BackupPaths, name: string): string {
  return backupFile(paths, name);
}
