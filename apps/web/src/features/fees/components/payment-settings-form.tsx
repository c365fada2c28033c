import { SimpleGrid, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { PAYMENT_SETTINGS_MESSAGES, paymentSettingsSchema, type PaymentSettings } from '@academy/shared/schemas/payments';
import { SettingsCard, SettingsQueryStates, useSettingsForm } from '../../../components/ui/settings-card';
import { translateServerText } from '../../../lib/server-text';
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
  return <SettingsQueryStates query={settings} skeleton={200} errorTitle={t`The payment settings could not be loaded`} errorFallback={FAILURES.load}>{(data) => <PaymentSettingsForm settings={data} />}</SettingsQueryStates>;
}

/**
 * The academy's own UPI ID: with one, every open due on the student's and parent's Fees screens gets
 * a "Pay by UPI" button and QR code for its balance, straight to the academy's account.
 */
function PaymentSettingsForm({ settings }: { settings: PaymentSettings }) {
  const { t } = useLingui();
  const save = useSavePaymentSettings();
  const { form, onSubmit, saving, formError } = useSettingsForm({
    initialValues: toValues(settings),
    schema: paymentSettingsSchema,
    toInput,
    save: (values) => save.mutateAsync(toInput(values)),
    toValues,
    saved: { title: t`Payment settings saved`, message: translateServerText(PAYMENT_SETTINGS_MESSAGES.saved) },
    failed: { title: t`Payment settings not saved`, message: FAILURES.save },
  });
  return (
    <SettingsCard
      titleId="payments-title"
      title={<Trans>Payments</Trans>}
      description={
        <Trans>
          With the academy&apos;s UPI ID here, students and parents see a Pay by UPI button and a QR code on every fee that is due, for the amount left to pay. The
          money goes straight to the academy&apos;s account. Leave both fields empty to turn it off.
        </Trans>
      }
      onSubmit={onSubmit}
      saving={saving}
      saveLabel={<Trans>Save payment settings</Trans>}
      formError={formError}
    >
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
    </SettingsCard>
  );
}
