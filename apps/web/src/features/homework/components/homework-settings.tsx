import { Button, Group, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOMEWORK_MESSAGES, HOMEWORK_PAGES_KEEP_DAYS, type HomeworkSettings } from '@academy/shared/schemas/homework';
import { SettingsPanel, SettingsQueryStates } from '../../../components/ui/settings-card';
import { normalizeError } from '../../../lib/api-client';
import { useHomeworkSettings, useSaveHomeworkSettings } from '../api';

/** Settings → Homework (issue 59): the weekly summary to parents, and removing pages older than a term. */
export function HomeworkSettingsSection() {
  const { t } = useLingui();
  const settings = useHomeworkSettings();
  return <SettingsQueryStates query={settings} skeleton={160} errorTitle={t`The homework settings could not be loaded`} errorFallback={HOMEWORK_MESSAGES.notFound}>{(data) => <HomeworkSettingsForm settings={data} />}</SettingsQueryStates>;
}

function HomeworkSettingsForm({ settings }: { settings: HomeworkSettings }) {
  const { t } = useLingui();
  const [values, setValues] = useState(settings);
  const save = useSaveHomeworkSettings();
  const days = HOMEWORK_PAGES_KEEP_DAYS;
  const submit = () =>
    save.mutate(values, {
      onSuccess: ({ message }) => notifications.show({ title: t`Homework settings saved`, message: message ?? '', color: 'teal' }),
      onError: (error) => notifications.show({ title: t`The homework settings were not saved`, message: normalizeError(error).message, color: 'red' }),
    });
  return (
    <SettingsPanel
      titleId="homework-settings-title"
      title={<Trans>Homework</Trans>}
      description={<Trans>What families hear about homework, and how long handed-in pages are kept.</Trans>}
    >
      <Switch
        label={t`Weekly homework summary to parents`}
        description={t`Once a week each family gets what was set, handed in, late and to redo, by their usual channel and in their language.`}
        checked={values.weeklySummary}
        onChange={(event) => setValues((current) => ({ ...current, weeklySummary: event.currentTarget.checked }))}
      />
      <Switch
        label={t`Remove handed-in pages after a term`}
        description={t`Photos and PDFs of homework due more than ${days} days ago are deleted to save space. The checks, comments and marks stay.`}
        checked={values.removeOldPages}
        onChange={(event) => setValues((current) => ({ ...current, removeOldPages: event.currentTarget.checked }))}
      />
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          <Trans>Save homework settings</Trans>
        </Button>
      </Group>
    </SettingsPanel>
  );
}
