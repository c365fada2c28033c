import { Alert, Anchor, Button, FileButton, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { IconDatabaseExport, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BACKUP_MESSAGES, type BackupJob, type BackupSummary, type RemoteBackup } from '@academy/shared/schemas/backups';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { ApiError, normalizeError } from '../../../lib/api-client';
import { clearSession } from '../../../features/auth/api';
import { authKeys, sessionQueryOptions } from '../../../lib/session';
import { backupKeys, useBackupJob, useBackupList, useCreateBackup, useDeleteBackup, useUploadBackup } from '../../../features/backups/api';
import { formatDateTime, formatTimeZoneName } from '../../../lib/format-date';
import { BackupJobProgress } from '../../../features/backups/components/backup-job-progress';
import { AcademyWorkbookCard } from '../../../features/backups/components/academy-workbook-card';
import { BackupList } from '../../../features/backups/components/backup-list';
import { OffsiteSettingsSection } from '../../../features/backups/components/offsite-settings-card';
import { RemoteBackupList } from '../../../features/backups/components/remote-backup-list';
import { RestoreBackupModal } from '../../../features/backups/components/restore-backup-modal';
import { JobStatusList } from '../../../features/jobs/components/job-status-list';
import { useAdminSettings } from '../../../features/settings/api';
import { translateServerText } from '../../../lib/server-text';
import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGES } from '@academy/shared/messages';

type Outcome = { color: 'teal' | 'red'; title: string; message: string };

/** Signs out after a restore ended everyone's sign-in: straight to the sign-in page, the popup saying why. */
function useSignedOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearSession(queryClient);
    void navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}

/** After a job ends: the list again, and after a restore everything cached or the sign-in page. */
function useAfterFinishedJob(finishedJob: BackupJob | null, signedOutByRestore: boolean) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const signedOut = useSignedOut();
  useEffect(() => {
    if (!finishedJob) return;
    void queryClient.invalidateQueries({ queryKey: backupKeys.list });
    if (finishedJob.type !== 'restore' || finishedJob.status !== 'succeeded') return;
    // Restored: everything cached is stale, and the admin's own sign-in may be gone.
    notifications.show({ title: t`Restore finished`, message: translateServerText(BACKUP_MESSAGES.restored), color: 'teal', autoClose: false });
    void queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }).then((user) => {
      if (!user) signedOut();
      else void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] && query.queryKey[0] !== backupKeys.all[0] });
    });
  }, [finishedJob, queryClient, signedOut, t]);

  useEffect(() => {
    if (!signedOutByRestore) return;
    notifications.show({ title: t`Restore finished`, message: translateServerText(BACKUP_MESSAGES.restored), color: 'teal', autoClose: false });
    signedOut();
  }, [signedOutByRestore, signedOut, t]);
}

/** What the alert says about the followed job: failed, created, restored, or its progress unknown. */
function useJobOutcome(job: ReturnType<typeof useBackupJob>, finishedJob: BackupJob | null, signedOutByRestore: boolean, followedId: string | null, dismissedJobId: string | null): Outcome | null {
  const { t } = useLingui();
  return finishedJob && finishedJob.id !== dismissedJobId
    ? finishedJob.status === 'failed'
      ? {
          color: 'red' as const,
          title: finishedJob.type === 'create' ? t`The backup was not created` : t`The backup was not restored`,
          message: translateServerText(finishedJob.error ?? BACKUP_MESSAGES.restoreFailed),
        }
      : finishedJob.type === 'create'
        ? { color: 'teal' as const, title: translateServerText(BACKUP_MESSAGES.created), message: t`It is in the list below; download it to keep a copy away from this server.` }
        : { color: 'teal' as const, title: t`Restore finished`, message: translateServerText(BACKUP_MESSAGES.restored) }
    : job.isError && !signedOutByRestore && followedId !== dismissedJobId
      ? { color: 'red' as const, title: t`Progress unknown`, message: normalizeError(job.error).message }
      : null;
}

/** The backup or restore job this screen follows (one it started, or one running when it opened) and the outcome shown. */
function useFollowedJob(list: ReturnType<typeof useBackupList>) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [jobType, setJobType] = useState<BackupJob['type'] | null>(null);
  const [dismissedJobId, setDismissedJobId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // A job still running when the screen was (re)opened is followed too.
  const activeJob = list.data?.activeJob ?? null;
  const followedId = jobId ?? activeJob?.id ?? null;
  const job = useBackupJob(followedId);
  const running = followedId !== null && (job.data ? job.data.status === 'running' : !job.isError);
  const finishedJob = job.data && job.data.status !== 'running' ? job.data : null;
  // A restore replaces the sign-ins: a 401 while following one means it finished (a failed one changes nothing, sign-ins included).
  const signedOutByRestore = job.isError && job.error instanceof ApiError && job.error.status === 401 && (jobType ?? activeJob?.type) === 'restore';
  useAfterFinishedJob(finishedJob, signedOutByRestore);
  const jobOutcome = useJobOutcome(job, finishedJob, signedOutByRestore, followedId, dismissedJobId);
  const shown = outcome ?? jobOutcome;

  const follow = (started: BackupJob) => {
    setOutcome(null);
    setDismissedJobId(null);
    setJobType(started.type);
    setJobId(started.id);
  };
  const dismiss = () => {
    setOutcome(null);
    setDismissedJobId(followedId);
  };
  return { job, running, shown, follow, setOutcome, dismiss };
}

/** Asks before deleting a backup, then says how it went. */
function useConfirmDelete() {
  const { t } = useLingui();
  const remove = useDeleteBackup();
  return (backup: BackupSummary) =>
    modals.openConfirmModal({
      title: t`Delete backup`,
      centered: true,
      children: (
        <Text size="sm">
          <Trans>
            Delete the backup of <strong>{formatDateTime(backup.createdAt)}</strong>? Download it first if you may need it. This cannot be undone.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(backup.name, {
          onSuccess: ({ message }) => notifications.show({ title: t`Backup deleted`, message: message ?? translateServerText(BACKUP_MESSAGES.deleted), color: 'teal' }),
          onError: (error) => notifications.show({ title: t`Backup not deleted`, message: normalizeError(error, BACKUP_MESSAGES.deleteFailed).message, color: 'red' }),
        }),
    });
}

type FollowedJob = ReturnType<typeof useFollowedJob>;

export function Component() {
  const { t } = useLingui();
  const list = useBackupList();
  const followed = useFollowedJob(list);
  const { job, running, shown } = followed;
  const [restoring, setRestoring] = useState<BackupSummary | RemoteBackup | null>(null);

  return (
    <>
      <PageHeader
        title={t`Backup`}
        description={t`Every record and every stored file in one archive. Keep a downloaded copy somewhere safe.`}
        actions={<BackupActions followed={followed} />}
      />
      <Stack gap="lg">
        {running && job.data ? <BackupJobProgress job={job.data} /> : null}
        {shown ? (
          <Alert color={shown.color} variant="light" title={shown.title} withCloseButton onClose={followed.dismiss} role={shown.color === 'red' ? 'alert' : 'status'}>
            {shown.message}
          </Alert>
        ) : null}

        <AutomaticBackups />

        <AcademyWorkbookCard />

        <BackupListSection list={list} running={running} onRestore={setRestoring} />

        <RemoteBackupList busy={running} onRestore={setRestoring} />

        <OffsiteSettingsSection />

        <JobStatusList />
      </Stack>
      <RestoreBackupModal
        backup={restoring}
        onClose={() => setRestoring(null)}
        onStarted={(started) => {
          setRestoring(null);
          followed.follow(started);
        }}
      />
    </>
  );
}

/** Upload a backup file, or create one now; both wait while a job runs. */
function BackupActions({ followed }: { followed: FollowedJob }) {
  const { t } = useLingui();
  const create = useCreateBackup();
  const upload = useUploadBackup();
  const resetFile = useRef<() => void>(null);
  const { running, follow, setOutcome } = followed;
  const onUpload = (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    followed.dismiss();
    upload.mutate(file, {
      onSuccess: ({ message }) => setOutcome({ color: 'teal', title: message ?? translateServerText(BACKUP_MESSAGES.uploaded), message: t`${file.name} passed every check and is listed below. Restore it from there.` }),
      onError: (error) => setOutcome({ color: 'red', title: t`The backup was not uploaded`, message: normalizeError(error, BACKUP_MESSAGES.uploadFailed).message }),
    });
  };
  return (
    <Group gap="sm">
      <FileButton onChange={onUpload} accept=".gz,.tgz,application/gzip,application/x-gzip" resetRef={resetFile}>
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconUpload size={18} aria-hidden="true" />} loading={upload.isPending} disabled={running}>
            <Trans>Upload a backup</Trans>
          </Button>
        )}
      </FileButton>
      <Button
        leftSection={<IconDatabaseExport size={18} aria-hidden="true" />}
        loading={create.isPending}
        disabled={running}
        onClick={() =>
          create.mutate(undefined, {
            onSuccess: ({ data }) => follow(data),
            onError: (error) => setOutcome({ color: 'red', title: t`The backup was not created`, message: normalizeError(error, BACKUP_MESSAGES.createFailed).message }),
          })
        }
      >
        <Trans>Create backup now</Trans>
      </Button>
    </Group>
  );
}

/** When the automatic backups run and how many are kept. */
function AutomaticBackups() {
  const { t } = useLingui();
  const settings = useAdminSettings();
  const timeZone = settings.data?.timeZone;
  const backupTime = settings.data?.backupTime;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4}>
        <Title order={2} size="h5">
          <Trans>Automatic backups</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          {backupTime && timeZone ? (
            <>
              <Trans>
                Every day at <strong>{backupTime}</strong> ({formatTimeZoneName(timeZone)}); the last 7 daily and 4 weekly are kept.
              </Trans>{' '}
              <Anchor component={Link} to="/app/settings" size="sm" underline="always">
                <Trans>Change the time in Settings</Trans>
              </Anchor>
            </>
          ) : (
            t`Every day at the time set in Settings; the last 7 daily and 4 weekly are kept.`
          )}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The backups kept on this server, to restore or delete. */
function BackupListSection({ list, running, onRestore }: { list: ReturnType<typeof useBackupList>; running: boolean; onRestore: (backup: BackupSummary) => void }) {
  const confirmDelete = useConfirmDelete();
  return list.isPending ? (
    <Stack gap="sm" aria-hidden="true">
      <Skeleton h={56} radius="md" />
      <Skeleton h={56} radius="md" />
    </Stack>
  ) : list.isError ? (
    <LoadErrorAlert title={translateServerText(BACKUP_MESSAGES.listFailed)} error={list.error} fallback={MESSAGES.fallbackError} onRetry={() => void list.refetch()} />
  ) : list.data.backups.length === 0 ? (
    <Text c="dimmed">
      <Trans>No backups yet. Create one now, or upload one you downloaded before.</Trans>
    </Text>
  ) : (
    <BackupList backups={list.data.backups} busy={running} onRestore={onRestore} onDelete={confirmDelete} />
  );
}
