// Proof that an acknowledged write is never lost: `npm run proof:crash -- --trials N`.
// Starts the real server (bundled PostgreSQL, a fresh temporary DATA_DIR), sends writes from several
// clients at once, kills the server with SIGKILL at a random moment, starts it again and checks that
// every write that was answered 2xx is there in full, and that nothing is half-saved (database
// invariants). Prints one line per trial and a summary ending "N passed, N failed" (trials).
// Writes: students, announcements, enrolments, attendance submissions, note uploads (PDF files) and profile
// updates; to add a kind of write, append to WRITE_KINDS below.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { connectToRunningBundledPostgres } from '../src/db/bundled-postgres';
import { buildSimplePdf } from '../src/lib/simple-pdf';
import { shiftDate, todayIn } from '@academy/shared/calendar';
import { DEFAULT_TIME_ZONE } from '@academy/shared/schedule';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const ADMIN = { email: 'admin@demo.academy', password: 'latur-demo-2026' };

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '10' },
    clients: { type: 'string', default: '4' },
    'max-kill-ms': { type: 'string', default: '1500' },
    'keep-data': { type: 'boolean', default: false },
  },
});
const TRIALS = Number(values.trials);
const CLIENTS = Number(values.clients);
const MAX_KILL_MS = Number(values['max-kill-ms']);

// ---------------------------------------------------------------------------------------------
// The HTTP client: one cookie (sessions live in the database, so it survives restarts).

// Answers are read loosely: the proof compares the fields it sent, one by one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
type Api = {
  request(method: string, url: string, body?: unknown): Promise<{ status: number; json: Body }>;
  form(url: string, form: FormData): Promise<{ status: number; json: Body }>;
  bytes(url: string): Promise<{ status: number; body: Buffer }>;
};

function createApi(baseUrl: string): Api & { login(): Promise<void> } {
  let cookie = '';
  /** The status and the JSON body (undefined when the body is empty or not JSON: a crash page, a proxy's error). */
  const answerOf = async (response: Response) => {
    const text = await response.text();
    let json: Body;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  };
  const api = {
    async request(method: string, url: string, body?: unknown) {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      return answerOf(response);
    },
    async form(url: string, form: FormData) {
      const response = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: cookie ? { cookie } : {}, body: form, signal: AbortSignal.timeout(20_000) });
      return answerOf(response);
    },
    async bytes(url: string) {
      const response = await fetch(`${baseUrl}${url}`, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(20_000) });
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
    },
    async login() {
      const response = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      if (response.status !== 200) throw new Error(`admin login failed: ${response.status}`);
      const setCookie = response.headers.get('set-cookie') ?? '';
      cookie = setCookie.split(';')[0]!;
    },
  };
  return api;
}

// ---------------------------------------------------------------------------------------------
// Kinds of write. `send` makes one write and returns what must be found afterwards if the server
// acknowledged it (or undefined when it did not); `verify` returns a problem, or undefined when all is there.

type Ack = { kind: string; label: string; data: Record<string, unknown> };
type Context = {
  api: Api;
  token: () => string;
  state: {
    batchIds: string[];
    batchStarts: Record<string, string>;
    profileNames: string[];
    ackedProfileNames: string[];
    profileBusy: boolean;
    /** Each attendance write takes the next (batch, past date) slot, so no two writes share a day. */
    attendanceSlots: number;
  };
};

/** A calendar date `days` before today on the demo academy's clock (Asia/Kolkata). */
function academyDateBefore(days: number): string {
  return shiftDate(todayIn(DEFAULT_TIME_ZONE), -days);
}

const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
type WriteKind = {
  name: string;
  send(context: Context): Promise<Ack | undefined>;
  verify(context: Context, ack: Ack): Promise<string | undefined>;
};

const ok = (status: number) => status >= 200 && status < 300;

export const WRITE_KINDS: WriteKind[] = [
  {
    name: 'create student',
    async send({ api, token }) {
      const id = token();
      const body = {
        name: `Crash Student ${id}`,
        email: `crash.${id}@example.com`,
        parentName: `Parent ${id}`,
        school: `School ${id}`,
        address: `Address ${id}`,
        password: `crash-proof-${id}`,
      };
      const response = await api.request('POST', '/api/students', body);
      if (!ok(response.status)) return undefined;
      return { kind: 'create student', label: body.email, data: { _id: response.json.data._id, ...body } };
    },
    async verify({ api }, ack) {
      const response = await api.request('GET', `/api/students/${ack.data._id}`);
      if (response.status !== 200) return `student ${ack.label} is missing (${response.status})`;
      const student = response.json.data;
      for (const field of ['name', 'email', 'parentName', 'school', 'address']) {
        if (student[field] !== ack.data[field]) return `student ${ack.label}: ${field} is ${JSON.stringify(student[field])}, expected ${JSON.stringify(ack.data[field])}`;
      }
      return undefined;
    },
  },
  {
    name: 'create announcement',
    async send({ api, token, state }) {
      const id = token();
      const body = {
        title: `Crash notice ${id}`,
        content: `Body ${id} `.repeat(200),
        type: 'exam',
        priority: 'high',
        audience: 'students',
        batches: state.batchIds.slice(0, 2),
        // Today on the demo academy's clock: announcements may not start in the past.
        startDate: todayIn(DEFAULT_TIME_ZONE),
        endDate: '2099-12-31',
      };
      const response = await api.request('POST', '/api/announcements', body);
      if (!ok(response.status)) return undefined;
      return { kind: 'create announcement', label: body.title, data: { _id: response.json.data._id, ...body } };
    },
    async verify({ api }, ack) {
      const response = await api.request('GET', `/api/announcements/${ack.data._id}`);
      if (response.status !== 200) return `announcement ${ack.label} is missing (${response.status})`;
      const announcement = response.json.data;
      if (announcement.title !== ack.data.title || announcement.content !== String(ack.data.content).trim()) return `announcement ${ack.label} differs`;
      const batches = (announcement.batches as { _id: string }[]).map((batch) => batch._id).sort();
      if (JSON.stringify(batches) !== JSON.stringify([...(ack.data.batches as string[])].sort())) return `announcement ${ack.label} lost its batches`;
      return undefined;
    },
  },
  {
    name: 'enrol student',
    async send({ api, token, state }) {
      const id = token();
      const created = await api.request('POST', '/api/students', { name: `Enrolled ${id}`, email: `enrol.${id}@example.com`, password: `crash-proof-${id}` });
      if (!ok(created.status)) return undefined;
      const batchId = state.batchIds[Math.floor(Math.random() * state.batchIds.length)]!;
      const studentId = created.json.data._id as string;
      const response = await api.request('PUT', `/api/batches/${batchId}/students/${studentId}/add?confirm=true`);
      if (!ok(response.status)) return undefined;
      return { kind: 'enrol student', label: `${studentId} in ${batchId}`, data: { batchId, studentId } };
    },
    async verify({ api }, ack) {
      const response = await api.request('GET', `/api/batches/${ack.data.batchId}?populate=enrolledStudents`);
      if (response.status !== 200) return `batch ${ack.data.batchId} is missing`;
      const enrolled = (response.json.data.enrolledStudents as (string | { _id: string })[]).map((student) => (typeof student === 'string' ? student : student._id));
      return enrolled.includes(ack.data.studentId as string) ? undefined : `enrolment ${ack.label} is missing`;
    },
  },
  {
    name: 'submit attendance',
    async send({ api, state }) {
      const slot = (state.attendanceSlots += 1);
      const batchId = state.batchIds[slot % state.batchIds.length]!;
      const date = academyDateBefore(1 + Math.floor(slot / state.batchIds.length));
      if (date < state.batchStarts[batchId]!) return undefined;
      const day = await api.request('GET', `/api/attendance/${batchId}/${date}`);
      if (day.status !== 200) return undefined;
      const records = (day.json.data.students as { _id: string; enrolled: boolean }[])
        .filter((student) => student.enrolled)
        .map((student, index) => ({ studentId: student._id, status: ATTENDANCE_STATUSES[(slot + index) % 4]!, remark: `slot ${slot}` }));
      if (records.length === 0) return undefined;
      const response = await api.request('POST', `/api/attendance/batch/${batchId}`, { date, records });
      if (!ok(response.status)) return undefined;
      return { kind: 'submit attendance', label: `${batchId} on ${date}`, data: { batchId, date, records } };
    },
    async verify({ api }, ack) {
      const day = await api.request('GET', `/api/attendance/${ack.data.batchId}/${ack.data.date}`);
      if (day.status !== 200) return `attendance ${ack.label} cannot be read (${day.status})`;
      const saved = new Map((day.json.data.students as { _id: string; status: string | null; remark: string | null }[]).map((student) => [student._id, student]));
      for (const record of ack.data.records as { studentId: string; status: string; remark: string }[]) {
        const mark = saved.get(record.studentId);
        if (mark?.status !== record.status || mark.remark !== record.remark) return `attendance ${ack.label}: ${record.studentId} is ${mark?.status ?? 'unmarked'}, expected ${record.status}`;
      }
      return undefined;
    },
  },
  {
    name: 'upload note',
    async send({ api, token, state }) {
      const id = token();
      const title = `Crash note ${id}`;
      const pdf = buildSimplePdf([{ heading: title, lines: [`Written by the crash proof, ${id}.`] }]);
      const batchId = state.batchIds[Math.floor(Math.random() * state.batchIds.length)]!;
      const form = new FormData();
      form.append('title', title);
      form.append('description', `Description ${id}`);
      form.append('batch', batchId);
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${id}.pdf`);
      const response = await api.form('/api/notes/upload', form);
      if (!ok(response.status)) return undefined;
      return { kind: 'upload note', label: title, data: { _id: response.json.data._id, title, batchId, sha256: createHash('sha256').update(pdf).digest('hex') } };
    },
    async verify({ api }, ack) {
      const note = await api.request('GET', `/api/notes/${ack.data._id}`);
      if (note.status !== 200) return `note ${ack.label} is missing (${note.status})`;
      if (note.json.data.title !== ack.data.title) return `note ${ack.label}: title is ${JSON.stringify(note.json.data.title)}`;
      const file = await api.bytes(`/api/notes/file/${ack.data._id}`);
      if (file.status !== 200) return `note ${ack.label}: its file answers ${file.status}`;
      const sha256 = createHash('sha256').update(file.body).digest('hex');
      return sha256 === ack.data.sha256 ? undefined : `note ${ack.label}: its file differs from the one uploaded`;
    },
  },
  {
    name: 'update profile',
    async send({ api, token, state }) {
      // One update at a time, so the order sent is the order saved (last write wins).
      if (state.profileBusy) return undefined;
      state.profileBusy = true;
      try {
        const name = `Academy Admin ${token()}`;
        state.profileNames.push(name);
        const response = await api.request('PUT', '/api/auth/profile', { name });
        if (!ok(response.status)) return undefined;
        state.ackedProfileNames.push(name);
        return { kind: 'update profile', label: name, data: { name } };
      } finally {
        state.profileBusy = false;
      }
    },
    async verify({ api, state }, ack) {
      // Later updates may have replaced it: the name now must be this one or one sent after it.
      const response = await api.request('GET', '/api/auth/profile');
      const current = response.json?.data?.name;
      const sentFrom = state.profileNames.indexOf(ack.data.name as string);
      return state.profileNames.slice(sentFrom).includes(current) ? undefined : `profile name ${JSON.stringify(current)} is older than the acknowledged ${ack.label}`;
    },
  },
];

/** Things that must hold whatever moment the server died: every multi-row write is all or nothing. */
const INVARIANTS: { name: string; sql: string }[] = [
  { name: 'every student account has its student record', sql: `select count(*)::int as n from users u where u.role = 'student' and not exists (select 1 from students s where s.user_id = u.id)` },
  { name: 'every teacher account has its teacher record', sql: `select count(*)::int as n from users u where u.role = 'teacher' and not exists (select 1 from teachers t where t.user_id = u.id)` },
  {
    name: 'every batch-limited announcement of this proof has its batches',
    sql: `select count(*)::int as n from announcements a where a.title like 'Crash notice %' and not exists (select 1 from announcement_batches b where b.announcement_id = a.id)`,
  },
];

// ---------------------------------------------------------------------------------------------

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

type Server = { child: ChildProcess; output: string[] };

/** The first start goes through start.mjs (it builds what is stale); restarts run the built server directly. */
function startServer(dataDir: string, port: number, first = false): Server {
  const output: string[] = [];
  const entry = first ? [path.join(repoRoot, 'scripts', 'start.mjs'), 'server'] : ['--enable-source-maps', path.join(repoRoot, 'apps', 'api', 'dist', 'server.js')];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output };
}

async function waitForHealth(baseUrl: string, server: Server, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited (${server.child.exitCode}):\n${server.output.join('')}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${server.output.join('')}`);
}

async function stopServer(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-crash-'));
  fs.chmodSync(dataDir, 0o711);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const api = createApi(baseUrl);
  let sequence = 0;
  const runId = randomBytes(3).toString('hex');
  const context: Context = { api, token: () => `${runId}${(sequence += 1)}`, state: { batchIds: [], batchStarts: {}, profileNames: [], ackedProfileNames: [], profileBusy: false, attendanceSlots: 0 } };
  const acknowledged: Ack[] = [];
  let lost = 0;
  let halfSaved = 0;
  let trialsPassed = 0;
  let trialsFailed = 0;
  const started = Date.now();

  console.log(`Crash proof: ${TRIALS} trials, ${CLIENTS} clients, kill -9 within ${MAX_KILL_MS} ms, DATA_DIR ${dataDir}`);
  let server = startServer(dataDir, port, true);
  try {
    // The first start may build the app and seeds the demo academy.
    await waitForHealth(baseUrl, server, 300_000);
    await api.login();
    const batches = await api.request('GET', '/api/batches');
    context.state.batchIds = (batches.json.data as { _id: string }[]).map((batch) => batch._id);
    context.state.batchStarts = Object.fromEntries((batches.json.data as { _id: string; startDate: string }[]).map((batch) => [batch._id, batch.startDate]));

    for (let trial = 1; trial <= TRIALS; trial += 1) {
      const trialAcks: Ack[] = [];
      let stopWriting = false;
      const clients = Array.from({ length: CLIENTS }, async (_, index) => {
        while (!stopWriting) {
          const kind = WRITE_KINDS[(index + Math.floor(Math.random() * WRITE_KINDS.length)) % WRITE_KINDS.length]!;
          try {
            // Every 2xx counts, even one read just as the kill was ordered: the server sent it.
            const ack = await kind.send(context);
            if (ack) trialAcks.push(ack);
          } catch {
            // The connection died with the server: not acknowledged, so nothing is owed.
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * MAX_KILL_MS));
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));
      stopWriting = true;
      await Promise.all(clients);

      const restartAt = Date.now();
      server = startServer(dataDir, port);
      await waitForHealth(baseUrl, server, 60_000);
      const restartMs = Date.now() - restartAt;
      if ((await api.request('GET', '/api/auth/profile')).status === 401) await api.login();

      const problems: string[] = [];
      for (const ack of trialAcks) {
        const problem = await WRITE_KINDS.find((kind) => kind.name === ack.kind)!.verify(context, ack);
        if (problem) problems.push(problem);
      }
      lost += problems.length;
      const client = new pg.Client(connectToRunningBundledPostgres(dataDir));
      await client.connect();
      let broken = 0;
      try {
        for (const invariant of INVARIANTS) {
          const { rows } = await client.query<{ n: number }>(invariant.sql);
          if (rows[0]!.n > 0) {
            broken += rows[0]!.n;
            problems.push(`${invariant.name}: ${rows[0]!.n} violations`);
          }
        }
      } finally {
        await client.end();
      }
      halfSaved += broken;
      acknowledged.push(...trialAcks);
      const passed = problems.length === 0;
      if (passed) trialsPassed += 1;
      else trialsFailed += 1;
      console.log(`trial ${trial}/${TRIALS}: ${trialAcks.length} acknowledged writes, restart ${restartMs} ms, ${passed ? 'all present, nothing half-saved' : `PROBLEMS:\n  ${problems.join('\n  ')}`}`);
    }

    // Everything acknowledged in any trial is still there at the end.
    let finalMissing = 0;
    for (const ack of acknowledged) {
      if (ack.kind === 'update profile') continue;
      if (await WRITE_KINDS.find((kind) => kind.name === ack.kind)!.verify(context, ack)) finalMissing += 1;
    }
    lost += finalMissing;
    if (finalMissing > 0) {
      trialsFailed += 1;
      console.log(`final check: ${finalMissing} acknowledged writes from earlier trials are missing`);
    }
  } finally {
    await stopServer(server, 'SIGTERM');
    if (!values['keep-data']) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const byKind = WRITE_KINDS.map((kind) => `${kind.name} ${acknowledged.filter((ack) => ack.kind === kind.name).length}`).join(', ');
  console.log(`\n${TRIALS} trials in ${Math.round((Date.now() - started) / 1000)} s: ${acknowledged.length} acknowledged writes (${byKind}), ${lost} lost, ${halfSaved} half-saved.`);
  console.log(`${trialsPassed} passed, ${trialsFailed} failed`);
  process.exit(trialsFailed > 0 || lost > 0 || halfSaved > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error('Crash proof could not run:', error);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
