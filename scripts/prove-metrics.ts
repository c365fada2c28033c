// npm run proof:metrics (issue 52): the real Prometheus scrapes the built server while a browser clicks
// through the app, and the figures must move. Installs Debian's `prometheus` when it is missing (as
// root), runs its binary itself (never its service) with a throw-away configuration and storage on
// loopback ports, starts the built server on a throw-away DATA_DIR with METRICS_TOKEN, checks
// deploy/prometheus/alerts.yml with promtool, prints the figures, cleans up, exits non-zero on failure.
// Not part of npm test (it needs apt).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const alertsFile = path.join(root, 'deploy/prometheus/alerts.yml');
const alertTestsFile = path.join(root, 'deploy/prometheus/alerts.test.yml');
const ADMIN = { email: 'admin@demo.academy', password: 'latur-demo-2026' };
const SCRAPE_SECONDS = 2;

const cleanups: (() => Promise<void> | void)[] = [];
let failures = 0;

function check(ok: boolean, what: string) {
  console.log(`${ok ? '  ok  ' : '  FAIL'}  ${what}`);
  if (!ok) failures += 1;
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env, cwd: root });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

function ensurePrometheus() {
  if (onPath('prometheus') && onPath('promtool')) return;
  if (process.getuid?.() !== 0) throw new Error('Debian\'s prometheus is not installed: run `apt-get update && apt-get install -y prometheus` as root, or this script as root');
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'prometheus'], { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });
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

/** Starts a child whose output is kept (printed on failure); stopping it sends SIGTERM and waits, then SIGKILL. */
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

/** `promtool check metrics` on a scrape's text (issue 71): no lint complaint at all. */
function promtoolCheckMetrics(text: string, what: string) {
  const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  const complaints = `${checked.stdout}${checked.stderr}`.trim();
  check(checked.status === 0 && complaints === '', `promtool check metrics (${what})${complaints ? `: ${complaints}` : ''}`);
}

/**
 * ACADEMY_HOSTING=many (issue 71): a second built server with a base domain, scraped as Prometheus does,
 * by its IP address (no academy's name); the text must carry every academy's backup figures by slug and
 * pass promtool. Needs GET /metrics to answer at an address (the hosting layer's change of the same issue).
 */
async function proveHosted(token: string) {
  const port = await freePort();
  const dataDir = path.join(os.tmpdir(), `academy-metrics-proof-many-${randomBytes(4).toString('hex')}`);
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  console.log(`\nHosted mode: the built server with ACADEMY_HOSTING=many on 127.0.0.1:${port} …`);
  const server = start('the hosted server', process.execPath, ['scripts/start.mjs', 'server'], {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    METRICS_TOKEN: token,
    ACADEMY_HOSTING: 'many',
    BASE_DOMAIN: 'academy.test',
    LOG_LEVEL: 'warn',
  });
  try {
    await waitFor('the hosted server', 600_000, async () => {
      if (server.child.exitCode !== null) throw new Error(`the hosted server exited:\n${server.output()}`);
      return (await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { host: 'academy.test' } })).ok;
    });
  } catch (error) {
    console.log(server.output());
    throw error;
  }
  const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  check(scraped.status === 200, `GET http://127.0.0.1:${port}/metrics (by address, hosted mode): ${scraped.status}`);
  const text = await scraped.text();
  if (scraped.status !== 200) return;
  check(/^academy_backups\{academy="[a-z0-9-]+"\} /m.test(text), 'academy_backups is labelled by academy slug');
  promtoolCheckMetrics(text, 'many academies');
}

async function main() {
  ensurePrometheus();

  console.log('\nAlerting rules (deploy/prometheus/alerts.yml):');
  run('promtool', ['check', 'rules', alertsFile]);
  run('promtool', ['test', 'rules', alertTestsFile]);

  const [appPort, promPort] = [await freePort(), await freePort()];
  const token = randomBytes(24).toString('hex');
  // Not created here: the server makes it (the bundled PostgreSQL's user must be able to enter it).
  const dataDir = path.join(os.tmpdir(), `academy-metrics-proof-${randomBytes(4).toString('hex')}`);
  const promDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-prometheus-'));
  cleanups.push(() => fs.rmSync(promDir, { recursive: true, force: true }), () => fs.rmSync(dataDir, { recursive: true, force: true }));

  console.log(`\nStarting the built server on 127.0.0.1:${appPort} (DATA_DIR ${dataDir}; builds first if its sources are newer) …`);
  const server = start('the server', process.execPath, ['scripts/start.mjs', 'server'], {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    METRICS_TOKEN: token,
    LOG_LEVEL: 'warn',
  });
  const appUrl = `http://127.0.0.1:${appPort}`;
  try {
    await waitFor('the server', 600_000, async () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
      return (await fetch(`${appUrl}/api/health`)).ok;
    });
  } catch (error) {
    console.log(server.output());
    throw error;
  }

  console.log('\nGET /metrics by hand:');
  const noToken = await fetch(`${appUrl}/metrics`);
  check(noToken.status === 401, `without the token: ${noToken.status}`);
  const wrongToken = await fetch(`${appUrl}/metrics`, { headers: { authorization: `Bearer ${token}x` } });
  check(wrongToken.status === 401, `with another token: ${wrongToken.status}`);
  const withToken = await fetch(`${appUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  check(withToken.status === 200, `with the token: ${withToken.status}, ${withToken.headers.get('content-type')}`);
  promtoolCheckMetrics(await withToken.text(), 'one academy');

  const tokenFile = path.join(promDir, 'academy-metrics-token');
  fs.writeFileSync(tokenFile, token, { mode: 0o600 });
  const configFile = path.join(promDir, 'prometheus.yml');
  fs.writeFileSync(
    configFile,
    [
      'global:',
      `  scrape_interval: ${SCRAPE_SECONDS}s`,
      `  scrape_timeout: ${SCRAPE_SECONDS}s`,
      `  evaluation_interval: ${SCRAPE_SECONDS}s`,
      'rule_files:',
      `  - ${JSON.stringify(alertsFile)}`,
      'scrape_configs:',
      '  - job_name: academy',
      '    authorization:',
      '      type: Bearer',
      `      credentials_file: ${JSON.stringify(tokenFile)}`,
      '    static_configs:',
      `      - targets: ['127.0.0.1:${appPort}']`,
      '',
    ].join('\n'),
  );
  run('promtool', ['check', 'config', configFile]);

  console.log(`\nStarting Prometheus on 127.0.0.1:${promPort}, scraping every ${SCRAPE_SECONDS} s …`);
  const prometheus = start('Prometheus', 'prometheus', [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(promDir, 'data')}`, `--web.listen-address=127.0.0.1:${promPort}`, '--log.level=warn'], process.env);
  const promUrl = `http://127.0.0.1:${promPort}`;
  try {
    await waitFor('Prometheus', 60_000, async () => {
      if (prometheus.child.exitCode !== null) throw new Error(`Prometheus exited:\n${prometheus.output()}`);
      return (await fetch(`${promUrl}/-/ready`)).ok;
    });
  } catch (error) {
    console.log(prometheus.output());
    throw error;
  }

  /** The query's single value (NaN when it has none). */
  const query = async (expression: string): Promise<number> => {
    const values = await queryAll(expression);
    return values.length === 1 ? values[0]!.value : NaN;
  };
  const queryAll = async (expression: string): Promise<{ labels: Record<string, string>; value: number }[]> => {
    const response = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expression)}`);
    const body = (await response.json()) as { status: string; error?: string; data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
    if (body.status !== 'success') throw new Error(`${expression}: ${body.error}`);
    return body.data.result.map((result) => ({ labels: result.metric, value: Number(result.value[1]) }));
  };

  await waitFor('a successful scrape (up{job="academy"} == 1)', 60_000, async () => (await query('up{job="academy"}')) === 1);
  const REQUESTS = 'sum(academy_http_requests_total{route!="/metrics"})';
  const before = await query(REQUESTS);
  console.log(`\nRequests counted before the browser (scrapes left out): ${before}`);

  console.log('\nA headless Chromium signs in as the demo admin and clicks through the app …');
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  cleanups.push(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Email or student ID', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/app/dashboard', { timeout: 60_000 });
  console.log(`  ${page.url()}`);
  const screens = { Batches: '/app/batches', Students: '/app/students', Teachers: '/app/teachers', Fees: '/app/fees', Activity: '/app/activity', Dashboard: '/app/dashboard' };
  for (const [name, screen] of Object.entries(screens)) {
    await page.getByRole('link', { name, exact: true }).first().click();
    await page.waitForURL(`**${screen}`);
    await page.waitForLoadState('networkidle');
    console.log(`  clicked ${name}: ${page.url()}`);
  }
  await browser.close();

  // Two more scrapes after the last click.
  await new Promise((resolve) => setTimeout(resolve, (2 * SCRAPE_SECONDS + 1) * 1000));
  const after = await query(REQUESTS);

  console.log('\nFigures, as Prometheus has them:');
  check((await query('up{job="academy"}')) === 1, 'up{job="academy"} == 1');
  check(after > before, `${REQUESTS}: ${before} → ${after} (+${after - before}) while the browser clicked`);
  check((await query('academy_database_up')) === 1, 'academy_database_up == 1');
  const routes = await queryAll('topk(12, sum by (method, route, status_code) (academy_http_requests_total{route!="/metrics"}))');
  console.log('  busiest routes (method, route pattern, status: requests so far):');
  for (const { labels, value } of routes) console.log(`    ${labels.method} ${labels.route} ${labels.status_code}: ${Math.round(value)}`);
  check(routes.length > 0 && routes.every(({ labels }) => !/[0-9a-f]{8}-[0-9a-f]{4}-/.test(labels.route ?? '')), 'route labels are patterns (no ids in them)');
  const p95 = await query('histogram_quantile(0.95, sum by (le) (rate(academy_http_request_duration_seconds_bucket[5m])))');
  console.log(`  95th percentile latency (5 min): ${(p95 * 1000).toFixed(1)} ms`);
  const show = async (label: string, expression: string, format: (value: number) => string = String) => console.log(`  ${label}: ${format(await query(expression))}`);
  const mb = (value: number) => `${(value / 1e6).toFixed(1)} MB`;
  await show('database pool (connections / idle / waiting)', 'academy_db_pool_connections');
  await show('  idle', 'academy_db_pool_idle_connections');
  await show('  waiting', 'academy_db_pool_waiting_requests');
  for (const { labels, value } of await queryAll('sum by (state) (academy_jobs)')) console.log(`  jobs ${labels.state}: ${value}`);
  await show('oldest waiting job (s)', 'academy_jobs_oldest_waiting_age_seconds');
  for (const { labels, value } of await queryAll('sum by (status) (academy_family_messages) > 0')) console.log(`  family messages (7 days) ${labels.status}: ${value}`);
  await show('oldest queued family message (s)', 'academy_family_messages_oldest_queued_age_seconds');
  await show('stored files', 'academy_file_storage_files');
  await show('stored files bytes', 'academy_file_storage_bytes');
  await show('DATA_DIR file system size', 'academy_data_dir_filesystem_size_bytes', mb);
  await show('DATA_DIR file system free', 'academy_data_dir_filesystem_free_bytes', mb);
  for (const { labels, value } of await queryAll('academy_backups')) console.log(`  backups of ${labels.academy}: ${value}`);
  await show('off-site backup failed', 'academy_backup_offsite_failed');
  await show('resident memory', 'process_resident_memory_bytes', mb);
  const rules = (await (await fetch(`${promUrl}/api/v1/rules`)).json()) as { data: { groups: { rules: unknown[] }[] } };
  const ruleCount = rules.data.groups.reduce((sum, group) => sum + group.rules.length, 0);
  check(ruleCount > 0, `Prometheus loaded ${ruleCount} alerting rules from deploy/prometheus/alerts.yml`);
  const alerts = (await (await fetch(`${promUrl}/api/v1/alerts`)).json()) as { data: { alerts: { labels: { alertname: string }; state: string }[] } };
  console.log(`  alerts pending or firing: ${alerts.data.alerts.map((alert) => `${alert.labels.alertname} (${alert.state})`).join(', ') || 'none'}`);

  await proveHosted(token);
}

async function cleanUp() {
  // Last started, first stopped: the browser, Prometheus, the server, then their folders.
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
    console.log(failures === 0 ? '\nMetrics proof: passed' : `\nMetrics proof: FAILED (${failures})`);
    process.exit(failures === 0 ? 0 : 1);
  });
