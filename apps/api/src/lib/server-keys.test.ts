import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDataDir } from '../doctor/doctor-checks';
import { loadServerSecret } from './server-keys';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-server-keys-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('loadServerSecret without APP_SECRET', () => {
  it('makes an absent DATA_DIR that other users cannot list, so the doctor accepts it (issue 71: backup:restore-remote on a new machine)', () => {
    const dataDir = path.join(scratch, 'new', 'data');
    const secret = loadServerSecret({ appSecret: undefined, dataDir });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const stat = fs.statSync(dataDir);
    expect(stat.mode & 0o006).toBe(0);
    const verdicts = checkDataDir({ path: dataDir, exists: true, isDirectory: true, mode: stat.mode, ownerUid: stat.uid, currentUid: stat.uid, writable: true, freeBytes: 1e12, totalBytes: 2e12 });
    expect(verdicts.filter((verdict) => verdict.status === 'fail')).toEqual([]);
    expect(fs.statSync(path.join(dataDir, 'server-secret')).mode & 0o777).toBe(0o600);
    // Kept: the same secret next time.
    expect(loadServerSecret({ appSecret: undefined, dataDir })).toBe(secret);
  });
});
