import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BACKUP_NAME_PATTERN, OFFSITE_MESSAGES, type BackupKind, type RemoteBackup } from '@academy/shared/schemas/backups';
import { AppError } from '../../lib/app-error';
import { decryptStream, OffsiteDecryptError } from './offsite-crypto';
import { describeS3Error, s3ClientFor, type OffsiteConfig } from './offsite-bucket';

/** The backups in the bucket, as a restore from it sees them: listed and one downloaded and opened. */

const KIND_OF_NAME = /-(manual|automatic|uploaded)-[0-9a-f]{6}\.tar\.gz$/;

/** Every Academy backup in the bucket under the prefix (newest first), whether this machine has it or not. */
export async function listRemoteBackups(config: OffsiteConfig, localNames: Set<string>): Promise<RemoteBackup[]> {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = await s3ClientFor(config);
  const found: RemoteBackup[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: config.prefix ? `${config.prefix}/` : undefined, Delimiter: '/', ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const key = object.Key ?? '';
        const name = path.posix.basename(key).replace(/\.enc$/, '');
        if (!key.endsWith('.enc') || !BACKUP_NAME_PATTERN.test(name)) continue;
        found.push({
          key,
          name,
          kind: (KIND_OF_NAME.exec(name)?.[1] as BackupKind | undefined) ?? null,
          sizeBytes: object.Size ?? 0,
          lastModified: object.LastModified?.toISOString() ?? null,
          local: localNames.has(name),
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } catch (error) {
    throw new AppError('BAD_REQUEST', describeS3Error(error));
  } finally {
    client.destroy();
  }
  return found.sort((a, b) => b.name.localeCompare(a.name));
}

/**
 * Downloads `key` and decrypts it into `target` (a .tar.gz), checking on the way the SHA-256 stored
 * with the object (and the one recorded here, when known) and every chunk's authentication. A wrong
 * recovery key, a changed object or a checksum that differs answers 400 and leaves no file behind.
 */
export async function downloadRemoteBackup(config: OffsiteConfig, archiveKey: Buffer, key: string, target: string, recordedSha256?: string | null): Promise<void> {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const client = await s3ClientFor(config);
  try {
    let answer;
    try {
      answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') throw new AppError('NOT_FOUND', OFFSITE_MESSAGES.remoteNotFound);
      throw new AppError('BAD_REQUEST', describeS3Error(error));
    }
    const hash = createHash('sha256');
    const body = answer.Body as Readable;
    body.on('data', (chunk: Buffer) => hash.update(chunk));
    try {
      await pipeline(body, decryptStream(archiveKey), fs.createWriteStream(target, { mode: 0o600 }));
    } catch (error) {
      await fs.promises.rm(target, { force: true });
      if (error instanceof OffsiteDecryptError) throw new AppError('BAD_REQUEST', error.message);
      throw new AppError('BAD_REQUEST', describeS3Error(error));
    }
    const sha256 = hash.digest('hex');
    const expected = [answer.Metadata?.sha256, recordedSha256].filter((value): value is string => Boolean(value));
    if (expected.some((value) => value !== sha256)) {
      await fs.promises.rm(target, { force: true });
      throw new AppError('BAD_REQUEST', OFFSITE_MESSAGES.checksumMismatch);
    }
  } finally {
    client.destroy();
  }
}
