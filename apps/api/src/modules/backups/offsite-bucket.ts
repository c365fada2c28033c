import type { S3Client } from '@aws-sdk/client-s3';
import { OFFSITE_MESSAGES } from '@academy/shared/schemas/backups';

/**
 * Backups off the machine (issue 52, decision 044): each backup made while this is on is encrypted
 * (offsite-crypto.ts) with the academy's recovery key and put in an S3-compatible bucket as
 * `<prefix>/<backup name>.enc`. Its state is a row of `offsite_backups`; the off-site job uploads
 * what is pending or failed and removes the copies of backups that were deleted here.
 */

export type OffsiteConfig = {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
};
export type OffsiteSetup = OffsiteConfig & { archiveKey: Buffer };

export const SECRET_CONTEXT = {
  accessKeyId: 'offsite:accessKeyId',
  secretAccessKey: 'offsite:secretAccessKey',
  archiveKey: 'offsite:archiveKey',
} as const;

/** A single PutObject carries at most 5 GiB (larger would need a multipart upload). */
export const MAX_SINGLE_UPLOAD_BYTES = 5 * 1024 * 1024 * 1024;
export const ERROR_LENGTH = 500;

export function objectKeyFor(prefix: string, backupName: string): string {
  return prefix ? `${prefix}/${backupName}.enc` : `${backupName}.enc`;
}

export async function s3ClientFor(config: OffsiteConfig): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Our own Content-MD5 and sha256 (below), sent as plain headers: every S3-compatible store understands
    // them, unlike the SDK's default streaming checksums (aws-chunked trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 10 * 60_000 },
  });
}

/** The admin's words for what went wrong with the bucket (never the provider's raw answer alone). */
export function describeS3Error(error: unknown): string {
  const failure = error as { name?: string; Code?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number }; cause?: { code?: string } };
  const name = failure.Code ?? failure.name ?? '';
  const status = failure.$metadata?.httpStatusCode;
  const code = failure.code ?? failure.cause?.code ?? '';
  if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken', 'InvalidClientTokenId'].includes(name)) return OFFSITE_MESSAGES.wrongKeys;
  if (name === 'NoSuchBucket') return OFFSITE_MESSAGES.noBucket;
  if (name === 'AccessDenied' || status === 403) return OFFSITE_MESSAGES.denied;
  if (['PermanentRedirect', 'AuthorizationHeaderMalformed', 'IllegalLocationConstraintException'].includes(name) || status === 301) return OFFSITE_MESSAGES.wrongRegion;
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT'].includes(code) || name === 'TimeoutError' || name === 'RequestTimeout')
    return OFFSITE_MESSAGES.unreachable;
  if (status === 404) return OFFSITE_MESSAGES.noBucket;
  return `${OFFSITE_MESSAGES.failed}${name ? ` (${name})` : ''}`;
}
