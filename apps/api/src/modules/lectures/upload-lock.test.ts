import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LECTURE_UPLOAD_MESSAGES } from '@academy/shared/schemas/lecture-uploads';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import { buildTestApp, createTestDatabaseConnection, type TestApp } from '../../../test/build-test-app';
import { buildTwoClasses, loginAll } from '../../../test/factories';
import { createDatabase } from '../../db/client';
import { FIRST_ACADEMY_ID } from '../../lib/tenancy';
import { LECTURE_UPLOAD_LOCK_KEY } from './upload-lock';

/*
 * Two servers on one database take the same lecture upload (decision 097): the lock that keeps two writes
 * of one upload apart is in PostgreSQL, so the proxy need not send a lecture's uploads to one server.
 *
 * - `one` and `two` are two app instances (two servers) on one database, sharing the uploads' folder (as
 *   DATA_DIR is shared). While `one` is still receiving a PATCH, a phone that changed network resumes on
 *   `two`: its HEAD asks `one` to stop (NOTIFY), `one` keeps what it had, and `two` answers that offset;
 *   its PATCH from there is all that follows. The file on disk is exactly the first PATCH's kept bytes
 *   and the second's, nothing of the first written after the HEAD (with a lock in each server's memory,
 *   `one` would go on writing under `two`'s bytes).
 * - A lock held by a server that does not let go: 423 in words after the wait, and nothing written.
 * - Finishing a recording cut short waits for the same lock.
 */

let one: TestApp;
let two: TestApp;
let work: string;
let uploadsDir: string;
let connection: pg.PoolConfig;
const cookies = { teacher: '' };
const ids = { batch: '' };
const TUS = { 'tus-resumable': '1.0.0' };
const OCTETS = { ...TUS, 'content-type': 'application/offset+octet-stream' };

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-upload-lock-'));
  uploadsDir = path.join(work, 'uploads');
  connection = await createTestDatabaseConnection();
  one = await buildTestApp({ database: createDatabase(connection), lectures: { uploadsDir, uploadLockWaitMs: 1_000 } });
  two = await buildTestApp({ database: createDatabase(connection), lectures: { uploadsDir, uploadLockWaitMs: 8_000 } });
  const { teacher, batch } = await buildTwoClasses(one.database.db);
  ids.batch = batch.id;
  // A session is a database row: the same cookie signs in on both servers.
  Object.assign(cookies, await loginAll(one.app, { teacher }));
  // Both servers listen for the other's notices once ready.
  await Promise.all([one.app.ready(), two.app.ready()]);
  await new Promise((resolve) => setTimeout(resolve, 500));
}, 60_000);
afterAll(async () => {
  await two?.close();
  await one?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

async function newUpload(app: TestApp, length: number) {
  const added = await app.app.inject({ method: 'POST', url: `/api/batches/${ids.batch}/lectures`, headers: { cookie: cookies.teacher }, payload: { date: '2026-11-28', title: 'Waves' } });
  expect(added.statusCode, added.body).toBe(201);
  const { _id, upload } = added.json().data as { _id: string; upload: { url: string } };
  const created = await app.app.inject({ method: 'POST', url: upload.url, headers: { ...TUS, cookie: cookies.teacher, 'upload-length': String(length) } });
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  return { lectureId: _id, location, uploadId: location.split('/').pop()! };
}
const headOn = (app: TestApp, location: string) => app.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, cookie: cookies.teacher } });
const fileOf = (uploadId: string) => path.join(uploadsDir, FIRST_ACADEMY_ID, uploadId);

/** A body sent slowly, as a phone on a slow link sends it: `chunk` bytes every `everyMs`. */
function slowly(bytes: Buffer, chunk: number, everyMs: number) {
  let at = 0;
  return new Readable({
    read() {
      if (at >= bytes.length) return void this.push(null);
      const piece = bytes.subarray(at, at + chunk);
      at += piece.length;
      setTimeout(() => this.push(piece), everyMs);
    },
  });
}

describe('two servers, one upload', () => {
  it('a resume on the other server stops the first write; the file is what tus acknowledged, no more', async () => {
    const total = 4 * 1024 * 1024;
    const bytes = randomBytes(total);
    const { location, uploadId } = await newUpload(one, total);
    // The first server receives the first 3 MB slowly (about 6 s).
    const firstBody = bytes.subarray(0, 3 * 1024 * 1024);
    const first = one.app.inject({ method: 'PATCH', url: location, headers: { ...OCTETS, cookie: cookies.teacher, 'upload-offset': '0', 'content-length': String(firstBody.length) }, payload: slowly(firstBody, 64 * 1024, 120) });
    await expect.poll(() => (fs.existsSync(fileOf(uploadId)) ? fs.statSync(fileOf(uploadId)).size : 0), { timeout: 10_000 }).toBeGreaterThan(256 * 1024);
    // The phone changed network: it asks the other server where the upload is.
    const asked = await headOn(two, location);
    expect(asked.statusCode, asked.body).toBe(200);
    const offset = Number(asked.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(firstBody.length);
    // The first request has ended (asked to stop) and keeps what it had.
    await first;
    expect(fs.statSync(fileOf(uploadId)).size).toBe(offset);
    // The phone sends the rest from there through the other server (here: other bytes, to see whose they are).
    const rest = randomBytes(512 * 1024);
    const second = await two.app.inject({ method: 'PATCH', url: location, headers: { ...OCTETS, cookie: cookies.teacher, 'upload-offset': String(offset) }, payload: rest });
    expect(second.statusCode, second.body).toBe(204);
    expect(second.headers['upload-offset']).toBe(String(offset + rest.length));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const onDisk = fs.readFileSync(fileOf(uploadId));
    expect(onDisk.length).toBe(offset + rest.length);
    expect(onDisk.subarray(0, offset).equals(bytes.subarray(0, offset))).toBe(true);
    expect(onDisk.subarray(offset).equals(rest)).toBe(true);
    // Both servers agree on where it is.
    expect((await headOn(one, location)).headers['upload-offset']).toBe(String(offset + rest.length));
  }, 40_000);

  it('a lock another server keeps: 423 in words, nothing written; free again, the PATCH goes in', async () => {
    const bytes = randomBytes(64 * 1024);
    const { lectureId, location, uploadId } = await newUpload(one, bytes.length * 2);
    const holder = new pg.Client(connection);
    await holder.connect();
    try {
      const key = `${FIRST_ACADEMY_ID}:${lectureId}:${uploadId}`;
      expect((await holder.query('select pg_try_advisory_lock($1, hashtext($2)) as locked', [LECTURE_UPLOAD_LOCK_KEY, key])).rows[0].locked).toBe(true);
      const refused = await one.app.inject({ method: 'PATCH', url: location, headers: { ...OCTETS, cookie: cookies.teacher, 'upload-offset': '0' }, payload: bytes });
      expect(refused.statusCode).toBe(423);
      expect(refused.json().message).toBe(LECTURE_UPLOAD_MESSAGES.uploadBusy);
      expect(fs.statSync(fileOf(uploadId)).size).toBe(0);
      // The catalog has it in Marathi and Hindi (a signed-in user's language is theirs).
      expect(translateServerMessage(LECTURE_UPLOAD_MESSAGES.uploadBusy, 'mr')).not.toBe(LECTURE_UPLOAD_MESSAGES.uploadBusy);
      expect(translateServerMessage(LECTURE_UPLOAD_MESSAGES.uploadBusy, 'hi')).not.toBe(LECTURE_UPLOAD_MESSAGES.uploadBusy);
      await holder.query('select pg_advisory_unlock($1, hashtext($2))', [LECTURE_UPLOAD_LOCK_KEY, key]);
    } finally {
      await holder.end();
    }
    const taken = await one.app.inject({ method: 'PATCH', url: location, headers: { ...OCTETS, cookie: cookies.teacher, 'upload-offset': '0' }, payload: bytes });
    expect(taken.statusCode, taken.body).toBe(204);
    expect(taken.headers['upload-offset']).toBe(String(bytes.length));
  }, 20_000);

  it('finishing a recording cut short waits for the lock: 423 while another server writes it', async () => {
    const added = await one.app.inject({ method: 'POST', url: `/api/batches/${ids.batch}/lectures`, headers: { cookie: cookies.teacher }, payload: { date: '2026-11-28', title: 'Sound' } });
    const { _id, upload } = added.json().data as { _id: string; upload: { url: string } };
    const created = await one.app.inject({ method: 'POST', url: upload.url, headers: { ...TUS, cookie: cookies.teacher, 'upload-defer-length': '1', 'upload-metadata': `kind ${Buffer.from('recording').toString('base64')}` } });
    const location = created.headers.location as string;
    const uploadId = location.split('/').pop()!;
    const sent = await two.app.inject({ method: 'PATCH', url: location, headers: { ...OCTETS, cookie: cookies.teacher, 'upload-offset': '0' }, payload: randomBytes(1024) });
    expect(sent.statusCode, sent.body).toBe(204);
    const holder = new pg.Client(connection);
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1, hashtext($2))', [LECTURE_UPLOAD_LOCK_KEY, `${FIRST_ACADEMY_ID}:${_id}:${uploadId}`]);
      const busy = await one.app.inject({ method: 'POST', url: `/api/lectures/${_id}/recording/finish`, headers: { cookie: cookies.teacher } });
      expect(busy.statusCode).toBe(423);
      expect(busy.json().message).toBe(LECTURE_UPLOAD_MESSAGES.uploadBusy);
    } finally {
      await holder.end();
    }
    // Free: the random bytes are no recording, said in words (400), never 500.
    const finished = await one.app.inject({ method: 'POST', url: `/api/lectures/${_id}/recording/finish`, headers: { cookie: cookies.teacher } });
    expect(finished.statusCode, finished.body).toBe(400);
  }, 20_000);
});
