import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths';

/*
 * `npm start` stops when its npm is sent SIGTERM (issue 71: Docker and supervisors signal the process
 * they started, npm; npm passes the signal to the shell running the script line, and a shell that
 * forked node died alone, leaving the server and its PostgreSQL running). The script lines are the
 * root package.json's own, run by the real npm; scripts/start.mjs is a stand-in that does what the
 * server does on SIGTERM (stop its PostgreSQL, then leave), so no build is needed. The server's own
 * shutdown is exercised by the crash proof and the end-to-end run's SIGTERM.
 */
const STAND_IN = `
import { spawn } from 'node:child_process';
import fs from 'node:fs';
const postgres = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
process.once('SIGTERM', () => {
  postgres.once('exit', () => process.exit(0));
  postgres.kill('SIGTERM');
});
// Written once SIGTERM is handled: the test signals as soon as it reads this.
fs.writeFileSync(process.env.PIDS_FILE, JSON.stringify({ server: process.pid, postgres: postgres.pid, mode: process.argv[2] }));
setInterval(() => {}, 1000);
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe('npm start and npm run academy pass SIGTERM on (issue 71)', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-npm-start-'));
  const left: number[] = [];
  afterAll(() => {
    for (const pid of left) if (alive(pid)) process.kill(pid, 'SIGKILL');
    fs.rmSync(folder, { recursive: true, force: true });
  });

  for (const [script, mode] of [['start', 'server'], ['academy', 'cli']] as const) {
    it(`npm ${script === 'start' ? 'start' : 'run academy'}: SIGTERM to npm stops the ${mode} and its PostgreSQL`, async () => {
      const scripts = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
      fs.mkdirSync(path.join(folder, 'scripts'), { recursive: true });
      fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'stand-in', private: true, type: 'module', scripts: { [script]: scripts[script] } }));
      fs.writeFileSync(path.join(folder, 'scripts', 'start.mjs'), STAND_IN);
      const pidsFile = path.join(folder, `${script}.json`);
      const npm = spawn('npm', ['run', '--silent', script], { cwd: folder, env: { ...process.env, PIDS_FILE: pidsFile }, stdio: 'ignore' });
      left.push(npm.pid!);
      const npmExited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
      expect(await until(() => fs.existsSync(pidsFile) && fs.readFileSync(pidsFile, 'utf8').endsWith('}'), 20_000)).toBe(true);
      const pids = JSON.parse(fs.readFileSync(pidsFile, 'utf8')) as { server: number; postgres: number; mode: string };
      left.push(pids.server, pids.postgres);
      expect(pids.mode).toBe(mode);

      npm.kill('SIGTERM');
      await npmExited;
      expect(await until(() => !alive(pids.server) && !alive(pids.postgres), 5_000), `still running: server ${alive(pids.server)}, PostgreSQL ${alive(pids.postgres)}`).toBe(true);
    });
  }
});
