/**
 * The public face of the backups module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { describeS3Error, offsiteFailuresSql, offsiteRetryText, s3ClientFor, type OffsiteConfig } from './offsite.service';
export { academyBucket, academyBucketOn } from './academy-bucket';
