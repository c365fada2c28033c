import { describe, expect, it } from 'vitest';
import { offsiteSettingsInputSchema } from '@academy/shared/schemas/backups';
import { toOffsiteFormValues, toOffsiteInput } from './offsite-form';

describe('the off-site form', () => {
  it('never shows a stored key, and sends a key only when one was typed', () => {
    const values = toOffsiteFormValues({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      region: 'eu-central-1',
      bucket: 'shree-backups',
      prefix: 'academy',
      forcePathStyle: false,
      accessKeyIdSet: true,
      secretAccessKeySet: true,
      keyId: '0123456789abcdef',
      recoverySheetDownloaded: true,
      readable: true,
    });
    expect(values.accessKeyId).toBe('');
    expect(values.secretAccessKey).toBe('');
    expect(toOffsiteInput(values)).toEqual({ endpoint: 'https://s3.eu-central-1.amazonaws.com', region: 'eu-central-1', bucket: 'shree-backups', prefix: 'academy', forcePathStyle: false });
    expect(toOffsiteInput({ ...values, accessKeyId: ' AKIA1 ', secretAccessKey: 'secret' })).toMatchObject({ accessKeyId: 'AKIA1', secretAccessKey: 'secret' });
  });

  it('is checked by the server’s own schema (an endpoint with a path is refused)', () => {
    const input = toOffsiteInput({ ...toOffsiteFormValues(null), endpoint: 'https://example.com/bucket', region: 'auto', bucket: 'ok-bucket' });
    expect(offsiteSettingsInputSchema.safeParse(input).success).toBe(false);
    expect(offsiteSettingsInputSchema.safeParse({ ...input, endpoint: 'https://example.r2.cloudflarestorage.com' }).success).toBe(true);
  });
});
