/**
 * Backups (issue 23, decision 021; one academy's since issue 55), one use case a file: where they live
 * (backup-paths), made (create-backup), listed, deleted and uploaded ones taken in (backup-list), checked
 * before a restore (stage-backup), restored (restore-backup), the daily automatic one (automatic-backup),
 * and the leftovers of a killed run removed at start (remove-leftovers). This file keeps the names the
 * routes, the CLI and the tests import.
 */
export { DAMAGED_MESSAGE } from './backup-archive';
export { academyBackupPaths, academyFilesDir, appVersion, existingBackupFile, poolOf, type BackupPaths, type OnProgress } from './backup-paths';
export { createBackup, type AcademyRef } from './create-backup';
export { adoptUploadedBackup, deleteBackup, everyAcademysBackups, getBackupSummary, listBackups } from './backup-list';
export { discardStagedBackup, stageBackup, type StagedBackup } from './stage-backup';
export { restoreBackupFile, restoreStagedBackup, type NewAcademy } from './restore-backup';
export { automaticBackupTask, nextAutomaticBackupAt, runAutomaticBackupIfDue, type AutomaticRunResult } from './automatic-backup';
export { removeLeftovers } from './remove-leftovers';
