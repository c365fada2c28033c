import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import {
  BACKUP_MESSAGES,
  backupSettingsInputSchema,
  backupSettingsSchema,
  OFFSITE_MESSAGES,
  offsiteTestInputSchema,
  remoteBackupListSchema,
  restoreRemoteInputSchema,
  backupJobSchema,
  backupListSchema,
  backupNameParamsSchema,
  backupSummarySchema,
  restoreBackupInputSchema,
} from '@academy/shared/schemas/backups';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ServerKeys } from '../../lib/server-keys';
import { createJobRegistry, type JobRegistry } from './backup-jobs';
import { actorOf } from '../../access/http';
import { recordAudit } from '../audit';
import { getAcademySettings } from '../../academy-settings';
import {
  downloadRemoteBackup,
  getBackupSettings,
  listRemoteBackups,
  markOffsiteForDeletion,
  offsiteSetup,
  offsiteStates,
  queueOffsiteUpload,
  recordedSha256,
  syncOffsite,
  takeRecoverySheet,
  testBucket,
  updateBackupSettings,
} from './offsite.service';
import {
  academyBackupPaths,
  adoptUploadedBackup,
  createBackup,
  deleteBackup,
  discardStagedBackup,
  existingBackupFile,
  listBackups,
  restoreStagedBackup,
  stageBackup,
  type BackupPaths,
} from './backups.service';
import { dataRoute, messageRoute } from '../../lib/route-replies';

/** Uploads above this are refused (413); a coaching academy's backup with its PDFs stays well below. */
export const MAX_BACKUP_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * The admin's backups (DESIGN.md section 4 style, under /api/admin/backups). Creating and restoring
 * answer 202 with a job to poll; a restore is checked completely (manifest, version, every checksum)
 * before it is accepted, so a bad archive answers 400 with what is wrong and changes nothing.
 * `ownerDb`: the tables' owner, which restores run as (they build tables in a scratch schema; decision 068).
 */
export const backupsRoutes: FastifyPluginAsyncZod<{ db: Db; ownerDb: Db; paths: BackupPaths; keys: ServerKeys; maxUploadBytes?: number }> = async (
  app,
  { db, ownerDb, paths: rootPaths, keys, maxUploadBytes = MAX_BACKUP_UPLOAD_BYTES },
) => {
  // The academy's own backups folder (issue 55): the request's academy, never another's.
  const paths = () => academyBackupPaths(rootPaths);
  const jobs = createJobRegistry(db, (label, task) => app.runInBackground(label, task), app.log);
  const context: BackupsContext = { db, ownerDb, keys, paths, jobs, maxUploadBytes };
  backupFileRoutes(app, context);
  restoreRoutes(app, context);
  offsiteSettingsRoutes(app, context);
};

type BackupsApp = Parameters<FastifyPluginAsyncZod>[0];
type BackupsContext = { db: Db; ownerDb: Db; keys: ServerKeys; paths: () => BackupPaths; jobs: JobRegistry; maxUploadBytes: number };
const tags = ['backups'];
const jobAnswer = apiSuccess(backupJobSchema);

/** The academy's backups as files: listed, made (a job), downloaded, deleted, uploaded. */
function backupFileRoutes(app: BackupsApp, { db, keys, paths, jobs, maxUploadBytes }: BackupsContext) {
  app.get('/admin/backups', { schema: { tags, response: { 200: apiSuccess(backupListSchema) } } }, async () => {
    const backups = await listBackups(paths());
    // Each backup's copy off the machine (decision 044): null for one that is not meant to go (made while off, uploaded).
    const states = await offsiteStates(db, backups.map((backup) => backup.name));
    return {
      success: true as const,
      data: { backups: backups.map((backup) => ({ ...backup, offsite: states.get(backup.name) ?? null })), activeJob: await jobs.active() },
    };
  });

  // Backups are files, not rows: each entry is written once the file work has succeeded.
  app.post('/admin/backups', { schema: { tags, response: { 202: jobAnswer } } }, async (request, reply) => {
    const actor = actorOf(request);
    const job = await jobs.start('create', 'Starting', async (onProgress) => {
      const { name } = await createBackup(db, paths(), keys, { kind: 'manual', onProgress: (progress, step) => onProgress(progress * 0.8, step) });
      await recordAudit(db, actor, { action: 'backup.create', entityType: 'backup', entityId: name, text: { key: 'backup.created', values: { name } } });
      if (await queueOffsiteUpload(db, name)) {
        onProgress(0.85, 'Copying off the machine');
        // A failed copy does not fail the backup: its row says why, the dashboard warns, the off-site job retries.
        await syncOffsite(db, keys, paths().backupsDir, { only: name }).catch((error: unknown) => app.log.warn({ err: error }, 'off-site copy failed'));
      }
      return name;
    });
    return reply.status(202).send({ success: true as const, data: job, message: BACKUP_MESSAGES.createStarted });
  });

  dataRoute(
    app, 'GET', '/admin/backups/jobs/:id', { tags, params: z.object({ id: z.uuid('Unknown job') }), response: { 200: jobAnswer } },
    (request) => jobs.get(request.params.id),
  );

  app.get('/admin/backups/:name/download', { schema: { tags, params: backupNameParamsSchema } }, async (request, reply) => {
    const file = existingBackupFile(paths(), request.params.name);
    const { size } = await fs.promises.stat(file);
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="${request.params.name}"`)
      .header('cache-control', 'no-store')
      .send(fs.createReadStream(file));
  });

  app.delete('/admin/backups/:name', { schema: { tags, params: backupNameParamsSchema, response: { 200: messageOnlySchema } } }, async (request) => {
    await deleteBackup(paths(), request.params.name);
    await markOffsiteForDeletion(db, request.params.name);
    // Its copy in the bucket goes now (or at the off-site job's next run if the bucket cannot be reached).
    app.runInBackground('off-site copy removed', () => syncOffsite(db, keys, paths().backupsDir).then(() => undefined));
    await recordAudit(db, actorOf(request), { action: 'backup.delete', entityType: 'backup', entityId: request.params.name, text: { key: 'backup.deleted', values: { name: request.params.name } } });
    return { success: true as const, message: BACKUP_MESSAGES.deleted };
  });

  app.post('/admin/backups/upload', { schema: { tags, consumes: ['multipart/form-data'], response: { 201: apiSuccess(backupSummarySchema) } } }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the backup as a file upload (multipart/form-data)');
    const part = await request.file({ limits: { fileSize: maxUploadBytes, files: 1 } });
    if (!part) throw new AppError('BAD_REQUEST', BACKUP_MESSAGES.uploadMissing);
    fs.mkdirSync(paths().backupsDir, { recursive: true, mode: 0o700 });
    const temporary = path.join(paths().backupsDir, `.upload-${randomBytes(6).toString('hex')}`);
    try {
      try {
        await pipeline(part.file, fs.createWriteStream(temporary, { mode: 0o600 }));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', BACKUP_MESSAGES.uploadTooLarge);
        throw error;
      }
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', BACKUP_MESSAGES.uploadTooLarge);
      const summary = await adoptUploadedBackup(paths(), keys, temporary);
      await recordAudit(db, actorOf(request), { action: 'backup.upload', entityType: 'backup', entityId: summary.name, text: { key: 'backup.uploaded', values: { name: summary.name } } });
      return reply.status(201).send({ success: true as const, data: summary, message: BACKUP_MESSAGES.uploaded });
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
  });
}

/** Restores, from a backup here or from the bucket (issue 52, decision 044): each checked, then a job. */
function restoreRoutes(app: BackupsApp, { db, ownerDb, keys, paths, jobs }: BackupsContext) {
  app.post(
    '/admin/backups/:name/restore',
    { schema: { tags, params: backupNameParamsSchema, body: restoreBackupInputSchema, response: { 202: jobAnswer } } },
    async (request, reply) => {
      await jobs.assertIdle();
      // No --trust-unsigned here: the screen restores only backups this server signed.
      const staged = await stageBackup(existingBackupFile(paths(), request.params.name), paths(), keys);
      try {
        const name = request.params.name;
        const actor = actorOf(request);
        const job = await jobs.start('restore', 'Checking the backup', async (onProgress) => {
          await restoreStagedBackup(ownerDb, paths(), staged, onProgress);
          // After the restore, which replaced the log with the backup's: this entry is the first after it.
          await recordAudit(db, actor, { action: 'backup.restore', entityType: 'backup', entityId: name, text: { key: 'backup.restored', values: { name } } });
          return name;
        });
        return reply.status(202).send({ success: true as const, data: job, message: BACKUP_MESSAGES.restoreStarted });
      } catch (error) {
        discardStagedBackup(staged);
        throw error;
      }
    },
  );

  // Backups off the machine (issue 52, decision 044).
  app.get('/admin/backups/remote', { schema: { tags, response: { 200: apiSuccess(remoteBackupListSchema) } } }, async () => {
    const setup = await offsiteSetup(db, keys);
    if (!setup) throw new AppError('NOT_FOUND', OFFSITE_MESSAGES.notConfigured);
    const local = new Set((await listBackups(paths())).map((backup) => backup.name));
    return { success: true as const, data: { objects: await listRemoteBackups(setup, local) } };
  });

  // A restore from the bucket onto this running install: downloaded, checked and decrypted with the
  // server's copy of the recovery key inside the job (it can take minutes), then restored as any backup.
  app.post('/admin/backups/remote/restore', { schema: { tags, body: restoreRemoteInputSchema, response: { 202: jobAnswer } } }, async (request, reply) => {
    await jobs.assertIdle();
    const setup = await offsiteSetup(db, keys);
    if (!setup) throw new AppError('NOT_FOUND', OFFSITE_MESSAGES.notConfigured);
    const key = request.body.key;
    const prefix = setup.prefix ? `${setup.prefix}/` : '';
    if (!key.startsWith(prefix) || !key.endsWith('.enc')) throw new AppError('NOT_FOUND', OFFSITE_MESSAGES.remoteNotFound);
    const actor = actorOf(request);
    const name = path.posix.basename(key).replace(/\.enc$/, '');
    const job = await jobs.start('restore', 'Downloading from the bucket', async (onProgress) => {
      fs.mkdirSync(paths().backupsDir, { recursive: true, mode: 0o700 });
      const downloaded = path.join(paths().backupsDir, `.work-remote-${randomBytes(6).toString('hex')}.tar.gz`);
      try {
        await downloadRemoteBackup(setup, setup.archiveKey, key, downloaded, await recordedSha256(db, key));
        onProgress(0.2, 'Checking the backup');
        const staged = await stageBackup(downloaded, paths(), keys);
        await restoreStagedBackup(ownerDb, paths(), staged, (progress, step) => onProgress(0.2 + progress * 0.8, step));
      } finally {
        await fs.promises.rm(downloaded, { force: true });
      }
      await recordAudit(db, actor, { action: 'backup.restore', entityType: 'backup', entityId: name, text: { key: 'backup.restored_remote', values: { name } } });
      return name;
    });
    return reply.status(202).send({ success: true as const, data: job, message: BACKUP_MESSAGES.restoreStarted });
  });
}

/** Settings → Backups: the bucket off the machine, its test and the recovery sheet (given once). */
function offsiteSettingsRoutes(app: BackupsApp, { db, keys, paths }: BackupsContext) {
  dataRoute(app, 'GET', '/admin/settings/backups', { tags, response: { 200: apiSuccess(backupSettingsSchema) } }, () => getBackupSettings(db, keys));

  app.put('/admin/settings/backups', { schema: { tags, body: backupSettingsInputSchema, response: { 200: apiSuccess(backupSettingsSchema) } } }, async (request) => {
    const existing = request.body.offsite ? (await listBackups(paths())).map((backup) => backup.name) : [];
    const data = await updateBackupSettings(db, keys, actorOf(request), request.body, existing);
    return { success: true as const, data, message: request.body.offsite ? OFFSITE_MESSAGES.saved : OFFSITE_MESSAGES.turnedOff };
  });

  messageRoute(
    app, 'POST', '/admin/settings/backups/test', { tags, body: offsiteTestInputSchema, response: { 200: messageOnlySchema } },
    (request) => testBucket(db, keys, request.body), OFFSITE_MESSAGES.tested,
  );

  // Given once: the recovery key leaves the server only here (decision 044).
  app.get('/admin/settings/backups/recovery-sheet', { schema: { tags } }, async (request, reply) => {
    const { name: academyName } = await getAcademySettings(db);
    const sheet = await takeRecoverySheet(db, keys, actorOf(request), academyName);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', 'attachment; filename="academy-recovery-sheet.txt"')
      .header('cache-control', 'no-store')
      .send(sheet);
  });
}
