/**
 * Backups off the machine (issue 52, decision 044), one use case a file: the bucket and its client
 * (offsite-bucket), the settings (offsite-settings), the recovery sheet (recovery-sheet), each backup's
 * copy and its state (offsite-copies), the off-site job's run (sync-offsite) and the bucket's backups
 * for a restore (remote-backups). This file keeps the names the routes, the CLI and the tests import.
 */
export { describeS3Error, MAX_SINGLE_UPLOAD_BYTES, objectKeyFor, s3ClientFor, SECRET_CONTEXT, type OffsiteConfig, type OffsiteSetup } from './offsite-bucket';
export { getBackupSettings, offsiteSetup, testBucket, updateBackupSettings } from './offsite-settings';
export { recoverySheetText, takeRecoverySheet } from './recovery-sheet';
export { markOffsiteForDeletion, offsiteFailuresSql, offsiteStates, queueOffsiteUpload, recordedSha256 } from './offsite-copies';
export { OFFSITE_BACKUP_JOB, OFFSITE_JOB_TIMING, offsiteRetryText, syncOffsite, type SyncResult } from './sync-offsite';
export { downloadRemoteBackup, listRemoteBackups } from './remote-backups';
