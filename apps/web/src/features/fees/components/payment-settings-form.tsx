import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { PAYMENT_SETTINGS_MESSAGES, paymentSettingsSchema, type PaymentSettings } from '@academy/shared/schemas/payments';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { normalizeError } from '../../../lib/api-client';
import { translateServerText } from '../../../lib/server-text';
import { useEntityForm } from '../../../lib/use-entity-form';
import { usePaymentSettings, useSavePaymentSettings } from '../api';

const FAILURES = { load: msg`Failed to load the payment settings`, save: msg`Failed to save the payment settings` };

type Values = { upi: { vpa: string; payeeName: string } };
const toValues = (settings: PaymentSettings): Values => ({ upi: { vpa: settings.upi?.vpa ?? '', payeeName: settings.upi?.payeeName ?? '' } });
/** Both fields empty: UPI requests off. */
const toInput = (values: Values): PaymentSettings => (values.upi.vpa.trim() === '' && values.upi.payeeName.trim() === '' ? { upi: null } : { upi: values.upi });

/** Settings → Payments (issue 38): loads its settings, then the form. */
export function PaymentSettingsSection() {
  const { t } = useLingui();
  const settings = usePaymentSettings();
  if (settings.isPending) return <Skeleton h={200} radius="md" maw={880} aria-hidden="true" />;
  if (settings.isError) {
    return <LoadErrorAlert title={t`The payment settings could not be loaded`} error={settings.error} fallback={FAILURES.load} onRetry={() => void settings.refetch()} />;
  }
  return <PaymentSettingsForm settings={settings.data} />;
}

/**
 * The academy's own UPI ID: with one, every open due on the student's and parent's Fees screens gets
 * a "Pay by UPI" button and QR code for its balance, straight to the academy's account.
 */
function PaymentSettingsForm({ settings }: { settings: PaymentSettings }) {
  const { t } = useLingui();
  const save = useSavePaymentSettings();
  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues: toValues(settings),
    schema: paymentSettingsSchema,
    toInput,
    save: (values) => save.mutateAsync(toInput(values)),
    onSaved: ({ data, message }) => {
      const saved = toValues(data);
      form.setValues(saved);
      form.resetDirty(saved);
      notifications.show({ title: t`Payment settings saved`, message: message ?? translateServerText(PAYMENT_SETTINGS_MESSAGES.saved), color: 'teal' });
    },
    onFailed: (error) => notifications.show({ title: t`Payment settings not saved`, message: normalizeError(error, FAILURES.save).message, color: 'red' }),
    // A part of the settings screen, like the other forms there: it does not ask before leaving.
    leaveGuard: false,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="payments-title">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={880}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="payments-title">
              <Trans>Payments</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                With the academy&apos;s UPI ID here, students and parents see a Pay by UPI button and a QR code on every fee that is due, for the amount left to pay. The
                money goes straight to the academy&apos;s account. Leave both fields empty to turn it off.
              </Trans>
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t`UPI ID`}
              description={t`As name@bank, for example shreeacademy@okhdfcbank`}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              key={form.key('upi.vpa')}
              {...form.getInputProps('upi.vpa')}
            />
            <TextInput
              label={t`Name shown to the payer`}
              description={t`As the bank account is named, so families know it is the academy`}
              maxLength={50}
              key={form.key('upi.payeeName')}
              {...form.getInputProps('upi.payeeName')}
            />
          </SimpleGrid>
          {formError ? (
            <Text size="sm" c="red" role="alert">
              {formError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              <Trans>Save payment settings</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
