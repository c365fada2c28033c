import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import tar from 'tar-stream';
import type { BackupJob } from '@academy/shared/schemas/backups';
import type { Db } from '../src/db/client';
import { fileDigest, listStoredFiles } from '../src/modules/backups/backup-archive';
import { listTables, tableDigest, useCanonicalOutput } from '../src/modules/backups/database-tables';
import { poolOf } from '../src/modules/backups/backups.service';
import { FIRST_ACADEMY_ID, PLATFORM_TABLES } from '../src/lib/tenancy';
import { seedDemoAcademy } from '../src/demo-seed';
import { buildTestApp, type TestApp } from './build-test-app';
import { buildUser, loginAs } from './factories';

/**
 * Every academy table's row count and checksum (the same JSON Lines digest a backup records), read in
 * one snapshot; the platform's tables (academies, operators: not in an academy's backup) only with
 * `withPlatform`. With `academyId`, that academy's rows only.
 */
export async function databaseDigest(
  db: Db,
  options: { withJobProgress?: boolean; withPlatform?: boolean; academyId?: string } = {},
): Promise<Record<string, { rows: number; sha256: string }>> {
  const client = await poolOf(db).connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await useCanonicalOutput(client);
    const result: Record<string, { rows: number; sha256: string }> = {};
    // backup_jobs is the progress of the backups and restores themselves: it changes with every job,
    // so before/after comparisons leave it out.
    for (const table of await listTables(client)) {
      if (!options.withPlatform && PLATFORM_TABLES.has(table.name)) continue;
      if (options.withJobProgress || table.name !== 'backup_jobs') result[table.name] = await tableDigest(client, table, options.academyId);
    }
    await client.query('commit');
    return result;
  } finally {
    client.release();
  }
}

/** Every stored file's size and sha256, by relative path. */
export async function filesDigest(filesDir: string): Promise<Record<string, { size: number; sha256: string }>> {
  const result: Record<string, { size: number; sha256: string }> = {};
  for (const relative of await listStoredFiles(filesDir)) result[relative] = await fileDigest(path.join(filesDir, relative));
  return result;
}

/**
 * A few stored files of the kinds notes will have (PDF bytes, nested folders, an empty file), in the
 * first academy's folder of the files root `filesRoot` (files/<academy_id>/, issue 55).
 */
export function writeSampleFiles(filesRoot: string, academyId: string = FIRST_ACADEMY_ID): void {
  const filesDir = path.join(filesRoot, academyId);
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 31) % 256)), Buffer.from('\n%%EOF\n')]);
  fs.mkdirSync(path.join(filesDir, 'notes', '2026', '05'), { recursive: true });
  fs.writeFileSync(path.join(filesDir, 'notes', '2026', '05', '3f6c1a.pdf'), pdf);
  fs.writeFileSync(path.join(filesDir, 'notes', 'physics chapter 1.pdf'), pdf.subarray(0, 1234));
  fs.writeFileSync(path.join(filesDir, 'empty.bin'), Buffer.alloc(0));
}

/** What a backup test starts from: a test app with the demo academy and sample files, and an admin signed in (the cookie). */
export async function buildBackupTestApp(): Promise<{ t: TestApp; admin: string; adminEmail: string }> {
  const t = await buildTestApp();
  await seedDemoAcademy(t.database.db);
  writeSampleFiles(t.filesDir);
  const user = await buildUser(t.database.db, { role: 'admin' });
  return { t, admin: await loginAs(t.app, user.email), adminEmail: user.email };
}

/** Polls a backup job until it is no longer running. */
export async function waitForJob(app: FastifyInstance, cookie: string, id: string): Promise<BackupJob> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const response = await app.inject({ method: 'GET', url: `/api/admin/backups/jobs/${id}`, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`job poll answered ${response.statusCode}: ${response.body}`);
    const job = response.json().data as BackupJob;
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('job did not finish');
}

/** Every entry of an archive, in order. */
export async function readArchive(file: string): Promise<{ name: string; data: Buffer }[]> {
  const entries: { name: string; data: Buffer }[] = [];
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      entries.push({ name: header.name, data: Buffer.concat(chunks) });
      next();
    });
  });
  await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  return entries;
}

/** Writes entries as a .tar.gz (for crafting damaged or foreign archives). */
export async function writeArchiveEntries(file: string, entries: { name: string; data: Buffer; type?: 'file' | 'symlink'; linkname?: string }[]): Promise<void> {
  const pack = tar.pack();
  const done = pipeline(pack, zlib.createGzip(), fs.createWriteStream(file));
  for (const entry of entries) {
    if (entry.type === 'symlink') pack.entry({ name: entry.name, type: 'symlink', linkname: entry.linkname });
    else pack.entry({ name: entry.name, size: entry.data.length }, entry.data);
  }
  pack.finalize();
  await done;
}
