import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { RESTORE_CONFIRMATION_WORD, restoreBackupInputSchema, type BackupJob, type BackupSummary } from '@academy/shared/schemas/backups';
import { BACKUP_MESSAGES } from '@academy/shared/schemas/backups';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useRestoreBackup } from '../api';
import { formatDateTime } from '../../../lib/format-date';
import { contentsText } from '../backup-display';
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
  return (
    <Modal opened={backup !== null} onClose={onClose} title={t`Restore this backup?`} centered size="lg">
      {/* The form lives only while the dialog is open: closing it forgets what was typed. */}
      {backup ? <RestoreBackupForm backup={backup} onClose={onClose} onStarted={onStarted} /> : null}
    </Modal>
  );
}

function RestoreBackupForm({ backup, onClose, onStarted }: { backup: BackupSummary; onClose: () => void; onStarted: (job: BackupJob) => void }) {
  const { t } = useLingui();
  const restore = useRestoreBackup();
  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues: { confirm: '' },
    schema: restoreBackupInputSchema,
    toInput: (values) => ({ confirm: values.confirm.trim() }),
    save: () => restore.mutateAsync(backup.name),
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
