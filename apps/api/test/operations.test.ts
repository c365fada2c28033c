import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { connectToRunningBundledPostgres } from '../src/db/bundled-postgres';
import { UNSIGNED_BACKUP_MESSAGE } from '../src/modules/backups/backup-archive';
import { apiRoot } from '../src/paths';
import { readArchive, writeArchiveEntries } from './backup-helpers';

// The real server and CLI as an operator runs them, on a bundled PostgreSQL in a temp DATA_DIR.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-ops-'));
fs.chmodSync(dataDir, 0o711);
const port = 3900 + Math.floor(Math.random() * 90);
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: '' };
const running = new Set<ChildProcess>();

function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: apiRoot, env });
  running.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Academy is running')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  ready.catch(() => {}); // awaited by the tests that expect a start; others only watch the exit
  return { child, ready, exited, output: () => output };
}

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: apiRoot, env, encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

async function login(email: string, password: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

function postmasterRunning() {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  spawnSync('bash', ['-c', `pid=$(head -1 ${dataDir}/pg/postmaster.pid 2>/dev/null) && kill -INT $pid`]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('operating the server and the CLI', () => {
  it('starts, refuses a second server, survives kill -9, and stops cleanly', { timeout: 240_000 }, async () => {
    const first = startServer();
    await first.ready;
    expect(first.output()).toContain('Seeded a demo academy');
    expect(await login('admin@demo.academy', 'latur-demo-2026')).toBe(200);

    // M2 and issue 71: the server serves as a role that is no superuser and owns nothing; the owner role owns the database.
    const asApp = new pg.Client(connectToRunningBundledPostgres(dataDir));
    await asApp.connect();
    const { rows } = await asApp.query(
      `select rolsuper, (select pg_get_userbyid(datdba) from pg_database where datname = current_database()) as owner, current_user as me,
         (select count(*)::int from pg_class where relowner = r.oid) as owns from pg_roles r where rolname = current_user`,
    );
    await asApp.end();
    expect(rows[0]).toEqual({ rolsuper: false, owner: 'academy_owner', me: 'academy_app', owns: 0 });

    // A second server on the same DATA_DIR exits at once, saying why.
    const second = startServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another Academy server \(pid \d+.*\) is already using/);

    // The CLI works while the server runs, through the server's PostgreSQL.
    const created = cli('users:create', '--role', 'teacher', '--name', 'Kavita Shinde', '--email', 'Kavita@Example.com', '--password', 'monsoon-in-latur');
    expect(created.output).toContain('Created teacher Kavita Shinde <kavita@example.com>');
    expect(created.code).toBe(0);
    expect(await login('kavita@example.com', 'monsoon-in-latur')).toBe(200);

    // kill -9: PostgreSQL is orphaned; the next start recovers with no manual step, data intact.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(postmasterRunning()).toBe(true);
    const third = startServer();
    await third.ready;
    expect(third.output()).not.toContain('Seeded a demo academy');
    expect(await login('kavita@example.com', 'monsoon-in-latur')).toBe(200);

    // SIGTERM stops the server and its PostgreSQL cleanly.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(postmasterRunning()).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'academy.lock'))).toBe(false);
  });

  it('runs the CLI with no server running and reports bad input with a non-zero exit', { timeout: 180_000 }, () => {
    const changed = cli('users:set-password', '--email', 'KAVITA@example.com', '--password', 'winter-in-latur');
    expect(changed.output).toContain('Password changed for kavita@example.com');
    expect(changed.code).toBe(0);
    expect(postmasterRunning()).toBe(false);

    const duplicate = cli('users:create', '--role', 'student', '--name', 'Someone', '--email', 'kavita@example.com', '--password', 'another-good-one');
    expect(duplicate.code).toBe(1);
    expect(duplicate.output).toContain('A user with the email kavita@example.com already exists');

    const weak = cli('users:create', '--role', 'student', '--name', 'Someone', '--email', 'someone@example.com', '--password', 'short');
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Password must be at least 8 characters');

    const badRole = cli('users:create', '--role', 'principal', '--name', 'Someone', '--email', 'someone@example.com', '--password', 'another-good-one');
    expect(badRole.code).toBe(1);
    expect(badRole.output).toContain('Unknown role "principal". Use one of: admin, teacher, student, parent.');

    const unknown = cli('users:set-password', '--email', 'nobody@example.com', '--password', 'another-good-one');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No user has the email nobody@example.com');
  });

  it('restores only backups signed by this server, unless --trust-unsigned is given (issue 35, finding 6)', { timeout: 240_000 }, async () => {
    // At least one audit entry to edit, whether or not the tests above ran.
    expect(cli('users:create', '--role', 'admin', '--name', 'Night Operator', '--email', 'night.operator@example.com', '--password', 'backups-at-two').code).toBe(0);
    // The CLI signs and checks with the key kept in DATA_DIR/server-secret (development), as the server does.
    const signed = path.join(dataDir, 'signed.tar.gz');
    const created = cli('backup:create', '--out', signed);
    expect(created.output).toContain(`Backup written to ${signed}`);
    expect(created.code).toBe(0);
    const restored = cli('backup:restore', signed, '--yes');
    expect(restored.output).toContain('Restored the backup of');
    expect(restored.code).toBe(0);

    // An audit entry edited and the table's checksum recomputed, the old signature left as it was.
    const entries = await readArchive(signed);
    const manifestEntry = entries.find((entry) => entry.name === 'manifest.json')!;
    const manifest = JSON.parse(manifestEntry.data.toString('utf8')) as { tables: { name: string; file: string; sha256: string }[] };
    const log = entries.find((entry) => entry.name === 'tables/audit_log.jsonl')!;
    const [first, ...rest] = log.data.toString('utf8').split('\n');
    log.data = Buffer.from([JSON.stringify({ ...JSON.parse(first!), summary: 'Nothing happened here' }), ...rest].join('\n'));
    manifest.tables.find((table) => table.name === 'audit_log')!.sha256 = createHash('sha256').update(log.data).digest('hex');
    manifestEntry.data = Buffer.from(JSON.stringify(manifest));
    const tampered = path.join(dataDir, 'tampered.tar.gz');
    await writeArchiveEntries(tampered, entries);

    const refused = cli('backup:restore', tampered, '--yes');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(UNSIGNED_BACKUP_MESSAGE);
    expect(refused.output).toContain('--trust-unsigned');
    const trusted = cli('backup:restore', tampered, '--yes', '--trust-unsigned');
    expect(trusted.output).toContain('restored because of --trust-unsigned, and recorded in the audit log');
    expect(trusted.code).toBe(0);
  });
});
