import fs from 'node:fs';
import type { Db, DbExecutor } from '../../db/client';
import { FIRST_ACADEMY_ID, withAcademy, withoutAcademy, type HostingMode } from '../../lib/tenancy';
import type { ServerKeys } from '../../lib/server-keys';
import {
  academyBackupPaths,
  createBackup,
  discardStagedBackup,
  poolOf,
  restoreStagedBackup,
  stageBackup,
  type BackupPaths,
  type OnProgress,
} from './backups.service';
import type { CreateAcademyRow } from './restore-backup';
import type { Manifest } from './backup-archive';

/** A refusal of `academy:export` or `academy:import`, said to the person at the command line (in English, as the CLI speaks). */
export class TransferError extends Error {}

/**
 * One academy in and out (issue 55): `academy:export` writes an academy's archive (the same signed
 * archive as its backups: its rows, its files, its name, address and database version);
 * `academy:import` takes one into a hosted deployment as a new academy, or into a one-academy
 * installation as its academy.
 */

const SLUG_PATTERN = /^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/;

type AcademyRow = { id: string; slug: string; name: string };

async function academyBySlug(db: Db, slug: string): Promise<AcademyRow | undefined> {
  const { rows } = await withoutAcademy(() => poolOf(db).query<AcademyRow>('select id, slug, name from "public"."academies" where slug = $1', [slug]));
  return rows[0];
}

/** The academy a command names: by its slug, or in a one-academy installation (no --slug) the academy itself. */
export async function namedAcademy(db: Db, hosting: HostingMode, slug: string | undefined): Promise<AcademyRow> {
  if (slug === undefined) {
    if (hosting === 'many') throw new TransferError('This deployment hosts many academies: name the academy with --slug.');
    const { rows } = await withoutAcademy(() => poolOf(db).query<AcademyRow>('select id, slug, name from "public"."academies" where id = $1', [FIRST_ACADEMY_ID]));
    if (!rows[0]) throw new TransferError('This installation has no academy yet.');
    return rows[0];
  }
  const found = await academyBySlug(db, slug);
  if (!found) throw new TransferError(`There is no academy with the address "${slug}" here.`);
  return found;
}

/** Writes the academy's archive to `out`. */
export async function exportAcademy(
  db: Db,
  paths: BackupPaths,
  keys: ServerKeys,
  options: { hosting: HostingMode; slug?: string; out: string; onProgress?: OnProgress },
): Promise<{ academy: AcademyRow; manifest: Manifest; file: string }> {
  const academy = await namedAcademy(db, options.hosting, options.slug);
  const made = await withAcademy(academy.id, () => createBackup(db, academyBackupPaths(paths, academy.id), keys, { kind: 'manual', out: options.out, onProgress: options.onProgress }));
  return { academy, manifest: made.manifest, file: made.file };
}

async function academyHasData(db: Db, academyId: string): Promise<boolean> {
  const { rows } = await withAcademy(academyId, () =>
    poolOf(db).query<{ present: boolean }>('select exists (select 1 from "public"."users") or exists (select 1 from "public"."students") as present'),
  );
  return rows[0]?.present ?? false;
}

/**
 * The academies module's commands for the academy's row (its `createAcademyRow`, `updateAcademyIdentity`):
 * academies stands above backups, so the caller (the CLI) hands them in.
 */
export type AcademyRowCommands = {
  createAcademyRow: CreateAcademyRow;
  updateAcademyIdentity: (tx: DbExecutor, academyId: string, identity: { name: string; city: string | null; language: string }) => Promise<void>;
};

export type ImportResult = {
  academyId: string;
  slug: string;
  /** The safety backup made before a one-academy installation's data was replaced. */
  safetyBackup?: string;
  /** False when the archive was signed by another server (a move between deployments). */
  signed: boolean;
  manifest: Manifest;
};

/**
 * Imports an academy's archive. Hosted (`many`): as a NEW academy at `slug` (default: the archive's),
 * every id replaced, next to the academies already there; a taken slug is refused. One academy: as the
 * installation's academy, replacing its data (only with `replace` when it has any, e.g. the demo),
 * after a safety backup of it. The archive is checked completely first; an archive signed by another
 * server is accepted (moving an academy between deployments is what this command is for) and the
 * audit log records that.
 */
export async function importAcademy(
  db: Db,
  paths: BackupPaths,
  keys: ServerKeys,
  options: { hosting: HostingMode; file: string; slug?: string; replace?: boolean; onProgress?: OnProgress; academies: AcademyRowCommands },
): Promise<ImportResult> {
  if (options.slug !== undefined && !SLUG_PATTERN.test(options.slug)) {
    throw new TransferError(`"${options.slug}" cannot be an address: use 1 to 40 lower case letters, digits and hyphens, not starting or ending with a hyphen.`);
  }
  if (!fs.existsSync(options.file) || !fs.statSync(options.file).isFile()) throw new TransferError(`There is no archive at ${options.file}.`);
  const staged = await stageBackup(options.file, paths, keys, { trustUnsigned: true, anyAcademy: true });
  try {
    const { manifest } = staged;
    if (options.hosting === 'many') {
      const slug = options.slug ?? manifest.academy?.slug;
      if (!slug) throw new TransferError('This archive was made before academies had addresses: give the new academy one with --slug.');
      if (!SLUG_PATTERN.test(slug)) throw new TransferError(`The archive's address "${slug}" cannot be used here: give one with --slug.`);
      if (await academyBySlug(db, slug)) throw new TransferError(`The address "${slug}" is taken by another academy here. Choose another with --slug.`);
      const name = manifest.academy?.name ?? slug;
      const { academyId } = await restoreStagedBackup(db, paths, staged, options.onProgress, {
        asNew: { slug, name, city: manifest.academy?.city ?? null, language: manifest.academy?.language, createRow: options.academies.createAcademyRow },
      });
      return { academyId, slug, signed: staged.signed, manifest };
    }
    const academy = await namedAcademy(db, 'one', undefined);
    if (!options.replace && (await academyHasData(db, academy.id))) {
      throw new TransferError('This installation already has data (people or students). Add --replace to replace all of it with the archive; a backup of it is made first.');
    }
    const safety = await withAcademy(academy.id, () => createBackup(db, academyBackupPaths(paths, academy.id), keys, { kind: 'manual' }));
    await withAcademy(academy.id, () => restoreStagedBackup(db, paths, staged, options.onProgress));
    if (manifest.academy) {
      // The academy keeps its place (slug) here; its name comes with it.
      const { name, city, language } = manifest.academy;
      await withoutAcademy(() => options.academies.updateAcademyIdentity(db, academy.id, { name, city: city ?? null, language: language ?? 'en' }));
    }
    return { academyId: academy.id, slug: academy.slug, safetyBackup: safety.file, signed: staged.signed, manifest };
  } catch (error) {
    discardStagedBackup(staged);
    throw error;
  }
}
