import { ActionIcon, Alert, Button, Code, CopyButton, Divider, Group, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { MinutesInput } from '../../../components/ui/minutes-input';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturnType } from '@mantine/form';
import { MESSAGE_KINDS, MESSAGING_MESSAGES, URGENT_KINDS, messagingSettingsInputSchema } from '@academy/shared/schemas/messaging';
import type { MessagingSettings } from '@academy/shared/schemas/messaging';
import { SettingsCard, SettingsQueryStates, useSettingsForm } from '../../../components/ui/settings-card';
import { normalizeError } from '../../../lib/api-client';
import { translateServerText } from '../../../lib/server-text';
import { MESSAGE_FAILURES, useMessagingSettings, useRotateMsg91Token, useSaveMessagingSettings } from '../api';
import { useMessageLabels } from '../../../lib/message-labels';
import { templateValueList, toMessagingFormValues, toMessagingInput, webhookAddress, type MessagingFormValues } from '../messaging-form';

/** Settings → Messages (issue 37): loads its own settings, then the form. */
export function MessagingSettingsSection() {
  const { t } = useLingui();
  const settings = useMessagingSettings();
  return <SettingsQueryStates query={settings} skeleton={320} errorTitle={t`The message settings could not be loaded`} errorFallback={MESSAGE_FAILURES.settings}>{(data) => <MessagingSettingsForm settings={data} />}</SettingsQueryStates>;
}

type MessagingForm = UseFormReturnType<MessagingFormValues>;

/**
 * WhatsApp Business (Meta's Cloud API) and SMS through MSG91, the wait before SMS is tried, and quiet
 * hours. Credentials are write-only: a field shows only that one is saved, and typing replaces it.
 */
function MessagingSettingsForm({ settings }: { settings: MessagingSettings }) {
  const { t } = useLingui();
  const save = useSaveMessagingSettings();
  const { form, onSubmit, saving, formError } = useSettingsForm({
    mode: 'controlled',
    initialValues: toMessagingFormValues(settings),
    schema: messagingSettingsInputSchema,
    toInput: (values: MessagingFormValues) => toMessagingInput(values),
    save: (values) => save.mutateAsync(toMessagingInput(values)),
    toValues: toMessagingFormValues,
    saved: { title: t`Message settings saved`, message: translateServerText(MESSAGING_MESSAGES.saved) },
    failed: { title: t`Message settings not saved`, message: MESSAGE_FAILURES.save },
  });

  return (
    <SettingsCard
      titleId="messaging-title"
      title={<Trans>Messages</Trans>}
      description={
        <Trans>
          Messages to families by WhatsApp, then SMS when WhatsApp does not deliver, then email. A parent can be given another channel on their child&apos;s page.
        </Trans>
      }
      onSubmit={onSubmit}
      saving={saving}
      saveLabel={<Trans>Save message settings</Trans>}
    >
      <ChannelsSection form={form} current={settings} />
      <Divider />
      <TemplatesSection form={form} />
      <Divider />
      <WhenMessagesGoSection form={form} />
      <Divider />
      <ProviderAddressesSection current={settings} />

      {formError ? (
        <Alert color="red" variant="light" role="alert">
          {formError}
        </Alert>
      ) : null}
    </SettingsCard>
  );
}

type SecretPath = 'whatsapp.accessToken' | 'whatsapp.appSecret' | 'whatsapp.verifyToken' | 'sms.authKey';

/** A write-only credential: empty unless a new one is typed; the hint says whether one is saved. */
function SecretField({ form, label, isSet, path }: { form: MessagingForm; label: string; isSet: boolean; path: SecretPath }) {
  const { t } = useLingui();
  const input = form.getInputProps(path);
  const value = String(input.value ?? '');
  const hint = value ? t`Saved when you save these settings` : isSet ? t`Saved — type to replace` : t`Not set`;
  return <PasswordInput label={label} description={hint} autoComplete="new-password" {...input} />;
}

/** WhatsApp's and MSG91's switches, IDs and credentials. */
function ChannelsSection({ form, current }: { form: MessagingForm; current: MessagingSettings }) {
  const { t } = useLingui();
  return (
    <>
      <Title order={3} size="h5">
        <Trans>WhatsApp</Trans>
      </Title>
      <Switch label={t`Send by WhatsApp`} size="md" key={form.key('whatsapp.enabled')} {...form.getInputProps('whatsapp.enabled', { type: 'checkbox' })} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t`Phone number ID`}
          description={t`From Meta's WhatsApp Manager (digits only)`}
          inputMode="numeric"
          autoComplete="off"
          key={form.key('whatsapp.phoneNumberId')}
          {...form.getInputProps('whatsapp.phoneNumberId')}
        />
        <SecretField form={form} label={t`Access token`} isSet={current.whatsapp.accessTokenSet} path="whatsapp.accessToken" key={form.key('whatsapp.accessToken')} />
        <SecretField form={form} label={t`App secret`} isSet={current.whatsapp.appSecretSet} path="whatsapp.appSecret" key={form.key('whatsapp.appSecret')} />
        <SecretField form={form} label={t`Verify token`} isSet={current.whatsapp.verifyTokenSet} path="whatsapp.verifyToken" key={form.key('whatsapp.verifyToken')} />
      </SimpleGrid>

      <Divider />
      <Title order={3} size="h5">
        <Trans>SMS (MSG91)</Trans>
      </Title>
      <Switch label={t`Send by SMS`} size="md" key={form.key('sms.enabled')} {...form.getInputProps('sms.enabled', { type: 'checkbox' })} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SecretField form={form} label={t`Auth key`} isSet={current.sms.authKeySet} path="sms.authKey" key={form.key('sms.authKey')} />
        <TextInput
          label={t`Sender ID`}
          description={t`Six capital letters, as registered on DLT`}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={12}
          key={form.key('sms.senderId')}
          {...form.getInputProps('sms.senderId')}
        />
      </SimpleGrid>
    </>
  );
}

/** Each message's WhatsApp template name and MSG91 template ID, with the values it is sent with. */
function TemplatesSection({ form }: { form: MessagingForm }) {
  const { t } = useLingui();
  const labels = useMessageLabels();
  // Written as values, not in the sentence: braces in a translated text are its placeholders.
  const [first, second] = ['{{1}}', '{{2}}'];
  return (
    <>
      <div>
        <Title order={3} size="h5">
          <Trans>Templates</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Register each message with Meta and on DLT with these values in this order ({first}, {second} … in WhatsApp; var1, var2 … in MSG91). Leave a name empty to not
            send that message on that channel.
          </Trans>
        </Text>
      </div>
      <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Templates`}>
        {MESSAGE_KINDS.map((kind) => (
          <Stack key={kind} component="li" gap={6} data-testid={`template-${kind}`}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} size="sm">
                {labels.kind(kind)}
              </Text>
              {templateValueList(kind).map((value) => (
                <Code key={value}>{value}</Code>
              ))}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t`WhatsApp template`}
                aria-label={t`WhatsApp template: ${labels.kind(kind)}`}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                key={form.key(`whatsapp.templates.${kind}`)}
                {...form.getInputProps(`whatsapp.templates.${kind}`)}
              />
              <TextInput
                label={t`MSG91 template ID`}
                aria-label={t`MSG91 template ID: ${labels.kind(kind)}`}
                autoComplete="off"
                spellCheck={false}
                key={form.key(`sms.templates.${kind}`)}
                {...form.getInputProps(`sms.templates.${kind}`)}
              />
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>

    </>
  );
}

/** How long before SMS is tried, and the quiet hours. */
function WhenMessagesGoSection({ form }: { form: MessagingForm }) {
  const { t } = useLingui();
  const labels = useMessageLabels();
  const values = form.getValues();
  return (
    <>
      <Title order={3} size="h5">
        <Trans>When messages go</Trans>
      </Title>
      <MinutesInput
        label={t`Minutes before SMS is tried`}
        description={t`A WhatsApp message not delivered in this time is sent again by SMS.`}
        min={1} max={1440}
        key={form.key('fallbackMinutes')}
        {...form.getInputProps('fallbackMinutes')}
      />
      <Switch
        label={t`Quiet hours`}
        description={t`Messages made in these hours wait until they end; ${URGENT_KINDS.map((kind) => labels.kind(kind)).join(', ')} go at once.`}
        size="md"
        key={form.key('quietHours.enabled')}
        {...form.getInputProps('quietHours.enabled', { type: 'checkbox' })}
      />
      {values.quietHours.enabled ? (
        <Stack gap={4}>
          <Group gap="sm" align="flex-start">
            <TextInput label={t`From`} type="time" w={140} key={form.key('quietHours.from')} {...form.getInputProps('quietHours.from')} />
            <TextInput label={t`To`} type="time" w={140} key={form.key('quietHours.to')} {...form.getInputProps('quietHours.to')} />
          </Group>
          {typeof form.errors.quietHours === 'string' ? (
            <Text size="sm" c="red.8" role="alert">
              {form.errors.quietHours}
            </Text>
          ) : null}
        </Stack>
      ) : null}

    </>
  );
}

/** The addresses to give Meta and MSG91, and making a new MSG91 one. */
function ProviderAddressesSection({ current }: { current: MessagingSettings }) {
  const { t } = useLingui();
  const rotate = useRotateMsg91Token();
  const confirmRotate = () =>
    modals.openConfirmModal({
      title: t`New address for MSG91 delivery reports`,
      centered: true,
      children: (
        <Text size="sm">
          <Trans>MSG91 will need the new address: until you enter it there, its delivery reports are refused. Make a new address?</Trans>
        </Text>
      ),
      labels: { confirm: t`Make a new address`, cancel: t`Cancel` },
      onConfirm: () =>
        rotate.mutate(undefined, {
          onSuccess: ({ message }) => notifications.show({ title: t`New MSG91 address made`, message: message ?? translateServerText(MESSAGING_MESSAGES.msg91TokenRotated), color: 'teal' }),
          onError: (error) => notifications.show({ title: t`No new address made`, message: normalizeError(error, MESSAGE_FAILURES.rotate).message, color: 'red' }),
        }),
    });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <>
      <div>
        <Title order={3} size="h5">
          <Trans>Addresses for the providers</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Give these to Meta (the webhook of your WhatsApp app, with the verify token) and to MSG91 (delivery reports), so the screen shows what was delivered and read.</Trans>
        </Text>
      </div>
      <SimpleGrid cols={1} spacing="sm">
        <WebhookField label={t`WhatsApp webhook (Meta)`} address={webhookAddress(origin, current.whatsapp.webhookPath)} />
        <WebhookField label={t`Delivery reports (MSG91)`} address={webhookAddress(origin, current.sms.webhookPath)} />
        <Group gap="sm" wrap="wrap" align="center">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
            <Trans>If the MSG91 address may have been seen by someone else, make a new one and enter it in MSG91: the old one stops working at once.</Trans>
          </Text>
          <Button variant="default" onClick={confirmRotate} loading={rotate.isPending}>
            <Trans>New MSG91 address</Trans>
          </Button>
        </Group>
      </SimpleGrid>
    </>
  );
}

/** A read-only address with a copy button. */
function WebhookField({ label, address }: { label: string; address: string }) {
  const { t } = useLingui();
  return (
    <TextInput
      label={label}
      value={address}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
      rightSection={
        <CopyButton value={address}>
          {({ copied, copy }) => (
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? t`Copied` : t`Copy ${label}`}>
              {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
            </ActionIcon>
          )}
        </CopyButton>
      }
    />
  );
}
