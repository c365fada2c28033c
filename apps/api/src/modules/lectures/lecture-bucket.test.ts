import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { OFFSITE_MESSAGES } from '@academy/shared/schemas/backups';
import { LECTURE_BUCKET_MESSAGES } from '@academy/shared/schemas/lectures';
import { type TestApp, TEST_SERVER_KEYS } from '../../../test/build-test-app';
import { buildTwoClasses, buildUser, loginAll } from '../../../test/factories';
import { s3rverObjects } from '../../../test/s3rver-objects';
import { freePort } from '../../../test/free-port';
import { buildAppPair, buildSecondAcademy } from '../../../test/second-academy';
import { multipart } from '../../../test/multipart';
import { jobs, lectureFiles, lectures } from '../../db/schema';
import { currentAcademyId, withAcademy } from '../../lib/tenancy';
import { removeExpiredLectures } from './lecture-watch.service';
import { LECTURE_BUCKET_JOB, syncLectureBucket } from './lecture-bucket';
import { changeJobTimes } from '../../../test/job-times';
import { ffmpeg } from '../../../test/media';

/*
 * Lectures in the academy's bucket (issue 75, decision 096), against s3rver, the local S3-compatible
 * stand-in the off-site backups' tests use (tests only): a ready lecture's renditions copied to
 * `<prefix>/<academy>/lectures/<id>/…` and served from there through the access-checked route, never its
 * key; academy B 404; a bucket that is down leaves the lecture playable from the server, the copy failed
 * with why (Settings → Lectures, /metrics), retried by the job runner; the retention removes the objects.
 */

const BUCKET = 'academy-lectures-test';
const PREFIX = 'shree/backups';
const OTHER_BUCKET = 'academy-lectures-new';
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000c9';
const B_HOST = 'lecbucket-b.localhost';

let t: TestApp;
let many: TestApp;
let s3: S3rver | undefined;
let s3Dir: string;
let port: number;
let work: string;
let academyA: string;
let bAdmin = '';
const cookies = { teacher: '', student: '', otherStudent: '', admin: '' };
const ids = { batch: '', first: '', second: '' };

async function startS3() {
  s3 = new S3rver({ address: '127.0.0.1', port, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }, { name: OTHER_BUCKET, configs: [] }] });
  await s3.run();
}
async function stopS3() {
  await s3?.close();
  s3 = undefined;
}

const storedObjects = () => s3rverObjects(s3Dir, BUCKET);
const objectsOf = (lectureId: string) => [...storedObjects().entries()].filter(([key]) => key.startsWith(`${PREFIX}/${academyA}/lectures/${lectureId}/`));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const runJobs = async () => {
  while ((await t.app.jobs.runDue()) > 0);
};
const filesOf = (lectureId: string) => t.database.db.select().from(lectureFiles).where(eq(lectureFiles.lectureId, lectureId));
const lectureRow = async (lectureId: string) => (await t.database.db.select().from(lectures).where(eq(lectures.id, lectureId)))[0]!;

async function uploadLecture(title: string, date: string): Promise<string> {
  const created = await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.teacher, { date, title });
  const id = created.json().data._id as string;
  const body = multipart({ file: { filename: 'voice.m4a', content: fs.readFileSync(path.join(work, 'voice.m4a')), contentType: 'audio/mp4' } });
  const uploaded = await t.app.inject({ method: 'POST', url: `/api/lectures/${id}/file`, payload: body.payload, headers: { ...body.headers, cookie: cookies.teacher } });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return id;
}

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-lecture-s3-'));
  port = await freePort();
  await startS3();
  ({ t, many } = await buildAppPair());
  academyA = currentAcademyId();
  const db = t.database.db;
  const { teacher, student, otherStudent, batch } = await buildTwoClasses(db);
  ids.batch = batch.id;
  const admin = await buildUser(db, { role: 'admin' });
  Object.assign(cookies, await loginAll(t.app, { teacher, student, otherStudent, admin }));
  ({ adminCookie: bAdmin } = await buildSecondAcademy(db, many, { id: B_ACADEMY_ID, slug: 'lecbucket-b' }));
  // The academy's bucket: the off-site backups' settings (Backup → Backups off the machine).
  const saved = await call('PUT', '/api/admin/settings/backups', cookies.admin, {
    offsite: { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: BUCKET, prefix: PREFIX, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-lecbucket-'));
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=300:duration=12', '-c:a', 'aac', path.join(work, 'voice.m4a'));
}, 120_000);

afterAll(async () => {
  await many?.close();
  await t?.close();
  await stopS3().catch(() => undefined);
  for (const folder of [s3Dir, work]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('a ready lecture in the academy’s bucket', () => {
  it('is copied there by the job the render wakes, its local copies removed, and never its key', async () => {
    ids.first = await uploadLecture('Optics', '2026-11-20');
    await runJobs();
    expect(await lectureRow(ids.first)).toMatchObject({ status: 'ready', bucketState: 'copied', bucketError: null, bucketFolder: `${PREFIX}/${academyA}/lectures/${ids.first}/` });
    const files = await filesOf(ids.first);
    expect(files.length).toBeGreaterThan(2);
    expect(files.every((file) => file.inBucket)).toBe(true);
    for (const file of files) expect(await t.storage.exists(file.fileKey)).toBe(false);
    const objects = new Map(objectsOf(ids.first));
    expect([...objects.keys()].sort()).toEqual(files.map((file) => `${PREFIX}/${academyA}/lectures/${ids.first}/${file.kind}/${file.name}`).sort());
    // The segments are there encrypted; the key itself is nowhere in the bucket.
    const key = (await call('GET', `/api/lectures/${ids.first}/key`, cookies.student)).rawPayload;
    expect(key.length).toBe(16);
    for (const body of storedObjects().values()) {
      expect(body.includes(key)).toBe(false);
      expect(body.toString('latin1')).not.toContain(key.toString('hex'));
    }
  });

  it('plays through the access-checked route, streamed from the bucket, byte for byte', async () => {
    const objects = new Map(objectsOf(ids.first));
    for (const file of await filesOf(ids.first)) {
      const answer = await call('GET', `/api/lectures/${ids.first}/hls/${file.kind}/${file.name}`, cookies.student);
      expect(answer.statusCode, file.name).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, max-age=86400');
      expect(Number(answer.headers['content-length'])).toBe(file.bytes);
      expect(answer.rawPayload.equals(objects.get(`${PREFIX}/${academyA}/lectures/${ids.first}/${file.kind}/${file.name}`)!)).toBe(true);
    }
  });

  it('is 404 to another batch’s student and to academy B’s admin, who never reach A’s objects', async () => {
    expect((await call('GET', `/api/lectures/${ids.first}/hls/voice-board/index.m3u8`, cookies.otherStudent)).statusCode).toBe(404);
    const fromB = await many.app.inject({ method: 'GET', url: `/api/lectures/${ids.first}/hls/voice-board/index.m3u8`, headers: { host: B_HOST, cookie: bAdmin } });
    expect(fromB.statusCode).toBe(404);
    // B has no bucket of its own, and its settings show none of A's.
    const bSettings = await many.app.inject({ method: 'GET', url: '/api/admin/settings/lectures', headers: { host: B_HOST, cookie: bAdmin } });
    expect(bSettings.json().data).toMatchObject({ storage: [], totalBytes: 0, bucket: null });
    // B sets the very same bucket and folder: its job finds nothing of A's to copy or remove (row-level
    // security shows it none of A's lectures), A's objects stay as they were, and A's address is still 404 to B.
    const before = objectsOf(ids.first).map(([key]) => key);
    const bBucket = await many.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/backups',
      headers: { host: B_HOST, cookie: bAdmin },
      payload: { offsite: { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: BUCKET, prefix: PREFIX, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    });
    expect(bBucket.statusCode, bBucket.body).toBe(200);
    expect(await withAcademy(B_ACADEMY_ID, () => syncLectureBucket({ db: t.database.db, storage: t.storage, keys: TEST_SERVER_KEYS }))).toEqual({ copied: [], removed: [], failed: [] });
    expect(objectsOf(ids.first).map(([key]) => key)).toEqual(before);
    expect((await many.app.inject({ method: 'GET', url: `/api/lectures/${ids.first}/hls/voice-board/index.m3u8`, headers: { host: B_HOST, cookie: bAdmin } })).statusCode).toBe(404);
    expect((await many.app.inject({ method: 'PUT', url: '/api/admin/settings/backups', headers: { host: B_HOST, cookie: bAdmin }, payload: { offsite: null } })).statusCode).toBe(200);
  });

  it('is counted where it is: Settings → Lectures and /metrics', async () => {
    const settings = (await call('GET', '/api/admin/settings/lectures', cookies.admin)).json().data;
    const bytes = (await filesOf(ids.first)).reduce((sum, file) => sum + file.bytes, 0);
    expect(settings.totalBytes).toBe(bytes);
    expect(settings.storage).toEqual([{ batch: { _id: ids.batch, name: expect.any(String) }, lectures: 1, bytes }]);
    expect(settings.bucket).toEqual({ on: true, bytes, waiting: 0, failed: 0, lastError: null });
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(new RegExp(`academy_lecture_bytes\\{academy="[a-z0-9-]+",place="bucket"\\} ${bytes}\\n`));
    expect(metrics).toMatch(/academy_lecture_bytes\{academy="[a-z0-9-]+",place="local"\} 0\n/);
    expect(metrics).toMatch(/academy_lecture_bucket_failed\{academy="[a-z0-9-]+"\} 0\n/);
  });
});

describe('a bucket that does not answer', () => {
  it('leaves a new lecture playable from the server, its copy failed with why, and the job retried', async () => {
    await stopS3();
    ids.second = await uploadLecture('Waves', '2026-11-21');
    await runJobs();
    const row = await lectureRow(ids.second);
    expect(row).toMatchObject({ status: 'ready', bucketState: 'failed', bucketError: OFFSITE_MESSAGES.unreachable });
    expect((await filesOf(ids.second)).some((file) => file.inBucket)).toBe(false);
    // Still played from the server's files.
    const playlist = await call('GET', `/api/lectures/${ids.second}/hls/voice-board/index.m3u8`, cookies.student);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-KEY:METHOD=AES-128');
    // The first one, in the bucket, answers 503 with why (the player tries again), never 500.
    const away = await call('GET', `/api/lectures/${ids.first}/hls/voice-board/index.m3u8`, cookies.student);
    expect(away.statusCode).toBe(503);
    expect(away.json().message).toContain(LECTURE_BUCKET_MESSAGES.unavailable);
    // The admin sees it; so does /metrics.
    const settings = (await call('GET', '/api/admin/settings/lectures', cookies.admin)).json().data;
    expect(settings.bucket).toMatchObject({ on: true, waiting: 1, failed: 1, lastError: OFFSITE_MESSAGES.unreachable });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(/academy_lecture_bucket_failed\{academy="[a-z0-9-]+"\} 1\n/);
    // The job's run (the wake-up the render queued) failed, so the runner tries it again later.
    const retrying = await t.database.db.select().from(jobs).where(and(eq(jobs.name, LECTURE_BUCKET_JOB), eq(jobs.lastStatus, 'retrying')));
    expect(retrying).toHaveLength(1);
    expect(retrying[0]!.lastError).toContain('could not be copied');
    expect(retrying[0]!.runAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });

  it('is caught up with when it answers again: the retry copies the lecture and the warning goes', async () => {
    await startS3();
    await changeJobTimes(t.database.db, sql`update jobs set run_at = now() where name = ${LECTURE_BUCKET_JOB} and last_status = 'retrying'`);
    await runJobs();
    expect(await lectureRow(ids.second)).toMatchObject({ bucketState: 'copied', bucketError: null });
    expect((await filesOf(ids.second)).every((file) => file.inBucket)).toBe(true);
    expect(objectsOf(ids.second).length).toBe((await filesOf(ids.second)).length);
    expect((await call('GET', `/api/lectures/${ids.second}/hls/voice-board/index.m3u8`, cookies.student)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/settings/lectures', cookies.admin)).json().data.bucket).toMatchObject({ waiting: 0, failed: 0, lastError: null });
    // The retried run succeeded: nothing of the job is left retrying.
    expect(await t.database.db.select().from(jobs).where(and(eq(jobs.name, LECTURE_BUCKET_JOB), eq(jobs.lastStatus, 'retrying')))).toEqual([]);
  });
});

describe('an expired lecture', () => {
  it('loses its objects in the bucket by the job the retention wakes; the other lecture keeps its own', async () => {
    await call('PUT', '/api/admin/settings/lectures', cookies.admin, { recorders: 'all-teachers', teacherIds: [], keepDays: 30, offlineDays: 14 });
    // Only the first lecture (20 Nov) is older than 30 days on 21 Dec.
    await removeExpiredLectures(t.database.db, t.storage, new Date('2026-12-21T12:00:00Z'));
    expect(await lectureRow(ids.first)).toMatchObject({ bucketState: 'removing' });
    expect((await call('GET', `/api/lectures/${ids.first}/hls/voice-board/index.m3u8`, cookies.student)).statusCode).toBe(404);
    await t.app.jobs.enqueue(LECTURE_BUCKET_JOB, {});
    await runJobs();
    expect(objectsOf(ids.first)).toEqual([]);
    expect(await lectureRow(ids.first)).toMatchObject({ bucketState: null, bucketFolder: null, bucketError: null });
    expect(objectsOf(ids.second).length).toBeGreaterThan(2);
    const settings = (await call('GET', '/api/admin/settings/lectures', cookies.admin)).json().data;
    expect(settings.bucket.bytes).toBe((await filesOf(ids.second)).reduce((sum, file) => sum + file.bytes, 0));
    await call('PUT', '/api/admin/settings/lectures', cookies.admin, { recorders: 'all-teachers', teacherIds: [], keepDays: null, offlineDays: 14 });
  });

  it('a lecture its teacher removes loses its objects by the job the removal wakes; the other keeps its own', async () => {
    const removed = await uploadLecture('Optics', '2026-11-23');
    await runJobs();
    expect(await lectureRow(removed)).toMatchObject({ bucketState: 'copied' });
    expect(objectsOf(removed).length).toBeGreaterThan(2);
    expect((await call('DELETE', `/api/lectures/${removed}`, cookies.teacher)).statusCode).toBe(200);
    expect(await lectureRow(removed)).toMatchObject({ bucketState: 'removing' });
    await runJobs();
    expect(objectsOf(removed)).toEqual([]);
    expect(await lectureRow(removed)).toMatchObject({ bucketState: null, bucketFolder: null });
    expect(objectsOf(ids.second).length).toBeGreaterThan(2);
  });

  it('with another bucket set, a lecture copied to the old one answers 503 saying what happened and what the admin does', async () => {
    const moved = await call('PUT', '/api/admin/settings/backups', cookies.admin, {
      offsite: { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: OTHER_BUCKET, prefix: PREFIX, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const away = await call('GET', `/api/lectures/${ids.second}/hls/voice-board/index.m3u8`, cookies.student);
    expect(away.statusCode).toBe(503);
    expect(away.json().message).toBe(LECTURE_BUCKET_MESSAGES.notInBucket);
    const back = await call('PUT', '/api/admin/settings/backups', cookies.admin, {
      offsite: { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: BUCKET, prefix: PREFIX, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    expect(back.statusCode).toBe(200);
    expect((await call('GET', `/api/lectures/${ids.second}/hls/voice-board/index.m3u8`, cookies.student)).statusCode).toBe(200);
  });

  it('with off-site copies turned off, what is in the bucket still plays', async () => {
    expect((await call('PUT', '/api/admin/settings/backups', cookies.admin, { offsite: null })).statusCode).toBe(200);
    expect((await call('GET', `/api/lectures/${ids.second}/hls/voice-board/index.m3u8`, cookies.student)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/settings/lectures', cookies.admin)).json().data.bucket).toMatchObject({ on: false, waiting: 0 });
  });

  it('with keys that no longer open (APP_SECRET changed), a new lecture plays from the server and the admin is told why', async () => {
    const on = await call('PUT', '/api/admin/settings/backups', cookies.admin, {
      offsite: { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: BUCKET, prefix: PREFIX, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    expect(on.statusCode).toBe(200);
    // Each sealed key in the other's place: neither opens under its own context any more.
    await t.database.db.execute(sql`update offsite_backup_settings set access_key_id_sealed = secret_access_key_sealed, secret_access_key_sealed = access_key_id_sealed`);
    const third = await uploadLecture('Sound', '2026-11-22');
    await runJobs();
    expect(await lectureRow(third)).toMatchObject({ status: 'ready', bucketState: 'failed', bucketError: LECTURE_BUCKET_MESSAGES.keysUnreadable });
    expect((await call('GET', `/api/lectures/${third}/hls/voice-board/index.m3u8`, cookies.student)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/settings/lectures', cookies.admin)).json().data.bucket).toMatchObject({ failed: 1, lastError: LECTURE_BUCKET_MESSAGES.keysUnreadable });
    // What is in the bucket cannot be read without them either: 503 in words, never a 500.
    const inBucket = await call('GET', `/api/lectures/${ids.second}/hls/voice-board/index.m3u8`, cookies.student);
    expect(inBucket.statusCode).toBe(503);
    expect(inBucket.json().message).toBe(LECTURE_BUCKET_MESSAGES.keysUnreadable);
  });
});
