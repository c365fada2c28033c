import { Alert, Badge, Button, Code, Group, Paper, PasswordInput, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCloudUpload, IconFileDownload, IconPlugConnected } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { OFFSITE_MESSAGES, offsiteSettingsInputSchema, type OffsiteSettings } from '@academy/shared/schemas/backups';
import { useSettingsForm } from '../../../components/ui/settings-card';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { modals } from '../../../lib/modals';
import { normalizeError } from '../../../lib/api-client';
import { translateServerText } from '../../../lib/server-text';
import { backupKeys, recoverySheetUrl, useBackupSettings, useSaveBackupSettings, useTestBucket } from '../api';
import { toOffsiteFormValues, toOffsiteInput, type OffsiteFormValues } from '../offsite-form';

/** Settings → Backups, off the machine (issue 52, decision 044): loads its settings, then the form. */
export function OffsiteSettingsSection() {
  const { t } = useLingui();
  const settings = useBackupSettings();
  if (settings.isPending) return <Skeleton h={320} radius="md" aria-hidden="true" />;
  if (settings.isError) {
    return <LoadErrorAlert title={t`The off-site backup settings could not be loaded`} error={settings.error} fallback={t`Failed to load the off-site backup settings`} onRetry={() => void settings.refetch()} />;
  }
  // Keyed by on/off: turning it on or off starts the form afresh from what the server saved.
  return <OffsiteSettingsForm key={settings.data.offsite ? 'on' : 'off'} offsite={settings.data.offsite} />;
}

function RecoverySheet({ offsite }: { offsite: OffsiteSettings }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  if (offsite.recoverySheetDownloaded) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>
          Recovery key <Code>{offsite.keyId}</Code>: its sheet was downloaded. Keep it safe, away from this server; it is not shown again.
        </Trans>
      </Text>
    );
  }
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} title={t`Download the recovery sheet now`} role="alert">
      <Stack gap="sm" align="flex-start" style={{ minWidth: 0 }}>
        <Text size="sm">
          <Trans>
            Backups are encrypted before they leave with a key only this server and the sheet hold. Without it nobody — the bucket&apos;s owner included — can read them, and the
            server&apos;s own copy is lost with the machine. The sheet is given once: print it or keep it in a password manager.
          </Trans>
        </Text>
        <Button
          component="a"
          href={recoverySheetUrl()}
          download="academy-recovery-sheet.txt"
          color="orange"
          leftSection={<IconFileDownload size={18} aria-hidden="true" />}
          // On a phone the label wraps instead of pushing the alert wider than the screen.
          styles={{ root: { height: 'auto', minHeight: 36, maxWidth: '100%' }, label: { whiteSpace: 'normal', paddingBlock: 6 } }}
          // The server marks it as given: ask again once the browser has it.
          onClick={() => setTimeout(() => void queryClient.invalidateQueries({ queryKey: backupKeys.settings }), 1500)}
        >
          <Trans>Download the recovery sheet</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * The off-site settings' form and its save, "Test the bucket" (with what is in the form, before anything is
 * saved; its answer in `tested`), and "Turn off" (after a confirmation).
 */
function useOffsiteSettingsForm(offsite: OffsiteSettings | null) {
  const { t } = useLingui();
  const save = useSaveBackupSettings();
  const test = useTestBucket();
  const [tested, setTested] = useState<{ ok: boolean; message: string } | null>(null);
  const { form, onSubmit, saving, formError } = useSettingsForm({
    mode: 'controlled',
    initialValues: toOffsiteFormValues(offsite),
    schema: offsiteSettingsInputSchema,
    toInput: (values: OffsiteFormValues) => toOffsiteInput(values),
    save: (values) => save.mutateAsync(toOffsiteInput(values)),
    toValues: (data) => toOffsiteFormValues(data.offsite),
    saved: { title: t`Off-site backups saved`, message: translateServerText(OFFSITE_MESSAGES.saved) },
    failed: { title: t`Off-site backups not saved` },
  });
  const values = form.getValues();

  const runTest = () => {
    setTested(null);
    if (form.validate().hasErrors) return;
    test.mutate(toOffsiteInput(values), {
      onSuccess: ({ message }) => setTested({ ok: true, message: message ?? translateServerText(OFFSITE_MESSAGES.tested) }),
      onError: (error) => setTested({ ok: false, message: normalizeError(error).message }),
    });
  };

  const turnOff = () =>
    modals.openConfirmModal({
      title: t`Stop copying backups off the machine?`,
      centered: true,
      children: (
        <Text size="sm">
          <Trans>New backups stay on this machine only. The copies already in the bucket stay there, and the recovery key is kept for them.</Trans>
        </Text>
      ),
      labels: { confirm: t`Turn off`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        save.mutate(null, {
          onSuccess: ({ message }) => notifications.show({ title: t`Off-site backups turned off`, message: message ?? translateServerText(OFFSITE_MESSAGES.turnedOff), color: 'teal' }),
          onError: (error) => notifications.show({ title: t`Off-site backups not saved`, message: normalizeError(error).message, color: 'red' }),
        }),
    });

  return { form, onSubmit, saving, formError, tested, clearTested: () => setTested(null), runTest, testing: test.isPending, turnOff };
}

type OffsiteFormState = ReturnType<typeof useOffsiteSettingsForm>['form'];

/** The card's title, what off-site backups are for, and whether they are on. */
function OffsiteHeading({ on }: { on: boolean }) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" align="flex-start" gap="xs">
      <div>
        <Title order={2} size="h5" id="offsite-title">
          <Trans>Backups off the machine</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Every backup, encrypted first, is copied to a bucket of your own (AWS S3, Backblaze B2, Wasabi, Cloudflare R2, MinIO), so a dead disk or a stolen computer does not take
            the academy&apos;s records with it.
          </Trans>
        </Text>
      </div>
      <Badge color={on ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
        {on ? t`On` : t`Off`}
      </Badge>
    </Group>
  );
}

/** The bucket's fields; the two access keys are write-only (a field shows only that one is saved, typing replaces it). */
function BucketFields({ form, offsite }: { form: OffsiteFormState; offsite: OffsiteSettings | null }) {
  const { t } = useLingui();
  const values = form.getValues();
  const secretHint = (set: boolean, value: string) => (value ? t`Saved when you save these settings` : set ? t`Saved — type to replace` : t`Not set`);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t`Endpoint`} description={t`e.g. https://s3.eu-central-1.amazonaws.com`} required autoComplete="off" key={form.key('endpoint')} {...form.getInputProps('endpoint')} />
        <TextInput label={t`Region`} description={t`e.g. us-east-1; auto for Cloudflare R2`} required autoComplete="off" key={form.key('region')} {...form.getInputProps('region')} />
        <TextInput label={t`Bucket`} required autoComplete="off" key={form.key('bucket')} {...form.getInputProps('bucket')} />
        <TextInput label={t`Folder in the bucket`} description={t`Optional, e.g. academy/backups`} autoComplete="off" key={form.key('prefix')} {...form.getInputProps('prefix')} />
        <PasswordInput
          label={t`Access key ID`}
          description={secretHint(offsite?.accessKeyIdSet ?? false, values.accessKeyId)}
          autoComplete="new-password"
          key={form.key('accessKeyId')}
          {...form.getInputProps('accessKeyId')}
        />
        <PasswordInput
          label={t`Secret access key`}
          description={secretHint(offsite?.secretAccessKeySet ?? false, values.secretAccessKey)}
          autoComplete="new-password"
          key={form.key('secretAccessKey')}
          {...form.getInputProps('secretAccessKey')}
        />
      </SimpleGrid>
      <Switch
        label={t`Address the bucket by path (MinIO and some others)`}
        key={form.key('forcePathStyle')}
        {...form.getInputProps('forcePathStyle', { type: 'checkbox' })}
      />
    </>
  );
}

/**
 * The bucket: endpoint, region, name, folder, path style and the two access keys (write-only: a
 * field shows only that one is saved, typing replaces it). "Test the bucket" writes and deletes a
 * small file with what is in the form, before anything is saved.
 */
function OffsiteSettingsForm({ offsite }: { offsite: OffsiteSettings | null }) {
  const { t } = useLingui();
  const { form, onSubmit, saving, formError, tested, clearTested, runTest, testing, turnOff } = useOffsiteSettingsForm(offsite);

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="offsite-title">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <OffsiteHeading on={offsite !== null} />

          {offsite && !offsite.readable ? (
            <Alert color="red" variant="light" role="alert" title={t`Enter the access keys again`}>
              <Trans>The keys stored on this server no longer open (the server&apos;s secret changed). Type both access keys and save.</Trans>
            </Alert>
          ) : null}
          {offsite ? <RecoverySheet offsite={offsite} /> : null}

          <BucketFields form={form} offsite={offsite} />

          {tested ? (
            <Alert color={tested.ok ? 'teal' : 'red'} variant="light" role={tested.ok ? 'status' : 'alert'} title={tested.ok ? t`The bucket works` : t`The bucket did not work`} withCloseButton onClose={clearTested}>
              {tested.message}
            </Alert>
          ) : null}
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}

          <Group gap="sm" justify="flex-end">
            {offsite ? (
              <Button variant="subtle" color="red" onClick={turnOff} disabled={saving}>
                <Trans>Turn off</Trans>
              </Button>
            ) : null}
            <Button variant="default" leftSection={<IconPlugConnected size={18} aria-hidden="true" />} onClick={runTest} loading={testing}>
              <Trans>Test the bucket</Trans>
            </Button>
            <Button type="submit" leftSection={<IconCloudUpload size={18} aria-hidden="true" />} loading={saving}>
              {offsite ? <Trans>Save</Trans> : <Trans>Turn on</Trans>}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
