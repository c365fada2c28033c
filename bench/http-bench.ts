/**
 * The HTTP half of `npm run bench`: the real built server (apps/api/dist/server.js, production mode,
 * its own process) on 127.0.0.1, over loopback: autocannon for the saturated rate, pacedRun for a fixed rate.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { checkpointEveryNode } from '../apps/api/test/citus-cluster';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_SERVER_ENTRY: another build's dist/server.js (e.g. of main, to compare on the same data).
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? path.join(root, 'apps/api/dist/server.js');

/** Builds the API (esbuild, a few seconds) when dist/ is missing or older than its sources. */
export function ensureApiBuilt() {
  if (process.env.BENCH_SERVER_ENTRY) return;
  const newest = (entry: string): number => {
    const stat = fs.statSync(entry);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(0, ...fs.readdirSync(entry).map((child) => newest(path.join(entry, child))));
  };
  const sources = ['apps/api/src', 'packages/shared/src'].map((folder) => newest(path.join(root, folder)));
  if (fs.existsSync(serverEntry) && fs.statSync(serverEntry).mtimeMs >= Math.max(...sources)) return;
  console.log('Building the API (apps/api/dist) …');
  const result = spawnSync('npm', ['run', 'build', '-w', '@academy/api'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the API build failed');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL URL for the server's DATABASE_URL: `connection`'s server, another database, optionally as
 * another role (the bundled server listens on a Unix socket).
 */
export function databaseUrl(connection: pg.PoolConfig, database: string, as?: { role: string; password: string }): string {
  if (connection.connectionString) {
    const url = new URL(connection.connectionString);
    url.pathname = `/${database}`;
    if (as) {
      url.username = as.role;
      url.password = as.password;
    }
    return url.toString();
  }
  const user = as?.role ?? connection.user ?? 'postgres';
  const secret = as?.password ?? connection.password;
  const password = typeof secret === 'string' ? `:${encodeURIComponent(secret)}` : '';
  return `postgresql://${encodeURIComponent(user)}${password}@localhost:${connection.port ?? 5432}/${database}?host=${encodeURIComponent(String(connection.host))}`;
}

export type RunningServer = { url: string; process: ChildProcess; stop(): Promise<void> };

/**
 * Starts the built server as production would run it (NODE_ENV=production, request logging at info
 * into a file). `env.DATABASE_URL` unset: the bundled PostgreSQL in `dataDir`.
 * Resolves once GET /api/health answers 200, with the milliseconds that took.
 */
export async function startServer(options: { dataDir: string; databaseUrl?: string; cpuProfileDir?: string; timeoutMs?: number; env?: (port: number) => Record<string, string> }): Promise<RunningServer & { startMs: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o711 });
  const log = fs.openSync(path.join(options.dataDir, 'server.log'), 'a');
  const started = performance.now();
  // BENCH_NODE_FLAGS: Node's own flags for the server, e.g. `--trace-gc` (its lines go to server.log).
  const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeFlags, ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []), serverEntry], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      PUBLIC_URL: url,
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      // Never used: the bench sends no mail, but production insists on a mail server.
      SMTP_URL: 'smtp://127.0.0.1:9',
      LOG_LEVEL: 'info',
      // On a Citus coordinator (npm run proof:citus) the server sets its academy the Citus way (db/client.ts).
      ...(process.env.ACADEMY_CITUS ? { ACADEMY_CITUS: process.env.ACADEMY_CITUS } : {}),
      ...options.env?.(port),
    },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (!exited) child.kill('SIGKILL');
    fs.closeSync(log);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exited) throw new Error(`the server stopped during start-up; see ${path.join(options.dataDir, 'server.log')}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer in time');
    }
    const answer = await fetch(`${url}/api/health`).catch(() => undefined);
    if (answer?.status === 200) return { url, process: child, stop, startMs: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Signs in over HTTP and returns the session cookie. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ email, password }) });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  return cookie;
}

/**
 * One read to measure. `vary(n)`, when given, changes the n-th request's path or cookie (another
 * student, batch or day): a new answer each time, so nothing kept from an earlier request answers it
 * (lib/read-cache.ts).
 */
export type Read = {
  label: string;
  path: string;
  cookie?: string;
  expectStatus?: number;
  host?: string;
  vary?: (n: number) => { path?: string; cookie?: string; host?: string };
  /**
   * Requests (varied as the run's) sent a few at a time before anything is measured. The many-academies
   * bench asks each academy's answer twice, so that it is kept (lib/read-cache.ts keeps an answer at its
   * second asking), as the single academy's saturated phase keeps its one answer (decision 115); their
   * own mean time is reported as the cost of a first asking.
   */
  warmUp?: number;
};
export type ReadResult = { label: string; path: string; bytes: number; saturated: number; rate: number; p50: number; p90: number; p99: number; p99SecondHalf: number; errors: number; wrongStatus: number; cpuMs: number | undefined; postgresCpuMs: number | undefined; benchCpuMs: number; machineBusy: number | undefined; firstAskingMs?: number };

/**
 * CPU time (user + system) the server process has used so far, in ms, from /proc (Linux); the
 * machine's other work barely changes it, unlike latencies, so runs at different loads compare.
 */
export function serverCpuMs(pid: number | undefined): number | undefined {
  if (!pid || !fs.existsSync(`/proc/${pid}/stat`)) return undefined;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * The machine's CPU time so far (every core, from the first line of /proc/stat, in clock ticks): all of it and
 * the idle part; undefined elsewhere than Linux. Two readings give how busy the cores were between them.
 */
export function machineCpuTicks(): { total: number; idle: number } | undefined {
  if (!fs.existsSync('/proc/stat')) return undefined;
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is already in user)
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: ticks.reduce((sum, value) => sum + value, 0), idle: ticks[3]! + ticks[4]! };
}

/** The share (0–1) of the machine's cores busy since `before` (machineCpuTicks), whoever kept them busy. */
export function machineBusySince(before: { total: number; idle: number } | undefined): number | undefined {
  const after = machineCpuTicks();
  if (!before || !after || after.total <= before.total) return undefined;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

/** CPU time (user + system, ms) of each PostgreSQL process on this machine so far, by pid, from /proc; undefined elsewhere. */
export function postgresCpuByProcess(): Map<number, number> | undefined {
  if (!fs.existsSync('/proc/self/stat')) return undefined;
  const byProcess = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const line = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!line.includes('(postgres)')) continue;
      byProcess.set(Number(pid), serverCpuMs(Number(pid)) ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return byProcess;
}

/**
 * PostgreSQL's CPU time (ms) since `before` (postgresCpuByProcess): each process's growth, a process started
 * since counted whole. A process that ended meanwhile (an autovacuum worker, a closed connection) takes its
 * time with it, so this is a lower bound; a plain sum of the two moments' totals could even come out negative.
 */
export function postgresCpuSince(before: Map<number, number> | undefined): number | undefined {
  const after = postgresCpuByProcess();
  if (!before || !after) return undefined;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** One GET with exactly these headers (fetch would replace a `host` header with the address's). */
function getOnce(address: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(address, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Counts the requests of rotating reads across runs: no path is asked twice in one bench. */
let sent = 0;

/** The fixed rate's connections at most: enough that a moment's backlog queues in the server, not here. */
export const PACED_CONNECTIONS = 50;

async function cannon(url: string, read: Read, options: { seconds: number; rate?: number; connections: number }) {
  const { vary } = read;
  return autocannon({
    url: `${url}${read.path}`,
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
    headers: { ...(read.cookie ? { cookie: read.cookie } : {}), ...(read.host ? { host: read.host } : {}), 'accept-encoding': 'gzip' },
    ...(vary
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const { path: variedPath, cookie, host } = vary((sent += 1));
                return { ...request, ...(variedPath ? { path: variedPath } : {}), headers: { ...request.headers, ...(cookie ? { cookie } : {}), ...(host ? { host } : {}) } };
              },
            },
          ],
        }
      : {}),
  });
}

/**
 * After a bench's seeding, before any measuring: VACUUM ANALYZE as autovacuum would by then (the visibility map
 * lets counts come from the indexes alone; on its own connection, since the app's client on Citus runs every
 * statement in a transaction, which VACUUM refuses), then a CHECKPOINT on every node. The seeding and the vacuum
 * leave hundreds of megabytes of dirty pages; without it their checkpoint came minutes later, inside the first
 * reads measured (issue 77: the bare route, measured first, 7 ms at p99 on plain PostgreSQL and 27 ms on Citus,
 * whose three servers each flush their share).
 */
export async function settleSeededDatabase(connection: pg.ClientConfig) {
  const vacuum = new pg.Client(connection);
  await vacuum.connect();
  await vacuum.query('vacuum analyze').finally(() => vacuum.end());
  await checkpointEveryNode(connection);
}

/**
 * An unmeasured saturated run of `read` (the bare route) right after the server starts: its first seconds
 * (the compiler warming, the pool's connections opening, each statement's first plans) would otherwise
 * count against the first read measured, the bare route, which is the ratios' base (issue 74: one run's
 * bare route measured 1,344 req/s, p99 223 ms, and every ratio looked twice as good as it was).
 */
export async function warmServer(url: string, read: Read, seconds: number) {
  await cannon(url, read, { seconds, connections: 10 });
}

/**
 * A fixed request rate, kept: request n is due at start + n / rate and is sent then, whatever the
 * answers before it are doing (an open loop, as phones arrive), on up to `connections` kept-alive
 * connections; its latency counts from when it was due, so a request that waited for a free
 * connection, or for this process, is counted late (no coordinated omission, as wrk2 measures).
 * autocannon's `overallRate` is not a fixed rate: each connection sends its share of a second back to
 * back and then waits for the next second (mcollina/autocannon#174), so "300 req/s" was 10 connections
 * at full speed for most of each second, and its p99 the latency of a saturated server.
 */
export async function pacedRun(url: string, read: Read, options: { seconds: number; rate: number; connections: number }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.round(options.seconds * options.rate);
  const latencies: number[] = [];
  // The latencies of the requests due in the window's second half: whether a missed p99 came from its first
  // seconds (the server's code and kept sessions still warming after the short saturated run) or from all of it.
  const settledLatencies: number[] = [];
  // BENCH_TRACE=<folder>: every request's due time and latencies, one TSV per read, to see when the slow ones came
  // (decision 111: together, every few seconds, with the server's major garbage collections).
  const trace: string[] = ['n\tdue_ms\tlatency_ms\tsent_to_answer_ms'];
  const statuses = new Map<number, number>();
  let errors = 0;
  let done = 0;
  const started = performance.now();
  const dueAt = (n: number) => started + (n * 1000) / options.rate;
  const sendOne = (n: number) => {
    const varied = read.vary?.((sent += 1)) ?? {};
    const cookie = varied.cookie ?? read.cookie;
    const host = varied.host ?? read.host;
    const sentAt = performance.now();
    const headers = { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}), ...(host ? { host } : {}) };
    const finish = (status: number | undefined) => {
      if (status === undefined) errors += 1;
      else {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        latencies.push(performance.now() - dueAt(n));
        if (n >= total / 2) settledLatencies.push(performance.now() - dueAt(n));
        if (process.env.BENCH_TRACE) trace.push(`${n}\t${Math.round(dueAt(n) - started)}\t${(performance.now() - dueAt(n)).toFixed(1)}\t${(performance.now() - sentAt).toFixed(1)}`);
      }
      done += 1;
    };
    const request = http.get(`${url}${varied.path ?? read.path}`, { agent, headers, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => finish(response.statusCode));
      response.on('error', () => finish(undefined));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => finish(undefined));
  };
  await new Promise<void>((resolve) => {
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && dueAt(next) <= now) sendOne(next++);
      if (next < total) setTimeout(tick, Math.max(0, dueAt(next) - performance.now()));
      else resolve();
    };
    tick();
  });
  while (done < total) await new Promise((resolve) => setTimeout(resolve, 5));
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  if (process.env.BENCH_TRACE) {
    fs.mkdirSync(process.env.BENCH_TRACE, { recursive: true });
    fs.writeFileSync(path.join(process.env.BENCH_TRACE, `${read.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.tsv`), `${trace.join('\n')}\n`);
  }
  const percentile = (sorted: number[], p: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!) : 0);
  latencies.sort((a, b) => a - b);
  settledLatencies.sort((a, b) => a - b);
  return { total, rate: total / elapsedSeconds, p50: percentile(latencies, 0.5), p90: percentile(latencies, 0.9), p99: percentile(latencies, 0.99), p99SecondHalf: percentile(settledLatencies, 0.99), errors, statuses };
}

/**
 * One read: a short saturated run (requests/s the server can give it: autocannon, 10 connections each
 * sending the next request when the last is answered), then a fixed rate with latencies (pacedRun).
 * Non-matching statuses count as wrong, connection errors and timeouts as errors.
 */
export async function measureRead(url: string, read: Read, options: { seconds: number; rate: number; saturatedSeconds: number; serverPid?: number }): Promise<ReadResult> {
  const sample = await getOnce(`${url}${read.path}`, { ...(read.cookie ? { cookie: read.cookie } : {}), ...(read.host ? { host: read.host } : {}) });
  const body = sample.body;
  const expected = read.expectStatus ?? 200;
  if (sample.status !== expected) throw new Error(`${read.label} answered ${sample.status}, not ${expected}: ${Buffer.from(body).toString().slice(0, 200)}`);
  const firstAskingMs = read.warmUp ? await warmUp(url, read, read.warmUp) : undefined;
  const saturated = await cannon(url, read, { seconds: options.saturatedSeconds, connections: 10 });
  const [cpuBefore, postgresBefore, benchBefore, machineBefore] = [serverCpuMs(options.serverPid), postgresCpuByProcess(), process.cpuUsage(), machineCpuTicks()];
  const fixed = await pacedRun(url, read, { seconds: options.seconds, rate: options.rate, connections: PACED_CONNECTIONS });
  const [cpuAfter, postgresUsed, benchUsed, machineBusy] = [serverCpuMs(options.serverPid), postgresCpuSince(postgresBefore), process.cpuUsage(benchBefore), machineBusySince(machineBefore)];
  const perAnswer = (used: number | undefined) => (used !== undefined && fixed.total > 0 ? Math.round((used / fixed.total) * 100) / 100 : undefined);
  return {
    label: read.label,
    path: read.path,
    bytes: body.byteLength,
    saturated: Math.round(saturated.requests.average),
    rate: Math.round(fixed.rate),
    p50: fixed.p50,
    p90: fixed.p90,
    p99: fixed.p99,
    p99SecondHalf: fixed.p99SecondHalf,
    errors: fixed.errors,
    wrongStatus: fixed.total - fixed.errors - (fixed.statuses.get(expected) ?? 0),
    cpuMs: perAnswer(cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined),
    // What the answers cost the database too: with the server's, whether the fixed rate fits the machine's cores.
    postgresCpuMs: perAnswer(postgresUsed),
    // And the load generator's (this process, sharing the machine's cores with both), and how busy the cores were
    // in all: near 100 %, the rate is more than this machine holds whatever the read, and its p99 is a queue's.
    benchCpuMs: perAnswer((benchUsed.user + benchUsed.system) / 1000) ?? 0,
    machineBusy,
    ...(firstAskingMs !== undefined ? { firstAskingMs } : {}),
  };
}

/** `count` requests of the read, four at a time, each checked; their mean time in ms. */
async function warmUp(url: string, read: Read, count: number): Promise<number> {
  const expected = read.expectStatus ?? 200;
  let next = 0;
  let total = 0;
  const one = async () => {
    while (next < count) {
      next += 1;
      const varied = read.vary?.((sent += 1)) ?? {};
      const cookie = varied.cookie ?? read.cookie;
      const host = varied.host ?? read.host;
      const started = performance.now();
      const answer = await getOnce(`${url}${varied.path ?? read.path}`, { ...(cookie ? { cookie } : {}), ...(host ? { host } : {}) });
      total += performance.now() - started;
      if (answer.status !== expected) throw new Error(`${read.label} answered ${answer.status} while warming up, not ${expected}`);
    }
  };
  await Promise.all([one(), one(), one(), one()]);
  return Math.round((total / count) * 10) / 10;
}
