import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/** A port nobody listens on, chosen by the system. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * The built app (`npm start`) on a free port with a fresh demo academy in a temporary data folder and
 * the bundled PostgreSQL; stop() ends it (SIGTERM, so PostgreSQL shuts down too) and removes the folder.
 */
export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-web-bench-'));
  // The bundled PostgreSQL runs as its own user when started as root: it must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs', 'server'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    // development: no SMTP needed (mails go to the data folder); the web build is production either way.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('The server did not answer /api/health within 180 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium's flags for every bench run (the same as the e2e tests'; Debian's Chromium, never a download). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Milliseconds from navigation start until a signed-in screen's content shows, issue 56's Contract: its
 * `h1` visible and `main` holding no Mantine skeleton, loader or `aria-busy="true"` (checked on every
 * animation frame in the page itself, so the figure is the page's own clock).
 */
export async function contentShown(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const heading = Array.from(document.querySelectorAll('h1')).find((h1) => h1.checkVisibility());
      const busy = document.querySelector('main .mantine-Skeleton-root[data-visible], main .mantine-Loader-root, main [aria-busy="true"]');
      return heading && document.querySelector('main') && !busy ? performance.now() : false;
    },
    undefined,
    { timeout: 120_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}
