import fs from 'node:fs';
import path from 'node:path';

export type LockHolder = { pid: number; kind: string; startedAt: string };

export type InstanceLock = { release(): void };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // After a reboot the pid may belong to an unrelated program: only a Node process counts.
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc (macOS): trust the pid
  }
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Who holds DATA_DIR right now, if anyone alive does. */
export function currentLockHolder(dataDir: string): LockHolder | undefined {
  const holder = readHolder(path.join(dataDir, 'academy.lock'));
  return holder && isAlive(holder.pid) ? holder : undefined;
}

/**
 * One process at a time owns DATA_DIR (and the bundled PostgreSQL in it). A lock left behind by a
 * process that died (kill -9, power cut) is recognised by its dead pid and taken over.
 * Returns the live holder instead of a lock when someone else has it.
 */
export function acquireInstanceLock(dataDir: string, kind: string): InstanceLock | { heldBy: LockHolder } {
  const lockPath = path.join(dataDir, 'academy.lock');
  const mine: LockHolder = { pid: process.pid, kind, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o644);
      fs.writeSync(fd, JSON.stringify(mine));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return {
        release() {
          if (readHolder(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder && isAlive(holder.pid)) return { heldBy: holder };
      // Stale: move it aside atomically so two starters cannot both delete a fresh lock.
      const aside = `${lockPath}.stale-${process.pid}`;
      try {
        fs.renameSync(lockPath, aside);
        fs.rmSync(aside, { force: true });
      } catch {
        // someone else moved it first; try again
      }
    }
  }
  throw new Error(`Could not take the lock ${lockPath}; remove it if no Academy process is running.`);
}
