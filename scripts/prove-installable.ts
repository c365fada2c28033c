// npm run proof:installable (issue 78, decision 085): Lighthouse finds two academies of one deployment
// installable, each with its own icons, maskable included. Starts the built server with ACADEMY_HOSTING=many
// (BASE_DOMAIN=localhost, a throw-away DATA_DIR, a free port; or uses one already running: PROOF_URL=
// http://localhost:PORT of a many-academies server, whose outbox is $PROOF_DATA_DIR/outbox), starts two
// academies through the sign-up page in Chromium, gives each its own logo and colour, and runs Lighthouse
// 11's `installable-manifest` and `maskable-icon` audits (Lighthouse 12 removed them) on each academy's
// address with Debian's Chromium, offline. Prints each audit and each manifest's icons; exits non-zero on
// failure. Not part of npm test. Needs Lighthouse 11 (the devDependency `lighthouse11`: npm:lighthouse@11, else `npx --yes lighthouse@11`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PASSWORD = 'Latur-Owner-2026';

const cleanups: (() => Promise<void> | void)[] = [];
let failures = 0;

function check(ok: boolean, what: string) {
  console.log(`${ok ? '  ok  ' : '  FAIL'}  ${what}`);
  if (!ok) failures += 1;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, timeoutMs: number, probe: () => Promise<boolean>) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
    console.log(`stopped ${name} (pid ${child.pid})`);
  });
  return { child, output: () => output };
}

/** The sign-up code mailed to `to` (the server writes mails to DATA_DIR/outbox without SMTP). */
async function signupCode(outbox: string, to: string, since: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml') && !name.startsWith('.')) : [];
    for (const name of files.sort().reverse()) {
      const file = path.join(outbox, name);
      if (fs.statSync(file).mtimeMs < since - 1000) continue;
      const raw = fs.readFileSync(file, 'utf8');
      if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
      const code = /(\d{6}) is your code to start your academy/.exec(raw.replace(/=\r?\n/g, ''))?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no sign-up code mailed to ${to} in ${outbox}`);
}

type Academy = { name: string; slug: string; colour: string; logo: string };

/** Starts an academy through the sign-up page and gives it its logo and colour; its address. */
async function startAcademy(browser: Browser, base: string, outbox: string, academy: Academy): Promise<string> {
  const context = await browser.newContext({ baseURL: base });
  cleanups.push(() => context.close());
  const page: Page = await context.newPage();
  const email = `${academy.slug}@example.com`;
  await page.goto('/start');
  await page.getByLabel('Your name').fill('Owner');
  await page.getByLabel('Email').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code from the mail').fill(await signupCode(outbox, email, since));
  await page.getByLabel('Choose a password').fill(PASSWORD);
  await page.getByLabel('Academy name').fill(academy.name);
  await page.getByLabel('Street address').fill('Shivaji Chowk');
  await page.getByLabel('City').fill('Latur');
  await page.getByLabel('Academy phone').fill('9822012345');
  await page.getByLabel('Web address').fill(academy.slug);
  await page.getByRole('button', { name: 'Start my academy' }).click();
  await page.waitForURL(/\/app\/dashboard$/, { timeout: 60_000 });
  const answer = await page.evaluate(
    async ({ colour, shortName, svg }) => {
      const form = new FormData();
      form.append('colour', colour);
      form.append('shortName', shortName);
      form.append('logo', new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg');
      const response = await fetch('/api/admin/settings/brand', { method: 'PUT', body: form });
      return { status: response.status, body: await response.text() };
    },
    { colour: academy.colour, shortName: academy.name.split(' ')[0]!, svg: academy.logo },
  );
  check(answer.status === 200, `${academy.slug}: brand saved (${academy.colour}, its own logo)${answer.status === 200 ? '' : `: ${answer.body}`}`);
  return new URL(page.url()).origin;
}

type Audit = { score: number | null; title: string; details?: { items?: { reason?: string }[] } };

/** Lighthouse 11's two audits on `url`, Chromium headless and offline. */
function lighthouse(url: string): Record<'installable-manifest' | 'maskable-icon', Audit> {
  const out = path.join(os.tmpdir(), `lighthouse-${randomBytes(4).toString('hex')}.json`);
  cleanups.push(() => fs.rmSync(out, { force: true }));
  // Lighthouse 11 itself: the project's own lighthouse (12, for the performance budgets) has no PWA audits.
  const local = path.join(root, 'node_modules/lighthouse11/cli/index.js');
  const [command, prefix] = fs.existsSync(local) ? [process.execPath, [local]] : ['npx', ['--yes', 'lighthouse@11']];
  const result = spawnSync(command, [...prefix, url, '--only-audits=installable-manifest,maskable-icon', '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${CHROME_FLAGS.join(' ')}`], {
    // Outside the project, so npx does not take the project's lighthouse 12.
    cwd: os.tmpdir(),
    env: { ...process.env, CHROME_PATH: CHROME },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse ${url} exited with ${result.status ?? result.signal}:\n${result.stderr}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as { lighthouseVersion: string; runtimeError?: { message: string }; audits: Record<string, Audit> };
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  console.log(`  (Lighthouse ${report.lighthouseVersion})`);
  if (!report.lighthouseVersion.startsWith('11.')) throw new Error(`Lighthouse ${report.lighthouseVersion} has no installable-manifest audit: Lighthouse 11 is needed`);
  return report.audits as Record<'installable-manifest' | 'maskable-icon', Audit>;
}

async function main() {
  let base = process.env.PROOF_URL;
  let outbox = path.join(process.env.PROOF_DATA_DIR ?? '', 'outbox');
  if (!base) {
    const port = await freePort();
    const dataDir = path.join(os.tmpdir(), `academy-installable-proof-${randomBytes(4).toString('hex')}`);
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    outbox = path.join(dataDir, 'outbox');
    console.log(`Starting the built server (ACADEMY_HOSTING=many, BASE_DOMAIN=localhost) on 127.0.0.1:${port}, DATA_DIR ${dataDir} …`);
    const server = start('the server', process.execPath, ['scripts/start.mjs', 'server'], {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ACADEMY_HOSTING: 'many',
      BASE_DOMAIN: 'localhost',
      LOG_LEVEL: 'warn',
    });
    base = `http://localhost:${port}`;
    try {
      await waitFor('the server', 600_000, async () => {
        if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      });
    } catch (error) {
      console.log(server.output());
      throw error;
    }
  }

  const token = randomBytes(3).toString('hex');
  const academies: Academy[] = [
    { name: 'Shree Classes', slug: `shree-${token}`, colour: '#0b7285', logo: '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><path d="M100 10 L180 40 V100 C180 146 144 180 100 190 C56 180 20 146 20 100 V40 Z" fill="#e8590c"/></svg>' },
    { name: 'Vidya Academy', slug: `vidya-${token}`, colour: '#862e9c', logo: '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="90" fill="#2b8a3e"/></svg>' },
  ];
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.filter((flag) => flag !== '--headless') });
  cleanups.push(() => browser.close());
  const addresses: string[] = [];
  for (const academy of academies) addresses.push(await startAcademy(browser, base, outbox, academy));

  const iconsSeen: string[][] = [];
  for (const [index, address] of addresses.entries()) {
    console.log(`\n${academies[index]!.name} at ${address}/`);
    const audits = lighthouse(`${address}/`);
    for (const id of ['installable-manifest', 'maskable-icon'] as const) {
      const audit = audits[id];
      const reasons = (audit.details?.items ?? []).map((item) => item.reason).filter(Boolean);
      check(audit.score === 1, `${id}: ${audit.title}${reasons.length ? ` (${reasons.join('; ')})` : ''}`);
    }
    // Its manifest, as the browser reads it at its address: its own icons (the addresses carry its logo's hash).
    const page = await browser.newPage();
    await page.goto(`${address}/`);
    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json() as Promise<{ theme_color: string; icons: { src: string; sizes: string; purpose: string }[] }>);
    await page.close();
    check(manifest.theme_color === academies[index]!.colour, `theme_color ${manifest.theme_color}`);
    for (const icon of manifest.icons) console.log(`        ${icon.sizes} ${icon.purpose}: ${icon.src}`);
    iconsSeen.push(manifest.icons.map((icon) => icon.src));
  }
  check(iconsSeen.length === 2 && iconsSeen[0]!.every((src) => !iconsSeen[1]!.includes(src)), 'the two academies share no icon');
}

async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch((error: Error) => console.error(`cleanup: ${error.message}`));
}

process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
main()
  .catch((error: Error) => {
    console.error(`\n${error.message}`);
    failures += 1;
  })
  .finally(async () => {
    await cleanUp();
    console.log(failures === 0 ? '\nInstallable proof: passed' : `\nInstallable proof: FAILED (${failures})`);
    process.exit(failures === 0 ? 0 : 1);
  });
