import { Alert, Text } from '@mantine/core';
import { Plural, Trans } from '@lingui/react/macro';
import type { LectureSettings } from '@academy/shared/schemas/lecture-settings';
import { translateServerText } from '../../../lib/server-text';
import { megabytes } from '../offline-lectures';

/**
 * Settings → Lectures, under the storage by batch (decision 096): how much of it is in the academy's
 * bucket (the off-site backups' one), what is still waiting to be copied there, and a copy that failed
 * with why, and that changing the bucket does not move what is in it (decision 096). Nothing when no bucket is set.
 */
export function LectureBucketStatus({ bucket }: { bucket: LectureSettings['bucket'] }) {
  if (!bucket) return null;
  return (
    <div data-testid="lecture-bucket-status">
      <Text size="sm" mt="xs">
        <Trans>In the academy’s bucket: {megabytes(bucket.bytes)}</Trans>
        {bucket.waiting > 0 ? (
          <>
            {' · '}
            <Plural value={bucket.waiting} one="# lecture waiting to be copied there" other="# lectures waiting to be copied there" />
          </>
        ) : null}
      </Text>
      {bucket.bytes > 0 ? (
        <Text size="sm" c="dimmed" data-testid="lecture-bucket-move">
          <Trans>
            Changing the bucket or its address in Backup → Backups off the machine does not move these lectures: copy the academy’s lectures folder to the new bucket first, or they cannot be played.
          </Trans>
        </Text>
      ) : null}
      {!bucket.on ? (
        <Text size="sm" c="dimmed">
          <Trans>Backups off the machine are off: new lectures stay on the server; those already in the bucket still play from it.</Trans>
        </Text>
      ) : null}
      {bucket.failed > 0 ? (
        <Alert color="red" mt="xs" title={<Plural value={bucket.failed} one="# lecture could not be copied to the bucket" other="# lectures could not be copied to the bucket" />}>
          {bucket.lastError ? `${translateServerText(bucket.lastError)}. ` : ''}
          <Trans>They play from the server meanwhile and are tried again every 15 minutes.</Trans>
        </Alert>
      ) : null}
    </div>
  );
}
