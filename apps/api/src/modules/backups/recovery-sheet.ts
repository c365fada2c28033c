import { sql } from 'drizzle-orm';
import { OFFSITE_MESSAGES } from '@academy/shared/schemas/backups';
import { type Db, thisAcademy } from '../../db/client';
import { offsiteBackupSettings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServerKeys } from '../../lib/server-keys';
import { academyToday } from '../../academy-settings';
import { recordAudit, type AuditActor } from '../audit';
import { formatArchiveKey } from './offsite-crypto';
import { SECRET_CONTEXT } from './offsite-bucket';
import { openStoredKey } from './offsite-settings';

/**
 * GET /api/admin/settings/backups/recovery-sheet: the recovery key as text, with what to do with it.
 * Given once (then 409): a sheet that can be fetched again is a key anyone signed in as admin can take.
 */
export async function takeRecoverySheet(db: Db, keys: ServerKeys, actor: AuditActor, academyName: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(offsiteBackupSettings).where(thisAcademy(offsiteBackupSettings)).for('update');
    if (!row?.enabled) throw new AppError('NOT_FOUND', OFFSITE_MESSAGES.notConfigured);
    if (row.recoverySheetDownloadedAt) throw new AppError('CONFLICT', OFFSITE_MESSAGES.sheetGone);
    const archiveKey = openStoredKey(keys, SECRET_CONTEXT.archiveKey, row.archiveKeySealed);
    if (archiveKey === undefined) throw new AppError('CONFLICT', 'The recovery key stored on this server no longer opens (APP_SECRET changed).');
    await tx.update(offsiteBackupSettings).set({ recoverySheetDownloadedAt: sql`now()` });
    await recordAudit(tx, actor, { action: 'settings.update', entityType: 'settings', entityId: null, text: { key: 'settings.backups_recovery_sheet' } });
    return recoverySheetText({ academyName, printedOn: await academyToday(tx), key: Buffer.from(archiveKey, 'hex'), keyId: row.archiveKeyId, endpoint: row.endpoint, region: row.region, bucket: row.bucket, prefix: row.prefix, forcePathStyle: row.forcePathStyle });
  });
}

export function recoverySheetText(sheet: { academyName: string; printedOn: string; key: Buffer; keyId: string; endpoint: string; region: string; bucket: string; prefix: string; forcePathStyle: boolean }): string {
  return [
    `ACADEMY BACKUP RECOVERY SHEET — ${sheet.academyName}`,
    `Printed ${sheet.printedOn}. Keep this sheet somewhere safe, away from the server (a locked drawer, a password manager).`,
    '',
    `Recovery key: ${formatArchiveKey(sheet.key)}`,
    `Key id: ${sheet.keyId}`,
    '',
    'What this key is',
    '- Every backup Academy copies to your bucket is encrypted with this key (AES-256-GCM) before it leaves the server.',
    '- Without this key nobody can read those backups: not you, not the bucket’s owner or provider, not Academy’s makers.',
    '- The server keeps its own copy of the key, but that copy is lost with the machine (a dead disk, a stolen computer).',
    '  This sheet is then the only way to get your academy back. It is shown once and cannot be downloaded again.',
    '',
    'Where the backups are',
    `- Endpoint: ${sheet.endpoint}`,
    `- Region: ${sheet.region}`,
    `- Bucket: ${sheet.bucket}`,
    `- Folder (prefix): ${sheet.prefix || '(none)'}`,
    `- Path-style addressing: ${sheet.forcePathStyle ? 'yes' : 'no'}`,
    '- The access keys are not on this sheet: find or create them in your storage provider’s console.',
    '',
    'How to restore onto a new, empty machine',
    '1. Install Academy (see its README) with an empty data folder; keep the same APP_SECRET if you still have it.',
    '2. Save this sheet as a text file, e.g. recovery-sheet.txt (or type the key into it).',
    '3. With the bucket’s access keys in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, run:',
    `   npm run academy -- backups:restore-remote --endpoint ${sheet.endpoint} --region ${sheet.region} --bucket ${sheet.bucket}${sheet.prefix ? ` --prefix ${sheet.prefix}` : ''}${sheet.forcePathStyle ? ' --force-path-style' : ''} --key-file recovery-sheet.txt`,
    '   It lists the backups in the bucket; add --backup <name> to restore one (the newest with --latest) and --yes to confirm.',
    '4. Start Academy and sign in as before.',
    '',
  ].join('\n');
}
