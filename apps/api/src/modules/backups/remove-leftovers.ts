import fs from 'node:fs';
import path from 'node:path';
import { RESTORED_FOLDER_INFIX } from './academy-restore';
import type { BackupPaths } from './backup-paths';

/**
 * Leftovers of a process killed mid-backup or mid-restore (hidden work folders), removed at start.
 * A kill between the two renames of the files swap (the database already restored) leaves no files
 * folder: the restored files are then put in place first.
 */
export function removeLeftovers(paths: BackupPaths): void {
  const parent = path.dirname(paths.filesDir);
  if (!fs.existsSync(paths.filesDir) && fs.existsSync(parent)) {
    const pending = fs.readdirSync(parent).filter((name) => name.startsWith('.restore-') && fs.existsSync(path.join(parent, name, 'files')));
    if (pending.length === 1) fs.renameSync(path.join(parent, pending[0]!, 'files'), paths.filesDir);
  }
  // One academy's restore killed between its two renames (academy-restore.ts): its restored folder goes in place.
  if (fs.existsSync(parent)) {
    for (const name of fs.readdirSync(parent).filter((entry) => entry.startsWith('.restore-'))) {
      for (const inside of fs.readdirSync(path.join(parent, name))) {
        const academyId = inside.startsWith(`files${RESTORED_FOLDER_INFIX}`) ? inside.slice(`files${RESTORED_FOLDER_INFIX}`.length) : undefined;
        if (!academyId || !/^[0-9a-f-]{36}$/.test(academyId) || fs.existsSync(path.join(paths.filesDir, academyId))) continue;
        fs.mkdirSync(paths.filesDir, { recursive: true });
        fs.renameSync(path.join(parent, name, inside), path.join(paths.filesDir, academyId));
      }
    }
  }
  for (const [folder, prefixes] of [
    [paths.backupsDir, ['.work-', '.academy-', '.upload-']],
    [path.dirname(paths.filesDir), ['.restore-', '.files-replaced-']],
  ] as const) {
    if (!fs.existsSync(folder)) continue;
    for (const name of fs.readdirSync(folder)) {
      if (prefixes.some((prefix) => name.startsWith(prefix))) fs.rmSync(path.join(folder, name), { recursive: true, force: true });
    }
  }
}
