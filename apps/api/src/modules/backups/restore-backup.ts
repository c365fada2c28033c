import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { BACKUP_MESSAGES } from '@academy/shared/schemas/backups';
import { liftTimeouts, MIGRATION_LOCK_KEY, runMigrations, type Db, type DbExecutor } from '../../db/client';
import * as schema from '../../db/schema';
import { currentAcademyId, FIRST_ACADEMY_ID, withAcademy, withoutAcademy } from '../../lib/tenancy';
import type { ServerKeys } from '../../lib/server-keys';
import { changeNotice, EVERYTHING_CHANGED, TABLE_CHANGES_CHANNEL } from '../../lib/read-cache';
import { AppError } from '../../lib/app-error';
import { PAST_DAYS_CHANNEL } from '../attendance';
import { recordAudit } from '../audit';
import type { Manifest } from './backup-archive';
import { useCanonicalOutput } from './database-tables';
import { assertRestoredValuesAllowed } from './restored-values';
import { currentMigration, knownMigrations } from './migration-level';
import { restoreAcademyRows, swapAcademyFiles, uuidReplacer } from './academy-restore';
import { academyFilesDir, noProgress, poolOf, type BackupPaths, type OnProgress } from './backup-paths';
import { discardStagedBackup, stageBackup, type StagedBackup } from './stage-backup';

/**
 * A restore as a new academy: the academy's platform row, made in the restore's transaction. Its id
 * replaces the archive's academy id; every other uuid of the archive gets a new value too. The row is
 * the academies module's to write: `createRow` is its `createAcademyRow`, handed in by the caller (the
 * CLI's `academy:import`), as academies stands above backups.
 */
export type NewAcademy = { id?: string; slug: string; name: string; city?: string | null; language?: string; createRow: CreateAcademyRow };

/** The academies module's command that writes a new academy's row on the executor it is given. */
export type CreateAcademyRow = (tx: DbExecutor, academy: { id: string; slug: string; name: string; city: string | null; language: string }) => Promise<void>;

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
  // The same connection through Drizzle, for the other modules' commands that join the restore's transaction.
  const tx = drizzle(client, { schema, casing: 'snake_case' });
  // Rebuilding and filling every table can take longer than a request's statement limit.
  const limits = await liftTimeouts(client);
  try {
    await withAcademy(academyId, async () => {
      await client.query('begin');
      // The audit log refuses TRUNCATE (migration 0029) and DELETE (0014) except in a restore: the academy's is refilled from the backup.
      // SET LOCAL, not set_config: on Citus the triggers run on the workers, which see only a SET LOCAL (decision 053).
      await client.query("set local academy.restoring = 'on'");
      await client.query("set local academy.audit_prune = 'on'");
      // The same lock as start-up migrations: no server migrates underneath a restore.
      await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await useCanonicalOutput(client);
      if (asNew) {
        const taken = await client.query('select 1 from "public"."academies" where slug = $1', [asNew.slug]);
        if (taken.rows.length > 0) throw new AppError('CONFLICT', `The address "${asNew.slug}" is taken by another academy. Choose another slug.`);
        // The academies module writes the row, in this transaction: a failed restore leaves no academy behind.
        await asNew.createRow(tx, { id: asNew.id, slug: asNew.slug, name: asNew.name, city: asNew.city ?? null, language: asNew.language ?? 'en' });
      }
      await restoreAcademyRows(client, { manifest, migrationIndex, stagingDir, migrations }, { academyId, asNew: copy, replacer: rewrite }, onProgress);
      onProgress(0.9, 'Checking the restored values');
      await assertRestoredValuesAllowed(client);
      if (!staged.signed) {
        // Only the CLI's --trust-unsigned lets an unverified backup this far. Its entry is written in the
        // restore's own transaction, after the backup's rows replaced the log: the restore cannot commit without it.
        const name = staged.archiveName;
        await recordAudit(tx, null, {
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
