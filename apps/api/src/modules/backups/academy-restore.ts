import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_ACADEMY_ID, PLATFORM_TABLES } from '../../lib/tenancy';
import { DEFAULT_ACADEMY_SETTINGS } from '../../academy-settings';
import { InvalidBackupError, tableEntryName, type Manifest } from './backup-archive';
import { dependencyOrder, listTables, loadTable, quoteIdent, resetSequences, type Queryable, type TableInfo } from './database-tables';
import type { KnownMigration } from './migration-level';

/**
 * Restoring ONE academy's archive into a database that may hold other academies (issue 55, decision
 * 053): only that academy's rows are replaced, never a TRUNCATE (it ignores row-level security) and
 * never a rebuilt schema.
 *
 * The archive's rows are first loaded into a scratch schema built by replaying the migrations up to
 * the archive's own database version; the later migrations then carry them forward there, exactly as
 * a whole-database restore did (an archive made before issue 55, with no `academy_id` at all, gets it
 * from the migration that added the column). Only then, at this version, the academy's rows in
 * `public` are deleted children-first and the scratch rows copied in parents-first, each with
 * `academy_id` set to the academy restored into. All of it runs in the caller's transaction.
 */

/** A uuid as PostgreSQL writes it, not part of a longer run of hex digits. */
const UUID_PATTERN = /(?<![0-9A-Fa-f])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f])/g;

/**
 * Replaces every uuid in a text by its value in a map that grows as new ones are met (a fresh random
 * uuid each), so one old id gets the same new id wherever it appears: a key, a reference, a value
 * inside json, a stored file's name. `fixed` gives some ids their new value up front (the academy's own).
 */
export function uuidReplacer(fixed: Iterable<[string, string]> = []): { replace(text: string): string; map: Map<string, string> } {
  const map = new Map<string, string>([...fixed].map(([from, to]) => [from.toLowerCase(), to]));
  return {
    map,
    replace: (text) =>
      text.replace(UUID_PATTERN, (found) => {
        const key = found.toLowerCase();
        let next = map.get(key);
        if (next === undefined) {
          next = randomUUID();
          map.set(key, next);
        }
        return next;
      }),
  };
}

/**
 * Tables whose rows a copy as a new academy leaves behind: sign-in sessions and one-time tokens (their
 * hashes are unique across all academies and belong to the original's people and devices), push
 * subscriptions (a browser's endpoint is one subscription), the original's off-site bucket and backup
 * runs, and short-lived counters of failed sign-ins and rate limits.
 */
const NOT_COPIED_TO_A_NEW_ACADEMY = new Set([
  'sessions',
  'password_reset_tokens',
  'sign_in_hand_offs',
  'calendar_feeds',
  'email_verifications',
  'push_subscriptions',
  'backup_jobs',
  'offsite_backup_settings',
  'offsite_backups',
  'rate_limit_hits',
  'login_failures',
]);

/** Never restored: every session ends with a restore; a backup's job rows are from another time. */
const NEVER_RESTORED = new Set(['sessions', 'backup_jobs']);

/**
 * The off-site tables describe this machine's bucket, its recovery key and the copies in the bucket
 * (decision 044), which a restore does not change: when the academy has them set up they stay as they
 * were, not taken from the archive. Without (a new installation) the archive's rows are restored, so a
 * machine rebuilt from its bucket goes on copying to it.
 */
const OFFSITE_TABLES = ['offsite_backup_settings', 'offsite_backups'];

export type AcademyRestoreTarget = {
  academyId: string;
  /** A copy next to the original: every uuid is replaced (`replacer`), tokens are left behind. */
  asNew: boolean;
  /** Rewrites the uuids of the archive's rows and file names; undefined: kept as they are. */
  replacer?: { replace(text: string): string };
};

/** The scratch rows in their key's order (a renumbered key then keeps the original order). */
const scratchOrder = (table: TableInfo) => (table.primaryKey.length > 0 ? table.primaryKey.map((column) => `s.${quoteIdent(column)}`).join(', ') : '1');

const academyFilter = (table: TableInfo) => (table.hasAcademyId ? 'where academy_id = $1::uuid' : 'where $1::text is not null');

async function setAcademySetting(client: Queryable, academyId: string): Promise<void> {
  await client.query("select set_config('app.academy_id', $1, true)", [academyId]);
}

/** Row-level security off on the scratch tables (owned by this role): they hold one archive's rows only. */
async function openScratchTables(client: Queryable, schema: string): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind in ('r', 'p') and c.relrowsecurity`,
    [schema],
  );
  for (const row of rows) await client.query(`alter table ${quoteIdent(schema)}.${quoteIdent(row.name)} no force row level security, disable row level security`);
}

/**
 * A migration's statement pointed at the scratch schema: `"public".` for references, and migration 0078's
 * policy rewrite, which names the schema as a literal (`schemaname = 'public'`, `ON public.%I`): without
 * this it read and could alter the live tables' policies instead of the scratch tables' own. On Citus the
 * live policies are of the pre-074 form (db/citus.ts), which 0078 refuses: every restore of an archive
 * older than 0078 stopped there (decision 053).
 */
export function statementForScratch(statement: string, schema: string): string {
  return statement
    .replaceAll('"public".', `${quoteIdent(schema)}.`)
    .replaceAll("schemaname = 'public'", `schemaname = '${schema.replaceAll("'", "''")}'`)
    .replaceAll('ON public.%I', `ON ${quoteIdent(schema).replaceAll('%', '%%')}.%I`);
}

/** Applies migrations to the scratch schema. */
async function applyToScratch(client: Queryable, schema: string, migrations: KnownMigration[], scratchAcademyId: string): Promise<void> {
  for (const migration of migrations) {
    for (const statement of migration.statements) {
      if (statement.trim() !== '') await client.query(statementForScratch(statement, schema));
    }
    // A migration may set the academy for its own backfill (0058): the scratch rows' academy again.
    await setAcademySetting(client, scratchAcademyId);
    await openScratchTables(client, schema);
  }
}

/** The archive's file path inside the academy's folder: archives made by a whole-installation backup after files moved into academy folders carry the folder. */
export function academyRelativePath(stored: string): string {
  const [first, ...rest] = stored.split('/');
  return rest.length > 0 && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(first!) ? rest.join('/') : stored;
}

/**
 * Loads the staged archive's rows into a scratch schema at the archive's version, carries them forward,
 * then replaces the target academy's rows with them. Runs inside the caller's transaction, which must
 * have `academy.restoring` and `academy.audit_prune` on (the audit log is emptied and refilled).
 */
export async function restoreAcademyRows(
  client: Queryable,
  input: { manifest: Manifest; migrationIndex: number; stagingDir: string; migrations: KnownMigration[] },
  target: AcademyRestoreTarget,
  onProgress: (progress: number, step: string) => void,
): Promise<{ counts: Map<string, number> }> {
  const { manifest, migrationIndex, stagingDir, migrations } = input;
  const scratch = `academy_restore_${randomBytes(6).toString('hex')}`;
  // The academy the scratch rows carry: the target (rows are rewritten to it), or for an archive made
  // before issue 55, the first academy, which the migration adding academy_id gives them.
  const scratchAcademyId = manifest.academy ? target.academyId : FIRST_ACADEMY_ID;
  const transform = target.replacer ? (line: string) => target.replacer!.replace(line) : undefined;

  await client.query(`create schema ${quoteIdent(scratch)}`);
  await client.query(`set local search_path = ${quoteIdent(scratch)}, public`);
  await setAcademySetting(client, scratchAcademyId);
  onProgress(0.05, 'Preparing the database');
  await applyToScratch(client, scratch, migrations.slice(0, migrationIndex + 1), scratchAcademyId);

  const scratchTables = await listTables(client, scratch);
  const scratchAcademyTables = scratchTables.filter((table) => !PLATFORM_TABLES.has(table.name));
  const inArchive = new Map(manifest.tables.map((table) => [table.name, table]));
  const missing = scratchAcademyTables.find((table) => !inArchive.has(table.name));
  if (missing) throw new InvalidBackupError(`The backup is incomplete: it has no data for the table ${missing.name}. Nothing was changed.`);
  const extra = manifest.tables.find((table) => !scratchTables.some((candidate) => candidate.name === table.name));
  if (extra) throw new InvalidBackupError(`The backup has a table ${extra.name} that its database version does not have. Nothing was changed.`);
  // Migrations may have added rows of their own (defaults): the archive's rows replace them.
  if (scratchAcademyTables.length > 0) await client.query(`truncate ${scratchAcademyTables.map((table) => `${quoteIdent(scratch)}.${quoteIdent(table.name)}`).join(', ')}`);
  // The rows' academy must exist for their foreign keys (from the version that added academies on).
  if (scratchTables.some((table) => table.name === 'academies')) {
    await client.query(`insert into ${quoteIdent(scratch)}."academies" (id, slug, name) values ($1, $2, 'restore') on conflict do nothing`, [
      scratchAcademyId,
      `r${randomBytes(8).toString('hex')}`,
    ]);
  }

  const ordered = dependencyOrder(scratchAcademyTables);
  for (const [index, table] of ordered.entries()) {
    onProgress(0.1 + (0.5 * index) / ordered.length, `Restoring table ${table.name}`);
    const loaded = await loadTable(client, table, path.join(stagingDir, tableEntryName(table.name)), { schema: scratch, transform });
    if (loaded !== inArchive.get(table.name)!.rows) throw new InvalidBackupError(`The backup is damaged: the table ${table.name} has a different number of rows than listed. Nothing was changed.`);
  }
  onProgress(0.6, 'Updating the data to this version');
  await applyToScratch(client, scratch, migrations.slice(migrationIndex + 1), scratchAcademyId);

  // Now at this version: replace the academy's rows in public.
  await client.query('set local search_path to default');
  await setAcademySetting(client, target.academyId);
  const publicTables = (await listTables(client)).filter((table) => !PLATFORM_TABLES.has(table.name));
  const carried = new Map((await listTables(client, scratch)).map((table) => [table.name, table]));
  const offsiteSettings = publicTables.find((table) => table.name === OFFSITE_TABLES[0]);
  const offsiteKept =
    !target.asNew &&
    offsiteSettings !== undefined &&
    (await client.query<{ present: boolean }>(`select exists (select 1 from "public".${quoteIdent(offsiteSettings.name)} ${academyFilter(offsiteSettings)}) as present`, [target.academyId])).rows[0]!
      .present;
  const skipped = new Set<string>([...NEVER_RESTORED, ...(target.asNew ? NOT_COPIED_TO_A_NEW_ACADEMY : []), ...(offsiteKept ? OFFSITE_TABLES : [])]);
  const publicOrder = dependencyOrder(publicTables);

  onProgress(0.7, 'Removing the academy’s current data');
  for (const table of [...publicOrder].reverse()) {
    if (offsiteKept && OFFSITE_TABLES.includes(table.name)) continue;
    await client.query(`delete from "public".${quoteIdent(table.name)} ${academyFilter(table)}`, [target.academyId]);
  }

  const counts = new Map<string, number>();
  for (const [index, table] of publicOrder.entries()) {
    if (skipped.has(table.name)) continue;
    onProgress(0.75 + (0.15 * index) / publicOrder.length, `Restoring table ${table.name}`);
    const source = carried.get(table.name);
    if (!source) throw new InvalidBackupError(`The backup has no data for the table ${table.name} after updating it to this version. Nothing was changed.`);
    // A copy next to the original takes new numbers for numbered keys no other row refers to (the audit log's).
    const renumbered = target.asNew && !table.referenced ? table.serialColumns.filter((column) => table.primaryKey.includes(column)) : [];
    const columns = table.insertColumns.filter((column) => !renumbered.includes(column));
    // Tables without academy_id (a database before issue 55's columns) take no academy parameter.
    const parameters: string[] = table.hasAcademyId ? [target.academyId] : [];
    const values = columns.map((column) => (column === 'academy_id' ? '$1::uuid' : `s.${quoteIdent(column)}`));
    // Only the archive's academy's rows: a later migration may have made rows for every academy of the
    // scratch schema (0098: a settings row for its first academy, made by 0057).
    const ownRows = source.hasAcademyId ? `where s.academy_id = $${parameters.push(scratchAcademyId)}::uuid` : '';
    // Counted through `returning` in a CTE: on Citus an INSERT … SELECT from a local table without it is a
    // COPY into the shards, refused under row-level security (decision 053); the rows stay on the server.
    const result = await client.query<{ count: number }>(
      `with moved as (insert into "public".${quoteIdent(table.name)} (${columns.map(quoteIdent).join(', ')}) overriding system value
       select ${values.join(', ')} from ${quoteIdent(scratch)}.${quoteIdent(table.name)} s ${ownRows} order by ${scratchOrder(source)} returning 1)
       select count(*)::int as count from moved`,
      parameters,
    ).catch((error: unknown) => {
      throw Object.assign(new Error(`table ${table.name}: ${(error as Error).message}`), { cause: error });
    });
    counts.set(table.name, result.rows[0]?.count ?? 0);
  }
  await ensureSettingsRow(client, target.academyId);
  await resetSequences(client, { onlyForward: true });
  await client.query(`drop schema ${quoteIdent(scratch)} cascade`);
  return { counts };
}

/**
 * An academy always has its settings row (issue 79; reading the settings never makes it): an archive
 * without one restores with the defaults. Archives made before migration 0098 got theirs from it.
 */
async function ensureSettingsRow(client: Queryable, academyId: string): Promise<void> {
  const settings = DEFAULT_ACADEMY_SETTINGS;
  await client.query(
    `insert into "public"."academy_settings" (academy_id, name, tagline, address, phones, email, office_hours, time_zone)
     values ($1::uuid, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
    [academyId, settings.name, settings.tagline, settings.address, settings.phones, settings.email, settings.officeHours, settings.timeZone],
  );
}

/** `.restore-…/files-for-<academy_id>`: an academy's restored files, ready to be its folder. */
export const RESTORED_FOLDER_INFIX = '-for-';

/**
 * Puts an archive's staged files in place as the academy's folder (`files/<academy_id>/`): two renames
 * on one disk, then the old folder is removed. `rename` rewrites each file's name (a copy as a new
 * academy gives the files the new ids its rows name them by).
 */
export function swapAcademyFiles(academyFolder: string, stagedFiles: string, rename?: (name: string) => string): void {
  // Named by the academy: a kill between the two renames below is finished at the next start (removeLeftovers).
  const restored = `${stagedFiles}${RESTORED_FOLDER_INFIX}${path.basename(academyFolder)}`;
  fs.mkdirSync(restored, { recursive: true });
  if (fs.existsSync(stagedFiles)) {
    const walk = (folder: string, prefix: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(path.join(folder, entry.name), relative);
        else if (entry.isFile()) {
          const inFolder = academyRelativePath(relative);
          const destination = path.join(restored, rename ? rename(inFolder) : inFolder);
          fs.mkdirSync(path.dirname(destination), { recursive: true });
          fs.renameSync(path.join(folder, entry.name), destination);
        }
      }
    };
    walk(stagedFiles, '');
  }
  fs.mkdirSync(path.dirname(academyFolder), { recursive: true });
  const replaced = path.join(path.dirname(path.dirname(academyFolder)), `.files-replaced-${randomBytes(6).toString('hex')}`);
  const hadFiles = fs.existsSync(academyFolder);
  if (hadFiles) fs.renameSync(academyFolder, replaced);
  fs.renameSync(restored, academyFolder);
  if (hadFiles) fs.rmSync(replaced, { recursive: true, force: true });
}
