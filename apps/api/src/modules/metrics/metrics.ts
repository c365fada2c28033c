import fs from 'node:fs';
import { withAcademy } from '../../lib/tenancy';
import { retryDelayMs } from '../../db/job-runner';
import { offsiteRetryText } from '../backups';
import path from 'node:path';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '@academy/shared/schemas/messaging';
import type { Db } from '../../db/client';

/**
 * The server's figures for Prometheus (issue 52; docs/decisions/042-metrics.md), all named `academy_…`
 * besides Node's own (process_…, nodejs_…):
 * - per process, counted as requests are answered: HTTP requests and their latency by method, route
 *   pattern and status (Prometheus adds up the servers);
 * - read when Prometheus asks (a scrape): the pool, background jobs and family messages (two
 *   statements on the database, together), stored files and the data folder's disk, backups. The
 *   database's figures are the same on every server of one database: alert on their max, not their sum.
 * A scrape answers also when the database does not: `academy_database_up 0` and the rest it has.
 */

/** Statuses of the jobs table that a scrape counts, per job name. */
const JOB_STATES = ['waiting', 'running', 'retrying', 'failed'] as const;

/** Family messages are counted over this window (the created_at index keeps a scrape cheap as the table grows). */
const MESSAGE_WINDOW = '7 days';

/** A folder walk (stored files) and the backups' list are read at most this often. */
const SLOW_FIGURES_MS = 60_000;

/** A scrape must not wait long for a database that does not answer. */
const QUERY_TIMEOUT_MS = 3_000;

/** The histogram's buckets in seconds: 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// ---- per process: Node's own figures ----

let processFigures: { registry: Registry } | undefined;

/** prom-client's default gauges whose names end in _total (issue 71): left out of the scrape. */
export const GAUGES_NAMED_TOTAL = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** Once per process (default metrics watch the event loop and the garbage collector; several apps in one test process share them). */
function processRegistry() {
  if (!processFigures) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    // Gauges named like counters (`promtool check metrics`: "non-counter metrics should not have _total
    // suffix"); their figures stay, by type, in nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
    for (const name of GAUGES_NAMED_TOTAL) registry.removeSingleMetric(name);
    processFigures = { registry };
  }
  return processFigures;
}

// ---- per app ----

export type MetricsSources = {
  db: Db;
  /** DATA_DIR: the file system whose size and free space are reported. */
  dataDir: string;
  /** DATA_DIR/files: the stored files' bytes. */
  filesDir: string;
  /** Every active academy's backups (its own folder of DATA_DIR/backups), by the academy's slug, with when each was made. */
  listBackups(): Promise<{ academy: string; backups: { createdAt: string; readable: boolean }[] }[]>;
  version: string;
};

export type AppMetrics = {
  /** Counts one answered request (an onResponse hook). */
  observe(request: FastifyRequest, reply: FastifyReply): void;
  /** Reads the scrape-time figures and answers the whole text. */
  scrape(): Promise<string>;
  contentType: string;
};

/**
 * The route label: Fastify's pattern (`/api/batches/:id`), never the address asked, so that ids do not
 * make a series each; what no route matched (the web app's pages, unknown addresses) is one label.
 * The built web app's files are each a route of their own, named by their content hash: one label.
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined || pattern === '' || pattern === '*' || pattern === '/*') return 'unmatched';
  if (pattern.startsWith('/assets/')) return '/assets/*';
  return pattern;
}

/** `compute` at most once every `ms` (one run at a time); its failure is remembered as undefined until the next try. */
function cachedFor<T>(ms: number, compute: () => Promise<T>): () => Promise<T | undefined> {
  let value: T | undefined;
  let readAt = -Infinity;
  let running: Promise<T | undefined> | undefined;
  return () => {
    if (performance.now() - readAt < ms) return Promise.resolve(value);
    running ??= compute()
      .catch(() => undefined)
      .then((result) => {
        value = result;
        readAt = performance.now();
        running = undefined;
        return result;
      });
    return running;
  };
}

/** The stored files' count and bytes (a walk of the folder; files are directly in it, subfolders are walked too). */
async function folderSize(folder: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const entries = await fs.promises.readdir(folder, { withFileTypes: true });
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      const inner = await folderSize(full);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      // A file removed meanwhile simply does not count.
      const stat = await fs.promises.stat(full).catch(() => undefined);
      if (stat) {
        files += 1;
        bytes += stat.size;
      }
    }
  }
  return { files, bytes };
}

type JobRow = { name: string; waiting: number; running: number; retrying: number; failed: number; oldest_waiting: number | null };
type MessageRow = { channel: string; status: string; count: number; oldest_queued: number | null };

// Waiting: due and not claimed by a runner (a runner polls every 10 s, so a job waits that long at most while all is well).
const WAITING = `run_at <= now() and (locked_until is null or locked_until <= now())`;
// One pass over the jobs table (a row per periodic job and per pending or failed one-off run: small).
const JOBS_SQL = `
  select name,
    count(*) filter (where ${WAITING})::int as waiting,
    count(*) filter (where locked_until > now())::int as running,
    count(*) filter (where last_status = 'retrying')::int as retrying,
    -- Gave up within the last day: a failed one-off run stays in the table for the admin to see, and would alert forever.
    count(*) filter (where last_status = 'failed' and last_finished_at > now() - interval '1 day')::int as failed,
    extract(epoch from now() - min(run_at) filter (where ${WAITING}))::float8 as oldest_waiting
  from jobs group by name`;
// The window's messages by channel and status (created_at index). A queued message's wait starts when it may
// be sent: quiet hours (not_before) hold WhatsApp and SMS overnight on purpose, which is not being stuck.
const MESSAGES_SQL = `
  select channel, status, count(*)::int as count,
    extract(epoch from now() - min(greatest(created_at, coalesce(not_before, created_at)))
      filter (where status = 'queued' and (not_before is null or not_before <= now())))::float8 as oldest_queued
  from parent_messages where created_at > now() - interval '${MESSAGE_WINDOW}'
  group by channel, status`;

// Families' WhatsApp messages (issue 60) in the same window: received, answered automatically, and the
// conversations waiting for the office now (conversation_messages_conversation_idx is per conversation: a
// window's count reads the academy's rows; a few thousand a day).
const CONVERSATIONS_SQL = `
  select (select count(*) from conversation_messages where direction = 'in' and created_at > now() - interval '${MESSAGE_WINDOW}')::int as received,
    (select count(*) from conversation_messages where direction = 'out' and kind in ('auto', 'menu') and created_at > now() - interval '${MESSAGE_WINDOW}')::int as answered,
    (select count(*) from conversations where waiting)::int as waiting`;
type ConversationRow = { received: number; answered: number; waiting: number };

// Copies of backups in the off-site bucket (decision 044), while off-site backups are on: failed ones, and
// how long ago the last copy arrived. Both tables are small (a row per backup kept).
const OFFSITE_SQL = `
  select count(*) filter (where status = 'failed')::int as failed,
    extract(epoch from now() - max(uploaded_at))::float8 as last_upload_age
  from offsite_backups where exists (select 1 from offsite_backup_settings where enabled)`;
type OffsiteRow = { failed: number; last_upload_age: number | null };

/** Rows of several academies added up by `keyOf`: the counts summed, the `oldest` the largest. */
function sumRows<T extends Record<string, unknown>>(rows: T[], keyOf: (row: T) => string, counts: (keyof T)[], oldest: keyof T): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const kept = byKey.get(key);
    if (!kept) {
      byKey.set(key, { ...row });
      continue;
    }
    const sum = kept as Record<keyof T, unknown>;
    for (const count of counts) sum[count] = Number(kept[count]) + Number(row[count]);
    const older = [kept[oldest] as unknown, row[oldest] as unknown].filter((value): value is number => typeof value === 'number');
    sum[oldest] = older.length > 0 ? Math.max(...older) : null;
  }
  return [...byKey.values()];
}

/**
 * One academy's lecture bytes by place and its failed bucket copies (decision 096). The academy ($1) named
 * in each table: a select-list subquery beside an aggregate reaches one shard on Citus only so (decision 053).
 */
const LECTURE_BYTES_SQL = `select coalesce(sum(bytes) filter (where not in_bucket), 0)::text as local, coalesce(sum(bytes) filter (where in_bucket), 0)::text as bucket,
  (select count(*)::int from lectures where academy_id = $1 and bucket_error is not null and bucket_state in ('failed', 'removing')) as failed
  from lecture_files where academy_id = $1`;

/** The scrape's queries: plain ones of the whole database, and those read inside each active academy. */
function academyQueries(pool: pg.Pool) {
  const query = <T extends pg.QueryResultRow>(text: string) => pool.query<T>({ text, query_timeout: QUERY_TIMEOUT_MS } as pg.QueryConfig);
  /**
   * The rows of `text` in every active academy, one after another, each inside its academy (issue 55:
   * row-level security shows one academy at a time; the scrape itself belongs to none). One academy: one query as before.
   */
  const inEveryAcademy = async <T extends pg.QueryResultRow>(text: string): Promise<{ rows: T[] }> => {
    const academies = await query<{ id: string }>(`select id from academies where status = 'active' order by id`);
    const rows: T[] = [];
    for (const { id } of academies.rows) rows.push(...(await withAcademy(id, async () => (await query<T>(text)).rows)));
    return { rows };
  };

  /**
   * Each academy's lecture bytes, on this server's disk and in its bucket (decision 096), and its lectures
   * whose copy to the bucket failed. Its caller catches it at once: a rejection left for later is unhandled meanwhile.
   */
  async function readLectureBytes(): Promise<{ slug: string; local: number; bucket: number; failed: number }[]> {
    const academies = await query<{ id: string; slug: string }>(`select id, slug from academies where status = 'active' order by id`);
    const rows: { slug: string; local: number; bucket: number; failed: number }[] = [];
    for (const { id, slug } of academies.rows) {
      const [row] = await withAcademy(id, async () => (await pool.query<{ local: string; bucket: string; failed: number }>({ text: LECTURE_BYTES_SQL, values: [id], query_timeout: QUERY_TIMEOUT_MS } as pg.QueryConfig)).rows);
      rows.push({ slug, local: Number(row?.local ?? 0), bucket: Number(row?.bucket ?? 0), failed: row?.failed ?? 0 });
    }
    return rows;
  }

  return { inEveryAcademy, readLectureBytes };
}

/**
 * Lectures' files (issue 75, decisions 088 and 096): each academy's bytes by its slug and `place`, this
 * server's disk (`local`) or the academy's bucket (`bucket`), and its lectures whose copy to the bucket
 * failed; what it returns sets them from a scrape's rows (none: the database did not answer, left out).
 */
function lectureGauges(registers: Registry[]) {
  const bytes = new Gauge({ name: 'academy_lecture_bytes', help: 'Bytes of lecture files (renditions) each academy stores, by place: local (the server\'s files) or bucket (its S3 bucket)', labelNames: ['academy', 'place'], registers });
  const failed = new Gauge({ name: 'academy_lecture_bucket_failed', help: 'Lectures of each academy whose copy to (or removal from) its bucket failed; retried every 15 minutes, and they play from the server meanwhile', labelNames: ['academy'], registers });
  return (rows: { slug: string; local: number; bucket: number; failed: number }[] | undefined) => {
    bytes.reset();
    failed.reset();
    for (const row of rows ?? []) {
      bytes.set({ academy: row.slug, place: 'local' }, row.local);
      bytes.set({ academy: row.slug, place: 'bucket' }, row.bucket);
      failed.set({ academy: row.slug }, row.failed);
    }
  };
}

/** The figures each scrape reads from the database: the pool, jobs, messages, replies. */
function databaseGauges(registers: Registry[]) {
  const databaseUp = new Gauge({ name: 'academy_database_up', help: '1 when the database answered this scrape, 0 when it did not', registers });
  const poolTotal = new Gauge({ name: 'academy_db_pool_connections', help: 'Connections this server holds to PostgreSQL (busy and idle)', registers });
  const poolIdle = new Gauge({ name: 'academy_db_pool_idle_connections', help: 'Connections this server holds to PostgreSQL that are idle', registers });
  const poolWaiting = new Gauge({ name: 'academy_db_pool_waiting_requests', help: 'Queries waiting for a free connection of this server', registers });

  const jobs = new Gauge({ name: 'academy_jobs', help: 'Background jobs (table jobs) by name and state: waiting (due, not yet claimed), running, retrying (failed, tried again later), failed (gave up within the last day)', labelNames: ['name', 'state'], registers });
  const oldestJob = new Gauge({ name: 'academy_jobs_oldest_waiting_age_seconds', help: 'How long the longest-waiting due job has waited for a runner (0: none waiting; NaN: the database did not answer)', registers });

  const messages = new Gauge({ name: 'academy_family_messages', help: `Messages to families (table parent_messages) made in the last ${MESSAGE_WINDOW}, by channel and status`, labelNames: ['channel', 'status'], registers });
  const replies = new Gauge({ name: 'academy_family_replies', help: `Families' WhatsApp messages (issue 60): received and answered automatically in the last ${MESSAGE_WINDOW}, and conversations waiting for the office now`, labelNames: ['state'], registers });
  const oldestMessage = new Gauge({ name: 'academy_family_messages_oldest_queued_age_seconds', help: 'How long the oldest queued message that may be sent now has waited (0: none; NaN: the database did not answer)', registers });
  return { databaseUp, poolTotal, poolIdle, poolWaiting, jobs, oldestJob, messages, replies, oldestMessage };
}

/** The figures of the disk (stored files, the file system) and of every academy's backups, off-site copies included. */
function fileAndBackupGauges(registers: Registry[]) {
  const storageBytes = new Gauge({ name: 'academy_file_storage_bytes', help: 'Bytes of the stored files (DATA_DIR/files), read at most once a minute', registers });
  const storageFiles = new Gauge({ name: 'academy_file_storage_files', help: 'Number of stored files (DATA_DIR/files), read at most once a minute', registers });
  const diskSize = new Gauge({ name: 'academy_data_dir_filesystem_size_bytes', help: 'Size of the file system holding DATA_DIR', registers });
  const diskFree = new Gauge({ name: 'academy_data_dir_filesystem_free_bytes', help: 'Bytes free for the server on the file system holding DATA_DIR', registers });

  // Per academy (issue 71): an alert names the academy whose backups stopped, by its slug.
  const backupCount = new Gauge({ name: 'academy_backups', help: 'Readable backups of each academy (label academy: its slug)', labelNames: ['academy'], registers });
  const backupAge = new Gauge({ name: 'academy_backup_newest_age_seconds', help: 'Age of the newest readable backup of each academy (NaN when it has none: see academy_backups)', labelNames: ['academy'], registers });
  const offsiteFailed = new Gauge({ name: 'academy_backup_offsite_failed', help: `Backups whose copy to the off-site bucket failed (${offsiteRetryText(retryDelayMs)}; 0 when off-site backups are off; NaN: the database did not answer)`, registers });
  const offsiteAge = new Gauge({ name: 'academy_backup_offsite_newest_age_seconds', help: 'Age of the newest copy in the off-site bucket (NaN when there is none or off-site backups are off)', registers });
  const backupTime = new Gauge({ name: 'academy_backup_newest_timestamp_seconds', help: 'When the newest readable backup of each academy was made (Unix time; NaN when it has none)', labelNames: ['academy'], registers });
  return { storageBytes, storageFiles, diskSize, diskFree, backupCount, backupAge, offsiteFailed, offsiteAge, backupTime };
}

/** Sets the disk's and the backups' figures from what was read: stored files, the file system, each academy's backups. */
function setFileFigures(
  { storageBytes, storageFiles, diskSize, diskFree, backupCount, backupAge, backupTime }: ReturnType<typeof fileAndBackupGauges>,
  [stored, disk, backupList]: [{ bytes: number; files: number } | undefined, fs.StatsFs | undefined, { academy: string; count: number; newest: number | undefined }[] | undefined],
): void {
  // Unknown (a folder that cannot be read) is NaN, which no alert's comparison takes for a value.
  storageBytes.set(stored?.bytes ?? NaN);
  storageFiles.set(stored?.files ?? NaN);
  diskSize.set(disk ? disk.blocks * disk.bsize : NaN);
  diskFree.set(disk ? disk.bavail * disk.bsize : NaN);
  // Academies that could not be listed (the database did not answer) are left out, never reported as zeros.
  for (const gauge of [backupCount, backupTime, backupAge]) gauge.reset();
  for (const { academy, count, newest } of backupList ?? []) {
    backupCount.set({ academy }, count);
    backupTime.set({ academy }, newest === undefined ? NaN : newest / 1000);
    backupAge.set({ academy }, newest === undefined ? NaN : Math.max(0, (Date.now() - newest) / 1000));
  }
}

export function createAppMetrics(sources: MetricsSources): AppMetrics {
  const pool = (sources.db as unknown as { $client: pg.Pool }).$client;
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({ name: 'academy_http_requests_total', help: 'HTTP requests answered by this server, by method, route pattern and status code', labelNames: ['method', 'route', 'status_code'], registers });
  const latency = new Histogram({ name: 'academy_http_request_duration_seconds', help: 'Time from a request to its answer, by method, route pattern and status code', labelNames: ['method', 'route', 'status_code'], buckets: LATENCY_BUCKETS, registers });

  new Gauge({ name: 'academy_up', help: 'Always 1: this server answers', registers }).set(1);
  new Gauge({ name: 'academy_build_info', help: 'The running version (value 1)', labelNames: ['version', 'node_version'], registers }).set({ version: sources.version, node_version: process.version }, 1);

  const { databaseUp, poolTotal, poolIdle, poolWaiting, jobs, oldestJob, messages, replies, oldestMessage } = databaseGauges(registers);
  const fileGauges = fileAndBackupGauges(registers);
  const { offsiteFailed, offsiteAge } = fileGauges;

  const setLectureFigures = lectureGauges(registers);

  const storedFiles = cachedFor(SLOW_FIGURES_MS, () => folderSize(sources.filesDir));
  const backups = cachedFor(SLOW_FIGURES_MS, async () =>
    (await sources.listBackups()).map(({ academy, backups: list }) => {
      const readable = list.filter((backup) => backup.readable);
      const newest = Math.max(...readable.map((backup) => Date.parse(backup.createdAt)));
      return { academy, count: readable.length, newest: readable.length > 0 ? newest : undefined };
    }),
  );

  const { inEveryAcademy, readLectureBytes } = academyQueries(pool);

  async function readDatabase() {
    // Before this scrape takes its own connections.
    poolTotal.set(pool.totalCount);
    poolIdle.set(pool.idleCount);
    poolWaiting.set(pool.waitingCount);
    const lectureRows = readLectureBytes().catch(() => undefined);
    const [jobRows, messageRows, offsiteRows, conversationRows] = await Promise.allSettled([
      inEveryAcademy<JobRow>(JOBS_SQL).then((result) => ({ rows: sumRows(result.rows, (row) => row.name, ['waiting', 'running', 'retrying', 'failed'], 'oldest_waiting') })),
      inEveryAcademy<MessageRow>(MESSAGES_SQL).then((result) => ({ rows: sumRows(result.rows, (row) => `${row.channel} ${row.status}`, ['count'], 'oldest_queued') })),
      inEveryAcademy<OffsiteRow>(OFFSITE_SQL),
      inEveryAcademy<ConversationRow>(CONVERSATIONS_SQL),
    ]);
    setLectureFigures(await lectureRows);
    replies.reset();
    if (conversationRows.status === 'fulfilled') {
      const sum = (key: keyof ConversationRow) => conversationRows.value.rows.reduce((total, row) => total + row[key], 0);
      replies.set({ state: 'received' }, sum('received'));
      replies.set({ state: 'answered_automatically' }, sum('answered'));
      replies.set({ state: 'waiting_for_office' }, sum('waiting'));
    }
    databaseUp.set(jobRows.status === 'fulfilled' && messageRows.status === 'fulfilled' && offsiteRows.status === 'fulfilled' ? 1 : 0);
    const offsiteOfAcademies = offsiteRows.status === 'fulfilled' ? offsiteRows.value.rows : undefined;
    // Every academy's failed copies; the longest any academy with copies has gone without a new one.
    const ages = (offsiteOfAcademies ?? []).flatMap((row) => (row.last_upload_age === null ? [] : [row.last_upload_age]));
    offsiteFailed.set(offsiteOfAcademies ? offsiteOfAcademies.reduce((sum, row) => sum + row.failed, 0) : NaN);
    offsiteAge.set(ages.length > 0 ? Math.max(...ages) : NaN);
    // What the database did not answer is left out (labelled series) or unknown (NaN): never a reassuring zero.
    jobs.reset();
    oldestJob.set(NaN);
    if (jobRows.status === 'fulfilled') {
      for (const row of jobRows.value.rows) for (const state of JOB_STATES) jobs.set({ name: row.name, state }, row[state]);
      oldestJob.set(Math.max(0, ...jobRows.value.rows.map((row) => row.oldest_waiting ?? 0)));
    }
    messages.reset();
    oldestMessage.set(NaN);
    if (messageRows.status === 'fulfilled') {
      // Every channel and status, zeros too, so that an alert's expression always finds its series.
      for (const channel of MESSAGE_CHANNELS) for (const status of MESSAGE_STATUSES) messages.set({ channel, status }, 0);
      for (const row of messageRows.value.rows) messages.set({ channel: row.channel, status: row.status }, row.count);
      oldestMessage.set(Math.max(0, ...messageRows.value.rows.map((row) => row.oldest_queued ?? 0)));
    }
  }

  const readFiles = async () => setFileFigures(fileGauges, await Promise.all([storedFiles(), fs.promises.statfs(sources.dataDir).catch(() => undefined), backups()]));

  // Two scrapes at once (two Prometheus servers) share one reading: the gauges are reset and set by one at a time.
  let scraping: Promise<string> | undefined;
  async function readAll(): Promise<string> {
    await Promise.all([readDatabase(), readFiles()]);
    return (await processRegistry().registry.metrics()) + (await registry.metrics());
  }

  return {
    contentType: registry.contentType,
    observe(request, reply) {
      const labels = { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
    },
    scrape() {
      scraping ??= readAll().finally(() => {
        scraping = undefined;
      });
      return scraping;
    },
  };
}
