import { Alert, Badge, Button, Checkbox, Code, Group, PasswordInput, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { MinutesInput } from '../../../components/ui/minutes-input';
import type { GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { MESSAGES } from '@academy/shared/messages';
import { ABSENCE_ALERT_PLACEHOLDERS, ABSENCE_ALERT_TEMPLATE_MAX, ABSENCE_STATUS_WORDS, parentAlertSettingsInputSchema, renderAbsenceTemplate } from '@academy/shared/schemas/settings';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@academy/shared/languages';
import type { AcademySettings } from '@academy/shared/schemas/settings';
import { SettingsCard, useSettingsForm } from '../../../components/ui/settings-card';
import { translateServerText } from '../../../lib/server-text';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { useSaveParentAlerts } from '../api';
import { toParentAlertFormValues, toParentAlertInput } from '../parent-alerts-form';
import type { ParentAlertFormValues } from '../parent-alerts-form';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Absence alerts to parents (issue 21) and the parents' webhook (the SMS/WhatsApp provider), saved on
 * their own. The secret is never shown: only whether one is set; typing a new one replaces it.
 */
export function ParentAlertsForm({ settings }: { settings: AcademySettings }) {
  const { t } = useLingui();
  const save = useSaveParentAlerts();
  const [clearSecret, setClearSecret] = useState(false);
  const [secretSet, setSecretSet] = useState(settings.parentWebhook.secretSet);
  const { form, onSubmit, saving } = useSettingsForm({
    // Controlled: the preview and the webhook's fields follow what is typed.
    mode: 'controlled',
    initialValues: toParentAlertFormValues(settings) as ParentAlertFormValues,
    schema: parentAlertSettingsInputSchema,
    toInput: (formValues) => toParentAlertInput(formValues),
    // What the schema makes of the body is what is sent; checked already.
    save: (formValues) => save.mutateAsync(parentAlertSettingsInputSchema.parse(toParentAlertInput(formValues, clearSecret))),
    toValues: (data) => toParentAlertFormValues(data) as ParentAlertFormValues,
    afterSave: (data) => {
      setSecretSet(data.parentWebhook.secretSet);
      setClearSecret(false);
    },
    saved: { title: t`Absence alerts saved`, message: translateServerText(MESSAGES.settingsSaved) },
    failed: { title: t`Absence alerts not saved` },
  });

  return (
    <SettingsCard
      titleId="parent-alerts-title"
      title={<Trans>Absence alerts</Trans>}
      description={
        <Trans>When today's attendance is submitted, the linked parents of a child marked absent get a message on the one channel that reaches them: the app's notification, WhatsApp, SMS or email (Settings → Messages). A copy also goes to the webhook when one is set.</Trans>
      }
      onSubmit={onSubmit}
      saving={saving}
      saveLabel={<Trans>Save absence alerts</Trans>}
    >
      <Switch
        label={t`Send absence alerts to parents`}
        size="md"
        key={form.key('absenceAlerts.enabled')}
        {...form.getInputProps('absenceAlerts.enabled', { type: 'checkbox' })}
      />
      <Checkbox.Group
        label={t`Send an alert for`}
        withAsterisk
        key={form.key('absenceAlerts.statuses')}
        {...form.getInputProps('absenceAlerts.statuses')}
      >
        <Group gap="lg" mt={6}>
          <Checkbox value="absent" label={t`Absent`} size="md" />
          <Checkbox value="late" label={t`Late`} size="md" />
        </Group>
      </Checkbox.Group>
      <MinutesInput
        label={t`Wait before sending (minutes)`}
        description={t`Time for the teacher to correct a wrong mark; a corrected mark sends nothing. 0 sends at once.`}
        min={0} max={120}
        key={form.key('absenceAlerts.delayMinutes')}
        {...form.getInputProps('absenceAlerts.delayMinutes')}
      />

      <AlertTemplates form={form} academy={settings.name} />

      <ParentWebhookFields form={form} secretSet={secretSet} clearSecret={clearSecret} setClearSecret={setClearSecret} />
    </SettingsCard>
  );
}

type ParentAlertsFormType = UseFormReturnType<ParentAlertFormValues>;

/** The message to parents in each language, with the words filled in and a preview of each. */
function AlertTemplates({ form, academy }: { form: ParentAlertsFormType; academy: string }) {
  const values = form.getValues();
  return (
    <>
      <div>
        <Title order={3} size="h5">
          <Trans>Message to parents</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>One message per language, for the app's notification, email and the webhook (WhatsApp and SMS send the templates registered in Settings → Messages); each parent gets it in the language of their account. These words in braces are filled in when it is sent:</Trans>
        </Text>
        <Group gap={6} mt={6}>
          {ABSENCE_ALERT_PLACEHOLDERS.map((name) => (
            <Code key={name}>{`{${name}}`}</Code>
          ))}
        </Group>
      </div>
      {LANGUAGES.map((language) => (
        <TemplateField
          key={form.key(`absenceAlerts.templates.${language}`)}
          language={language}
          academy={academy}
          statuses={values.absenceAlerts.statuses}
          template={values.absenceAlerts.templates[language]}
          inputProps={form.getInputProps(`absenceAlerts.templates.${language}`)}
        />
      ))}
    </>
  );
}

type ParentWebhookFieldsProps = { form: ParentAlertsFormType; secretSet: boolean; clearSecret: boolean; setClearSecret: (clear: boolean) => void };

/** The provider's webhook address and its signing secret (set, cleared or kept). */
function ParentWebhookFields({ form, secretSet, clearSecret, setClearSecret }: ParentWebhookFieldsProps) {
  const { t } = useLingui();
  const values = form.getValues();
  const hasUrl = values.parentWebhook.url.trim() !== '';
  const willHaveSecret = values.parentWebhook.secret.trim() !== '' || (secretSet && !clearSecret);
  return (
    <>
      <div>
        <Title order={3} size="h5">
          <Trans>SMS/WhatsApp webhook</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Your message provider's address. Each message is signed with the secret so the provider can check it came from the academy. Leave the address empty to send email only.</Trans>
        </Text>
      </div>
      <TextInput
        label={t`Webhook address`}
        type="url"
        inputMode="url"
        placeholder="https://…"
        key={form.key('parentWebhook.url')}
        {...form.getInputProps('parentWebhook.url')}
      />
      <Group gap="xs" align="center">
        <Text size="sm">
          <Trans>Secret:</Trans>
        </Text>
        {secretSet && !clearSecret ? (
          <Badge color="teal" variant="light">
            <Trans>set</Trans>
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            <Trans>not set</Trans>
          </Badge>
        )}
        {secretSet && !clearSecret ? (
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => setClearSecret(true)}>
            <Trans>Clear secret</Trans>
          </Button>
        ) : null}
        {clearSecret ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setClearSecret(false)}>
            <Trans>Keep the secret</Trans>
          </Button>
        ) : null}
      </Group>
      <PasswordInput
        label={secretSet ? t`New secret` : t`Secret`}
        description={secretSet ? t`Leave empty to keep the current secret. At least 16 characters.` : t`At least 16 characters, the same as in your provider's settings.`}
        autoComplete="new-password"
        maw={420}
        key={form.key('parentWebhook.secret')}
        {...form.getInputProps('parentWebhook.secret')}
      />
      {hasUrl && !willHaveSecret ? (
        <Alert color="orange" variant="light">
          <Trans>No secret: nothing is sent to the webhook until one is set.</Trans>
        </Alert>
      ) : null}
    </>
  );
}

/** Sample facts for the preview: how a real alert would read today. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a sample name written in each language (the preview of that language), not a UI text
const SAMPLE_CHILD: Record<Language, string> = { en: 'Aarav Patil', mr: 'आरव पाटील', hi: 'आरव पाटील' };
// eslint-disable-next-line lingui/no-unlocalized-strings -- a sample name written in each language, as SAMPLE_CHILD
const SAMPLE_PARENT: Record<Language, string> = { en: 'Sunita Patil', mr: 'सुनीता पाटील', hi: 'सुनीता पाटील' };
const SAMPLE_BATCH = '10th Maths';

/** One language's message, with what a parent would read (the same filling as the sender's). */
function TemplateField(props: { language: Language; academy: string; statuses: string[]; template: string; inputProps: GetInputPropsReturnType }) {
  const { language, academy, statuses, template, inputProps } = props;
  const { t } = useLingui();
  const status = statuses.includes('absent') || statuses.length === 0 ? 'absent' : 'late';
  // The academy's today as the message writes it (DD-MM-YYYY), not this device's date.
  const date = useAcademyToday().split('-').reverse().join('-');
  const preview = renderAbsenceTemplate(template, { child: SAMPLE_CHILD[language], parent: SAMPLE_PARENT[language], batch: SAMPLE_BATCH, date, status: ABSENCE_STATUS_WORDS[language][status], academy });
  const languageName = LANGUAGE_NAMES[language];
  return (
    <Stack gap={4}>
      <Textarea
        label={t`Message in ${languageName}`}
        lang={language}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={ABSENCE_ALERT_TEMPLATE_MAX + 50}
        withAsterisk
        {...inputProps}
      />
      <Text size="sm" c="dimmed" lang={language} data-testid={`alert-preview-${language}`}>
        <Trans>Preview:</Trans> {preview}
      </Text>
    </Stack>
  );
}
