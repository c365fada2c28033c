// npm run proof:citus (issue 77, decision 053): the app on a Citus cluster on this machine. Needs a Citus
// build for Debian's PostgreSQL 15 (citus.so in /usr/lib/postgresql/15/lib; README "Proof on Citus").
// Starts a coordinator and two workers (initdb under a temporary folder, loopback ports, trust
// authentication for this machine only), then:
//   1. the API test suite with TEST_DATABASE_URL on the coordinator (TEST_CITUS_WORKERS: every test
//      database is made on every node and its tables distributed by the migrations, db/citus.ts);
//   2. the many-academies bench (BENCH_ONLY=many) on the coordinator, and the same bench on a plain
//      PostgreSQL 15 started the same way (unless PROOF_CITUS_BENCH=0).
// Prints the failed tests and both benches' p99 side by side; exits non-zero when a test, the
// distribution or a bench fails. Not part of npm test.
// PROOF_CITUS_TESTS: vitest filters (paths) to run a part of the suite; PROOF_CITUS_KEEP=1 keeps the cluster.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = '/usr/lib/postgresql/15/bin';
const CITUS_LIBRARY = '/usr/lib/postgresql/15/lib/citus.so';

type Node = { name: string; port: number; dir: string };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** initdb and pg_ctl refuse root: run them as the postgres user when we are root. */
function asPostgres(command: string, args: string[]) {
  const whole = [command, ...args].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(' ');
  const result = process.getuid?.() === 0 ? spawnSync('su', ['postgres', '-c', whole], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
}

async function startNode(base: string, name: string, citus: boolean): Promise<Node> {
  const dir = path.join(base, name);
  const port = await freePort();
  asPostgres(`${BIN}/initdb`, ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const settings = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${base}'`,
    'fsync = off',
    'synchronous_commit = off',
    'max_connections = 400',
    'shared_buffers = 256MB',
    ...(citus
      ? [
          "shared_preload_libraries = 'citus'",
          "citus.node_conninfo = 'sslmode=disable'",
          // The app sets its academy with SET LOCAL on Citus (db/client.ts); the workers take it from there.
          "citus.propagate_set_commands = 'local'",
          // Test databases are many and small: 4 shards a table (a real cluster: decision 053).
          `citus.shard_count = ${process.env.PROOF_CITUS_SHARDS ?? 4}`,
          'max_prepared_transactions = 200',
          // Every statement the coordinator sends to more than one shard is written to its log with its text
          // (LOG ranks above ERROR there, so log_min_error_statement's default adds the statement): the proof
          // counts them after the tests (multiShardStatements).
          "citus.multi_task_query_log_level = 'log'",
        ]
      : []),
  ];
  fs.appendFileSync(path.join(dir, 'postgresql.conf'), `\n${settings.join('\n')}\n`);
  asPostgres(`${BIN}/pg_ctl`, ['-D', dir, '-l', path.join(base, `${name}.log`), '-w', 'start']);
  return { name, port, dir };
}

function stopNode(node: Node) {
  try {
    asPostgres(`${BIN}/pg_ctl`, ['-D', node.dir, '-m', 'immediate', '-w', 'stop']);
  } catch {
    // already stopped
  }
}

const url = (node: Node, database = 'postgres') => `postgres://postgres@127.0.0.1:${node.port}/${database}`;

async function sql(node: Node, statements: string[], database = 'postgres') {
  const client = new pg.Client({ connectionString: url(node, database) });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): Promise<number> {
  console.log(`$ ${command} ${args.join(' ')}   (output: ${logFile})`);
  return new Promise((resolve) => {
    const out = fs.openSync(logFile, 'w');
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', out, out] });
    child.on('exit', (code) => {
      fs.closeSync(out);
      resolve(code ?? 1);
    });
  });
}

type P99 = Map<string, number>;

/** The bench's table rows: `label … p99 …` as printed by bench/attendance-bench.ts printHttp. */
function p99s(logFile: string): { single: P99; many: P99 } {
  const text = fs.readFileSync(logFile, 'utf8');
  const [before, after = ''] = text.split(/each request at another academy's host/);
  const read = (part: string) => {
    const result: P99 = new Map();
    for (const line of part.split('\n')) {
      const match = /^\s{4}(\S.{0,55}?)\s{2,}([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)/.exec(line);
      if (match) result.set(match[1]!.trim(), Number(match[7]));
    }
    return result;
  };
  return { single: read(before!), many: read(after) };
}

/**
 * The statements the coordinator sent to more than one shard while the tests ran, most frequent first. An
 * academy's statement that names no academy in its text (row-level security's filter is applied on the
 * workers, where the router cannot see it) goes to every shard: each one here is a read or write to make name
 * its academy, or a sweep across academies that means to (the job heads' upkeep, the operator's counts).
 */
function reportMultiShardStatements(logFile: string, listFile: string) {
  if (!fs.existsSync(logFile)) return;
  const counts = new Map<string, number>();
  const lines = fs.readFileSync(logFile, 'utf8').split('\n');
  const entry = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/;
  for (let index = 0; index < lines.length; index += 1) {
    if (!lines[index]!.includes('multi-task query about to be executed')) continue;
    let next = index + 1;
    // The message's own HINT/DETAIL/CONTEXT lines (each with the log's prefix) come before its STATEMENT.
    while (next < lines.length && (!entry.test(lines[next]!) || /\s(HINT|DETAIL|CONTEXT):\s/.test(lines[next]!))) next += 1;
    if (next >= lines.length || !/\sSTATEMENT:\s/.test(lines[next]!)) continue;
    const parts = [lines[next]!.replace(/^.*?\sSTATEMENT:\s+/, '')];
    for (let more = next + 1; more < lines.length && !entry.test(lines[more]!); more += 1) parts.push(lines[more]!);
    const text = parts.join(' ').replace(/\s+/g, ' ').trim();
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const total = sorted.reduce((sum, [, count]) => sum + count, 0);
  fs.writeFileSync(listFile, sorted.map(([text, count]) => `${count}\t${text}`).join('\n') + '\n');
  console.log(`\nStatements sent to more than one shard: ${sorted.length} different, ${total} in all (${listFile})`);
  for (const [text, count] of sorted.slice(0, 15)) console.log(`  ${String(count).padStart(6)}  ${text.slice(0, 150)}`);
}

async function main() {
  if (!fs.existsSync(CITUS_LIBRARY)) {
    console.error(`No Citus build: ${CITUS_LIBRARY} is missing (README, "Proof on Citus").`);
    process.exit(2);
  }
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-citus-'));
  fs.chmodSync(base, 0o777);
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', base]);
  const nodes: Node[] = [];
  let failures = 0;
  try {
    console.log(`Citus cluster under ${base}: a coordinator and two workers …`);
    const coordinator = await startNode(base, 'coordinator', true);
    const workers = [await startNode(base, 'worker1', true), await startNode(base, 'worker2', true)];
    nodes.push(coordinator, ...workers);
    for (const node of nodes) await sql(node, ['create extension citus']);
    await sql(coordinator, [`select citus_set_coordinator_host('127.0.0.1', ${coordinator.port})`, ...workers.map((worker) => `select citus_add_node('127.0.0.1', ${worker.port})`)]);
    console.log(`  coordinator 127.0.0.1:${coordinator.port}, workers ${workers.map((worker) => `127.0.0.1:${worker.port}`).join(', ')}`);

    const citusEnv = {
      ...process.env,
      TEST_DATABASE_URL: url(coordinator),
      TEST_CITUS_WORKERS: workers.map((worker) => `127.0.0.1:${worker.port}`).join(','),
      ACADEMY_CITUS: '1',
    };

    // 1. The API suite on the coordinator.
    const report = path.join(base, 'vitest.json');
    const filters = (process.env.PROOF_CITUS_TESTS ?? '').split(/\s+/).filter(Boolean);
    const testCode = await run('npx', ['vitest', 'run', '--project', 'api', '--reporter=json', '--reporter=default', `--outputFile.json=${report}`, ...filters], citusEnv, path.join(base, 'tests.log'));
    let passed = 0;
    const failed: string[] = [];
    if (fs.existsSync(report)) {
      const results = JSON.parse(fs.readFileSync(report, 'utf8')) as { testResults: { name: string; message?: string; assertionResults: { status: string; fullName: string }[] }[] };
      for (const file of results.testResults) {
        if (file.assertionResults.length === 0 && file.message) failed.push(`${path.relative(root, file.name)}: ${file.message.split('\n')[0]}`);
        for (const test of file.assertionResults) {
          if (test.status === 'passed') passed += 1;
          else if (test.status === 'failed') failed.push(`${path.relative(root, file.name)} > ${test.fullName}`);
        }
      }
    }
    console.log(`\nAPI tests on Citus: ${passed} passed, ${failed.length} failed (vitest exit ${testCode})`);
    for (const name of failed) console.log(`  FAIL  ${name}`);
    if (testCode !== 0 || failed.length > 0) failures += 1;
    reportMultiShardStatements(path.join(base, 'coordinator.log'), path.join(base, 'multi-shard-statements.txt'));

    // 2. The many-academies bench, on Citus and on a plain PostgreSQL 15.
    if (process.env.PROOF_CITUS_BENCH !== '0') {
      const citusLog = path.join(base, 'bench-citus.log');
      const citusCode = await run('npx', ['tsx', 'bench/attendance-bench.ts'], { ...citusEnv, BENCH_ONLY: 'many' }, citusLog);
      const plain = await startNode(base, 'plain', false);
      nodes.push(plain);
      const plainLog = path.join(base, 'bench-plain.log');
      const plainCode = await run('npx', ['tsx', 'bench/attendance-bench.ts'], { ...process.env, BENCH_ONLY: 'many', TEST_DATABASE_URL: url(plain) }, plainLog);
      const onCitus = p99s(citusLog);
      const onPlain = p99s(plainLog);
      console.log(`\nMany-academies bench p99 (ms): plain PostgreSQL 15 | Citus, coordinator + 2 workers | ratio (issue 77: ≤ 1.5×)`);
      for (const [label, plainP99] of onPlain.many) {
        const citusP99 = onCitus.many.get(label);
        const ratio = citusP99 === undefined ? undefined : citusP99 / Math.max(plainP99, 1);
        const verdict = ratio === undefined ? '' : ratio <= 1.5 ? '  met' : '  MISSED';
        console.log(`  ${label.padEnd(56)} ${String(plainP99).padStart(6)} | ${String(citusP99 ?? '–').padStart(6)} | ${ratio === undefined ? '–' : ratio.toFixed(2)}${verdict}`);
      }
      console.log(`  (bench exit codes: plain ${plainCode}, Citus ${citusCode}; logs ${plainLog}, ${citusLog})`);
      if (citusCode !== 0 || onCitus.many.size === 0) failures += 1;
    }
  } finally {
    if (process.env.PROOF_CITUS_KEEP === '1') console.log(`Kept: ${base} (stop with pg_ctl -D <dir> stop)`);
    else {
      for (const node of nodes) stopNode(node);
      fs.rmSync(base, { recursive: true, force: true });
    }
  }
  process.exitCode = failures > 0 ? 1 : 0;
}

await main();
