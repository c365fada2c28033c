import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { currentAcademyId, FIRST_ACADEMY_ID } from '../../lib/tenancy';
import type { ServerKeys } from '../../lib/server-keys';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  extractArchive,
  fileEntryName,
  InvalidBackupError,
  manifestAcademyId,
  manifestSchema,
  manifestSigner,
  MANIFEST_ENTRY,
  OTHER_ACADEMY_BACKUP_MESSAGE,
  SIGNATURE_ENTRY,
  tableEntryName,
  UNSIGNED_BACKUP_MESSAGE,
  type Manifest,
} from './backup-archive';
import { locateMigration } from './migration-level';
import type { BackupPaths } from './backup-paths';

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
