import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { RESTORE_CONFIRMATION_WORD, type BackupJob, type BackupSummary } from '@academy/shared/schemas/backups';
import { BACKUP_MESSAGES } from '@academy/shared/schemas/backups';
import { normalizeError } from '../../../lib/api-client';
import { useRestoreBackup } from '../api';
import { contentsText, formatDateTime } from '../backup-display';
import { Trans, useLingui } from '@lingui/react/macro';

interface RestoreBackupModalProps {
  backup: BackupSummary | null;
  onClose: () => void;
  onStarted: (job: BackupJob) => void;
}

/**
 * Restoring replaces everything, so the admin reads what happens and types the word RESTORE. A
 * backup the server refuses (damaged, from a newer version) shows the server's reason right here.
 */
export function RestoreBackupModal({ backup, onClose, onStarted }: RestoreBackupModalProps) {
  const { t } = useLingui();
  const restore = useRestoreBackup();
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    restore.reset();
    onClose();
  };
  const confirmed = typed.trim() === RESTORE_CONFIRMATION_WORD;

  return (
    <Modal opened={backup !== null} onClose={close} title={t`Restore this backup?`} centered size="lg">
      {backup ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirmed) return;
            restore.mutate(backup.name, {
              onSuccess: ({ data }) => {
                setTyped('');
                onStarted(data);
              },
            });
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              <Trans>
                Backup of <strong>{formatDateTime(backup.createdAt)}</strong>: {contentsText(backup)}.
              </Trans>
            </Text>
            <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} title={t`This replaces all current data`}>
              <List size="sm" spacing={4}>
                <List.Item>
                  <Trans>Every record and stored file is replaced by the backup&apos;s. Anything added or changed since then is lost; take a backup first if unsure.</Trans>
                </List.Item>
                <List.Item>
                  <Trans>It happens in one step: if anything goes wrong, nothing changes.</Trans>
                </List.Item>
                <List.Item>
                  <Trans>Everyone is signed out, you too: sign in again when it has finished.</Trans>
                </List.Item>
              </List>
            </Alert>
            <TextInput
              label={t`Type ${RESTORE_CONFIRMATION_WORD} to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              data-autofocus
            />
            {restore.isError ? (
              <Alert color="red" variant="light" title={t`The backup was not restored`} role="alert">
                {normalizeError(restore.error, BACKUP_MESSAGES.restoreFailed).message}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" color="red" disabled={!confirmed} loading={restore.isPending}>
                <Trans>Restore</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
