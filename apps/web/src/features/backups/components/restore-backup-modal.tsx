import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { RESTORE_CONFIRMATION_WORD, restoreBackupInputSchema, type BackupJob, type BackupSummary, type RemoteBackup } from '@academy/shared/schemas/backups';
import { BACKUP_MESSAGES } from '@academy/shared/schemas/backups';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useRestoreBackup, useRestoreRemoteBackup } from '../api';
import { formatDateTime } from '../../../lib/format-date';
import { contentsText, formatBytes } from '../backup-display';
import { Trans, useLingui } from '@lingui/react/macro';

interface RestoreBackupModalProps {
  /** A backup of this machine, or one in the bucket off the machine (downloaded and decrypted by the server first). */
  backup: BackupSummary | RemoteBackup | null;
  onClose: () => void;
  onStarted: (job: BackupJob) => void;
}

/**
 * Restoring replaces everything, so the admin reads what happens and types the word RESTORE. A
 * backup the server refuses (damaged, from a newer version) shows the server's reason right here.
 */
export function RestoreBackupModal({ backup, onClose, onStarted }: RestoreBackupModalProps) {
  const { t } = useLingui();
  return (
    <Modal opened={backup !== null} onClose={onClose} title={t`Restore this backup?`} centered size="lg">
      {/* The form lives only while the dialog is open: closing it forgets what was typed. */}
      {backup ? <RestoreBackupForm backup={backup} onClose={onClose} onStarted={onStarted} /> : null}
    </Modal>
  );
}

function RestoreBackupForm({ backup, onClose, onStarted }: { backup: BackupSummary | RemoteBackup; onClose: () => void; onStarted: (job: BackupJob) => void }) {
  const { t } = useLingui();
  const restoreLocal = useRestoreBackup();
  const restoreRemote = useRestoreRemoteBackup();
  const remote = 'key' in backup ? backup : null;
  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues: { confirm: '' },
    schema: restoreBackupInputSchema,
    toInput: (values) => ({ confirm: values.confirm.trim() }),
    save: () => (remote ? restoreRemote.mutateAsync(remote.key) : restoreLocal.mutateAsync(backup.name)),
    onSaved: ({ data }) => onStarted(data),
    failure: BACKUP_MESSAGES.restoreFailed,
    // A dialog: it never asked before leaving.
    leaveGuard: false,
    // The Restore button waits for the word.
    mode: 'controlled',
  });
  const confirmed = form.values.confirm.trim() === RESTORE_CONFIRMATION_WORD;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {remote ? (
          <Text size="sm">
            <Trans>
              From the bucket: <strong>{remote.name}</strong> ({formatBytes(remote.sizeBytes)}). The server downloads it, checks its checksum and decrypts it first.
            </Trans>
          </Text>
        ) : 'createdAt' in backup ? (
          <Text size="sm">
            <Trans>
              Backup of <strong>{formatDateTime(backup.createdAt)}</strong>: {contentsText(backup)}.
            </Trans>
          </Text>
        ) : null}
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
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
          autoComplete="off"
          autoCapitalize="characters"
          data-autofocus
        />
        {formError ? (
          <Alert color="red" variant="light" title={t`The backup was not restored`} role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" color="red" disabled={!confirmed} loading={saving}>
            <Trans>Restore</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
