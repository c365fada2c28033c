import { useState, type FormEvent } from 'react';
import { Anchor, Button, Code, Group, List, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { AppSettings, AppSettingsInput } from '@academy/shared/schemas/brand';
import { showNotSaved, showSaved } from '../../../components/ui/save-notices';
import { SettingsPanel, SettingsQueryStates } from '../../../components/ui/settings-card';
import { fieldErrorsOf } from '../../../lib/api-client';
import { translateServerText } from '../../../lib/server-text';
import { TWA_MANIFEST_URL, useAppSettings, useSaveAppSettings } from '../brand-api';

/** Settings → Your app (issue 78): the academy's own Play Store app, a Trusted Web Activity built with Bubblewrap. */
export function AppSection() {
  const { t } = useLingui();
  const settings = useAppSettings();
  return <SettingsQueryStates query={settings} skeleton={260} errorTitle={t`The app settings could not be loaded`} errorFallback={msg`Failed to load the app settings`}>{(data) => <AdminAppForm settings={data} />}</SettingsQueryStates>;
}

function AdminAppForm({ settings }: { settings: AppSettings }) {
  const save = useSaveAppSettings();
  return <AppForm settings={settings} onSave={(input) => save.mutateAsync(input)} saving={save.isPending} downloadHref={TWA_MANIFEST_URL} />;
}

type AppFormProps = {
  settings: AppSettings;
  onSave: (input: AppSettingsInput) => Promise<{ data: AppSettings; message?: string }>;
  saving: boolean;
  /** Where the academy's twa-manifest.json is downloaded (the admin's own route, or the operator's for the academy). */
  downloadHref: string;
};

/** The app's form, the same for the academy's admin and for the platform operator setting it for the academy. */
export function AppForm({ settings, onSave, saving, downloadHref }: AppFormProps) {
  const { t } = useLingui();
  const [packageName, setPackageName] = useState(settings.packageName ?? '');
  const [fingerprints, setFingerprints] = useState(settings.fingerprints.join('\n'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const manifestUrl = settings.assetLinksUrl.replace('/.well-known/assetlinks.json', '/manifest.webmanifest');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const prints = fingerprints.split(/[\s,]+/).map((value) => value.trim()).filter(Boolean);
    try {
      const { data, message } = await onSave({ packageName: packageName.trim() === '' ? null : packageName.trim(), fingerprints: packageName.trim() === '' ? [] : prints });
      setPackageName(data.packageName ?? '');
      setFingerprints(data.fingerprints.join('\n'));
      setErrors({});
      showSaved(t`App settings saved`, message ? translateServerText(message) : '');
    } catch (error) {
      const fields = fieldErrorsOf(error) ?? {};
      // A fingerprint's error is named by its place in the list (fingerprints.1): the one box shows it.
      const fingerprintError = Object.entries(fields).find(([key]) => key.startsWith('fingerprints'))?.[1];
      setErrors({ ...fields, ...(fingerprintError ? { fingerprints: fingerprintError } : {}) });
      showNotSaved(t`App settings not saved`, error, msg`The app settings could not be saved`);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="app-title" data-testid="app-form">
      <SettingsPanel
        titleId="app-title"
        title={<Trans>Your app</Trans>}
        description={<Trans>Put your academy in the Play Store as its own app, with your name and logo, without writing Android code. It opens this website full screen.</Trans>}
        section={false}
      >
        <TextInput
          label={t`Package name`}
          description={t`The app's permanent id in the Play Store, e.g. in.shreeacademy.app. It cannot change after publishing.`}
          autoCapitalize="none"
          spellCheck={false}
          value={packageName}
          onChange={(event) => setPackageName(event.currentTarget.value)}
          error={errors.packageName}
          data-testid="app-package-name"
        />
        <Textarea
          label={t`SHA-256 certificate fingerprints`}
          description={t`One per line, up to 4: Play Console → Test and release → App integrity → App signing (the app signing key, and the upload key).`}
          autosize
          minRows={2}
          spellCheck={false}
          styles={{ input: { fontSize: 12, fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={fingerprints}
          onChange={(event) => setFingerprints(event.currentTarget.value)}
          error={errors.fingerprints}
          data-testid="app-fingerprints"
        />
        <Text size="sm">
          <Trans>
            Android checks the app at <Anchor href={settings.assetLinksUrl} target="_blank" rel="noreferrer">{settings.assetLinksUrl}</Anchor>
          </Trans>
        </Text>
        <Group justify="space-between" wrap="wrap">
          <Button component="a" href={downloadHref} download="twa-manifest.json" variant="default" disabled={!settings.packageName} data-testid="app-download">
            <Trans>Download twa-manifest.json</Trans>
          </Button>
          <Button type="submit" loading={saving}>
            <Trans>Save app settings</Trans>
          </Button>
        </Group>
        <div>
          <Title order={3} size="h5" mb={4}>
            <Trans>How to publish</Trans>
          </Title>
          {/* Commands and addresses break anywhere on a phone rather than run off the card. */}
          <List type="ordered" size="sm" spacing={4} style={{ overflowWrap: 'anywhere' }}>
            <List.Item>
              <Trans>Enter the package name and save. Download twa-manifest.json.</Trans>
            </List.Item>
            <List.Item>
              <Trans>
                On a computer with Node.js: <Code>npm i -g @bubblewrap/cli</Code>, then in an empty folder <Code>bubblewrap init --manifest {manifestUrl}</Code>, copy the downloaded file over twa-manifest.json, <Code>bubblewrap update --manifest=./twa-manifest.json</Code> and <Code>bubblewrap build</Code>.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>Upload app-release-bundle.aab in Play Console (a developer account is needed) and keep android.keystore and its passwords safe.</Trans>
            </List.Item>
            <List.Item>
              <Trans>Copy the app signing key&apos;s SHA-256 fingerprint from Play Console into the box above and save: the app then opens without a browser bar.</Trans>
            </List.Item>
          </List>
        </div>
      </SettingsPanel>
    </form>
  );
}
