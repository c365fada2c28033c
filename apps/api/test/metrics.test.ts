import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../src/db/client';
import { academyBackupPaths, createBackup } from '../src/modules/backups/backups.service';
import { retryDelayMs } from '../src/db/job-runner';
import { offsiteRetryText } from '../src/modules/backups';
import { apiRoot } from '../src/paths';
import { FIRST_ACADEMY_ID, withAcademy } from '../src/lib/tenancy';
import { buildTestApp, TEST_SERVER_KEYS, type TestApp } from './build-test-app';
import { shareTestApp } from './shared-test-app';
import { buildAcademies } from './factories';

// Issue 52, part 2: GET /metrics for Prometheus (modules/metrics, docs/decisions/042-metrics.md).

const TOKEN = 'metrics-token-0123456789abcdef';
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';
const A_BATCH = '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c';

/** Every sample line of the text format: `name{label="value",…} value` (prom-client writes NaN as `Nan`, which Prometheus reads). */
const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|nan|[+-]inf)$/i;

/** The samples of a scrape by their full name with labels, after checking that every line has the text format's shape. */
function parseSamples(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = SAMPLE_LINE.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    samples.set(`${match![1]}${match![2] ?? ''}`, Number(match![3]));
  }
  return samples;
}

describe('GET /metrics without METRICS_TOKEN: this machine only, directly', () => {
  const t = shareTestApp();

  it('answers a request from loopback with the Prometheus text format', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(PROMETHEUS_TEXT);
    const samples = parseSamples(response.body);
    expect(samples.get('academy_up')).toBe(1);
    expect(samples.get('academy_database_up')).toBe(1);
    // The process counters count from the registry's making; a scrape right after it may find
    // less CPU time than the kernel's tick, so the sample is there and not negative (CI saw 0).
    expect(samples.get('process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect([...samples.keys()].some((name) => name.startsWith('academy_build_info{version='))).toBe(true);
    expect(samples.get('academy_db_pool_connections')).toBeGreaterThanOrEqual(0);
    expect(samples.get('academy_data_dir_filesystem_size_bytes')).toBeGreaterThan(0);
    expect(samples.get('academy_data_dir_filesystem_free_bytes')).toBeGreaterThan(0);
    expect(samples.get('academy_file_storage_bytes')).toBe(0);
    expect(samples.get('academy_backups{academy="main"}')).toBe(0);
    expect(samples.get('academy_backup_newest_age_seconds{academy="main"}')).toBeNaN();
    expect(samples.get('academy_backup_offsite_failed')).toBe(0);
    expect(samples.get('academy_family_messages{channel="whatsapp",status="queued"}')).toBe(0);
  });

  it('passes `promtool check metrics`: no gauge is named like a counter (_total), and promtool finds nothing when installed (issue 71)', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const misnamed = [...body.matchAll(/^# TYPE (\S+) (gauge|untyped|histogram|summary)$/gm)].filter((match) => match[1]!.endsWith('_total')).map((match) => match[1]);
    expect(misnamed).toEqual([]);
    // The figures those gauges carried stay, by type.
    expect(body).toMatch(/^# TYPE nodejs_active_handles gauge$/m);
    if (spawnSync('sh', ['-c', 'command -v promtool'], { stdio: 'ignore' }).status === 0) {
      const checked = spawnSync('promtool', ['check', 'metrics'], { input: body, encoding: 'utf8' });
      expect(`${checked.stdout}${checked.stderr}`.trim()).toBe('');
      expect(checked.status).toBe(0);
    }
  });

  it('says when a failed off-site copy is retried as the job is set up, and as README says (issue 71: one timing)', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const timing = offsiteRetryText(retryDelayMs);
    expect(timing).toBe('retried after 30 s, then 1 min, then every 15 minutes');
    expect(body).toContain(`# HELP academy_backup_offsite_failed Backups whose copy to the off-site bucket failed (${timing};`);
    const readme = fs.readFileSync(path.join(apiRoot, '..', '..', 'README.md'), 'utf8');
    expect(readme).toContain(`failed (${timing})`);
    expect(readme).toContain(`is ${timing}`);
  });

  it('counts backups whose copy to the off-site bucket failed, while off-site backups are on', async () => {
    // The settings row as the Backup screen saves it (sealed values are opaque here: metrics never reads them).
    await t.database.db.execute(sql`insert into offsite_backup_settings (endpoint, region, bucket, access_key_id_sealed, secret_access_key_sealed, archive_key_sealed, archive_key_id)
      values ('http://127.0.0.1:9', 'us-east-1', 'academy', 'sealed', 'sealed', 'sealed', 'k1')`);
    await t.database.db.execute(sql`insert into offsite_backups (backup_name, status, object_key, uploaded_at) values
      ('a.tar.gz', 'uploaded', 'academy/a.tar.gz.enc', now() - interval '2 hours'), ('b.tar.gz', 'failed', 'academy/b.tar.gz.enc', null)`);
    let samples = parseSamples((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
    expect(samples.get('academy_backup_offsite_failed')).toBe(1);
    expect(samples.get('academy_backup_offsite_newest_age_seconds')).toBeGreaterThan(7_000);
    await t.database.db.execute(sql`update offsite_backup_settings set enabled = false`);
    samples = parseSamples((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
    expect(samples.get('academy_backup_offsite_failed')).toBe(0);
    await t.database.db.execute(sql`delete from offsite_backups`);
    await t.database.db.execute(sql`delete from offsite_backup_settings`);
  });

  it('is refused (404) from another address, and from loopback through a proxy', async () => {
    const refused = [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '10.0.0.2' },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
      { headers: { 'x-forwarded-for': '127.0.0.1' } },
      { headers: { forwarded: 'for=203.0.113.7' } },
      { headers: { 'x-real-ip': '203.0.113.7' } },
    ];
    for (const request of refused) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', ...request });
      expect(response.statusCode, JSON.stringify(request)).toBe(404);
      expect(response.body).not.toContain('academy_');
      expect(response.json()).toMatchObject({ success: false });
    }
    // IPv6 loopback, and IPv4 loopback written as IPv6, are this machine.
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1', '127.0.0.2']) {
      expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('labels requests by route pattern, never by the address asked; unknown addresses as one label', async () => {
    const uuid = randomBytes(16).toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
    // As a visitor: 401 twice, for two different batches.
    for (const id of [A_BATCH, uuid]) expect((await t.app.inject({ method: 'GET', url: `/api/batches/${id}` })).statusCode).toBe(401);
    await t.app.inject({ method: 'GET', url: `/no-such-page-${uuid}` });
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const samples = parseSamples(text);
    expect(text).not.toContain(A_BATCH);
    expect(text).not.toContain(uuid);
    expect(samples.get('academy_http_requests_total{method="GET",route="/api/batches/:id",status_code="401"}')).toBe(2);
    expect(samples.get('academy_http_request_duration_seconds_count{method="GET",route="/api/batches/:id",status_code="401"}')).toBe(2);
    expect(samples.get('academy_http_request_duration_seconds_bucket{le="10",method="GET",route="/api/batches/:id",status_code="401"}')).toBe(2);
    expect(samples.get('academy_http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThanOrEqual(1);
    // The histogram's buckets go from 5 ms to 10 s.
    expect(samples.has('academy_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/batches/:id",status_code="401"}')).toBe(true);
  });

  it('counts queued family messages and waiting jobs, and how long the oldest has waited', async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into parent_messages (kind, key, channel, status, date, subject, text, payload, created_at, updated_at)
      values ('sign-in-code', 'metrics-test-1', 'sms', 'queued', current_date, 'Code', 'Your code', '{}', now() - interval '20 minutes', now()),
             ('sign-in-code', 'metrics-test-2', 'sms', 'sent', current_date, 'Code', 'Your code', '{}', now(), now()),
             -- Held by quiet hours until tomorrow: queued, but not waiting.
             ('sign-in-code', 'metrics-test-3', 'whatsapp', 'queued', current_date, 'Code', 'Your code', '{}', now() - interval '3 hours', now())`);
    await db.execute(sql`update parent_messages set not_before = now() + interval '8 hours' where key = 'metrics-test-3'`);
    await db.execute(sql`
      insert into jobs (key, name, run_at, last_status, last_finished_at) values
        ('metrics-test-a', 'metrics-test', now() - interval '5 minutes', null, null),
        ('metrics-test-b', 'metrics-test', null, 'failed', now() - interval '1 hour'),
        -- Gave up long ago: kept for the admin, no longer counted as failing.
        ('metrics-test-c', 'metrics-test', null, 'failed', now() - interval '3 days')`);
    const samples = parseSamples((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
    expect(samples.get('academy_family_messages{channel="sms",status="queued"}')).toBe(1);
    expect(samples.get('academy_family_messages{channel="sms",status="sent"}')).toBe(1);
    expect(samples.get('academy_family_messages{channel="whatsapp",status="queued"}')).toBe(1);
    const oldestMessage = samples.get('academy_family_messages_oldest_queued_age_seconds')!;
    expect(oldestMessage).toBeGreaterThanOrEqual(20 * 60);
    expect(oldestMessage).toBeLessThan(60 * 60);
    expect(samples.get('academy_jobs{name="metrics-test",state="waiting"}')).toBe(1);
    expect(samples.get('academy_jobs{name="metrics-test",state="failed"}')).toBe(1);
    expect(samples.get('academy_jobs{name="metrics-test",state="running"}')).toBe(0);
    const oldestJob = samples.get('academy_jobs_oldest_waiting_age_seconds')!;
    expect(oldestJob).toBeGreaterThanOrEqual(5 * 60);
    expect(oldestJob).toBeLessThan(60 * 60);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metricsToken: TOKEN } });
    // A backup made before the first scrape (the backups are listed at most once a minute).
    await createBackup(t.database.db, { backupsDir: t.backupsDir, filesDir: t.filesDir }, TEST_SERVER_KEYS, { kind: 'manual' });
  });
  afterAll(() => t.close());

  it('answers only the bearer of the token, from anywhere', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '198.51.100.1' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe(PROMETHEUS_TEXT);
    const samples = parseSamples(ok.body);
    expect(samples.get('academy_backups{academy="main"}')).toBe(1);
    expect(samples.get('academy_backup_newest_age_seconds{academy="main"}')).toBeLessThan(600);
    expect(samples.get('academy_backup_newest_timestamp_seconds{academy="main"}')).toBeGreaterThan(Date.now() / 1000 - 600);
  });

  it('refuses a request without the token or with another one (401), from loopback too', async () => {
    const refused = [
      {},
      { authorization: 'Bearer' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('academy_');
    }
  });
});

describe('GET /metrics with many academies (issue 71)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { hosting: { mode: 'many', baseDomain: 'localhost' } } });
    const made = await buildAcademies(t.database.db, [{ slug: 'alpha', name: 'Alpha Classes' }, { slug: 'beta', name: 'Beta Tutorials' }]);
    const alpha = made.find((row) => row.slug === 'alpha')!.id;
    // Alpha's newest backup is two days old; beta has none; the first academy one of an hour ago.
    await withAcademy(alpha, () => createBackup(t.database.db, academyBackupPaths({ backupsDir: t.backupsDir, filesDir: t.filesDir }, alpha), TEST_SERVER_KEYS, { kind: 'automatic', now: new Date(Date.now() - 48 * 3_600_000) }));
    await withAcademy(FIRST_ACADEMY_ID, () => createBackup(t.database.db, { backupsDir: t.backupsDir, filesDir: t.filesDir }, TEST_SERVER_KEYS, { kind: 'manual', now: new Date(Date.now() - 3_600_000) }));
  }, 120_000);
  afterAll(() => t.close());

  it("counts every academy's backups, each labelled by its slug", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    const samples = parseSamples(response.body);
    expect(samples.get('academy_backups{academy="main"}')).toBe(1);
    expect(samples.get('academy_backups{academy="alpha"}')).toBe(1);
    expect(samples.get('academy_backups{academy="beta"}')).toBe(0);
    expect(samples.get('academy_backup_newest_age_seconds{academy="main"}')).toBeLessThan(2 * 3600);
    expect(samples.get('academy_backup_newest_age_seconds{academy="alpha"}')).toBeGreaterThan(47 * 3600);
    expect(samples.get('academy_backup_newest_age_seconds{academy="beta"}')).toBeNaN();
    expect(samples.get('academy_backup_newest_timestamp_seconds{academy="alpha"}')).toBeLessThan(Date.now() / 1000 - 47 * 3600);
  });
});

describe('GET /metrics while the database does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // As in database-down.test.ts: the bundled server's socket folder is gone.
    const socketFolder = path.join(os.tmpdir(), `academy-no-such-folder-${randomBytes(4).toString('hex')}`);
    t = await buildTestApp({ database: createDatabase({ host: socketFolder, user: 'academy', database: 'academy', connectionTimeoutMillis: 300 }) });
  });
  afterAll(() => t.close());

  it('still answers, with academy_database_up 0 and what it has', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    const samples = parseSamples(response.body);
    expect(samples.get('academy_database_up')).toBe(0);
    expect(samples.get('academy_up')).toBe(1);
    expect(samples.has('academy_db_pool_connections')).toBe(true);
    expect(samples.get('academy_data_dir_filesystem_size_bytes')).toBeGreaterThan(0);
    // The database's figures are left out or unknown, never reported as zeros.
    expect([...samples.keys()].some((name) => name.startsWith('academy_jobs{') || name.startsWith('academy_family_messages{'))).toBe(false);
    expect(samples.get('academy_jobs_oldest_waiting_age_seconds')).toBeNaN();
    expect(samples.get('academy_family_messages_oldest_queued_age_seconds')).toBeNaN();
  });
});
