import type { OffsiteSettings, OffsiteSettingsInput } from '@academy/shared/schemas/backups';

/**
 * What Settings → Backups edits for the bucket. The keys are always empty here: the server never
 * sends them back (only whether each is set), and an empty one keeps the stored one.
 */
export interface OffsiteFormValues {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export function toOffsiteFormValues(settings: OffsiteSettings | null): OffsiteFormValues {
  return {
    endpoint: settings?.endpoint ?? '',
    region: settings?.region ?? '',
    bucket: settings?.bucket ?? '',
    prefix: settings?.prefix ?? '',
    accessKeyId: '',
    secretAccessKey: '',
    forcePathStyle: settings?.forcePathStyle ?? false,
  };
}

/** The `offsite` of PUT /api/admin/settings/backups (and the bucket test): keys only when typed. */
export function toOffsiteInput(values: OffsiteFormValues): OffsiteSettingsInput {
  const accessKeyId = values.accessKeyId.trim();
  const secretAccessKey = values.secretAccessKey.trim();
  return {
    endpoint: values.endpoint.trim(),
    region: values.region.trim(),
    bucket: values.bucket.trim(),
    prefix: values.prefix.trim(),
    forcePathStyle: values.forcePathStyle,
    ...(accessKeyId ? { accessKeyId } : {}),
    ...(secretAccessKey ? { secretAccessKey } : {}),
  };
}
