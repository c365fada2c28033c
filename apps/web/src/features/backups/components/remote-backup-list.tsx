import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCloudDownload, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RemoteBackup } from '@academy/shared/schemas/backups';
import { normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useBackupSettings, useRemoteBackups } from '../api';
import { formatBytes, KIND_LABELS } from '../backup-display';

/**
 * The backups in the bucket (issue 52): this machine's and any other's under the same folder, each
 * restorable here. Asked for on demand: listing is a call to the storage provider.
 */
export function RemoteBackupList({ busy, onRestore }: { busy: boolean; onRestore: (backup: RemoteBackup) => void }) {
  const { t, i18n } = useLingui();
  const settings = useBackupSettings();
  const [shown, setShown] = useState(false);
  const remote = useRemoteBackups(shown && Boolean(settings.data?.offsite));
  if (!settings.data?.offsite) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5" id="remote-backups-title">
            <Trans>Backups in the bucket</Trans>
          </Title>
          <Button size="xs" variant="light" leftSection={<IconCloudDownload size={16} aria-hidden="true" />} loading={remote.isFetching} onClick={() => (shown ? void remote.refetch() : setShown(true))}>
            {shown ? <Trans>Refresh</Trans> : <Trans>Show the backups in the bucket</Trans>}
          </Button>
        </Group>
        {remote.isError ? (
          <Alert color="red" variant="light" role="alert" title={t`The bucket could not be listed`}>
            {normalizeError(remote.error).message}
          </Alert>
        ) : remote.data ? (
          remote.data.objects.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>There is no backup in the bucket yet.</Trans>
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="remote-backups-title">
              {remote.data.objects.map((object) => (
                <Card key={object.key} component="li" withBorder radius="sm" padding="sm">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {object.name}
                      </Text>
                      <Group gap={6}>
                        {object.kind ? (
                          <Badge size="sm" variant="light">
                            {i18n._(KIND_LABELS[object.kind])}
                          </Badge>
                        ) : null}
                        <Badge size="sm" variant="light" color={object.local ? 'teal' : 'gray'}>
                          {object.local ? t`Also on this machine` : t`Only in the bucket`}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {formatBytes(object.sizeBytes)}
                          {object.lastModified ? ` · ${formatDateTime(object.lastModified)}` : ''}
                        </Text>
                      </Group>
                    </Stack>
                    <Button size="xs" variant="light" color="orange" disabled={busy} leftSection={<IconRestore size={16} aria-hidden="true" />} onClick={() => onRestore(object)} aria-label={t`Restore ${object.name} from the bucket`}>
                      <Trans>Restore</Trans>
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
