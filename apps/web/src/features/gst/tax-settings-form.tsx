import { NumberInput, SimpleGrid, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { UseFormReturnType } from '@mantine/form';
import { stateName as stateNameOf } from '../../lib/state-names';
import { GST_MESSAGES, taxSettingsInputSchema, type TaxSettings, type TaxSettingsInput } from '@academy/shared/schemas/gst';
import { DateField } from '../../components/ui/date-field';
import { LabelledSegmentedControl } from '../../components/ui/labelled-segmented-control';
import { SettingsCard, SettingsQueryStates, useSettingsForm } from '../../components/ui/settings-card';
import { formatDate } from '../../lib/format-date';
import { translateServerText } from '../../lib/server-text';
import { useTaxSettings, useSaveTaxSettings } from './api';

const FAILURES = { load: msg`Failed to load the tax settings`, save: msg`Failed to save the tax settings` };

type Fields = { registered: boolean; gstin: string; legalName: string; tradeName: string; address: string; rate: number | string; sac: string; pricesIncludeTax: 'yes' | 'no'; instalmentInvoicing: 'due-date' | 'when-paid'; from: string };
/** Shaped as the body ({ gst }), so the schema's and the server's field errors land on their fields. */
type Values = { gst: Fields };

const toValues = ({ gst }: TaxSettings): Values => ({ gst: {
  registered: gst.registered,
  gstin: gst.gstin ?? '',
  legalName: gst.legalName ?? '',
  tradeName: gst.tradeName ?? '',
  address: gst.address ?? '',
  rate: gst.rate,
  sac: gst.sac,
  pricesIncludeTax: gst.pricesIncludeTax ? 'yes' : 'no',
  instalmentInvoicing: gst.instalmentInvoicing,
  from: '',
} });

const toInput = ({ gst: values }: Values): TaxSettingsInput => ({
  gst: {
    registered: values.registered,
    gstin: values.gstin.trim() || null,
    legalName: values.legalName.trim() || null,
    tradeName: values.tradeName.trim() || null,
    address: values.address.trim() || null,
    rate: values.rate === '' ? 18 : Number(values.rate),
    sac: values.sac.trim() || '999293',
    pricesIncludeTax: values.pricesIncludeTax === 'yes',
    instalmentInvoicing: values.instalmentInvoicing,
    ...(values.from ? { from: values.from } : {}),
  },
});

/** Settings → Tax (issue 57): loads the settings, then the form. */
export function TaxSettingsSection() {
  const { t } = useLingui();
  const settings = useTaxSettings();
  return <SettingsQueryStates query={settings} skeleton={200} errorTitle={t`The tax settings could not be loaded`} errorFallback={FAILURES.load}>{(data) => <TaxSettingsForm settings={data} />}</SettingsQueryStates>;
}

/**
 * GST registered or not; with it, the GSTIN (its state read from its first two digits), names,
 * address, rate, SAC and how fee plans are quoted. A save applies from a date (today when left empty),
 * never to receipts already made.
 */
function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const { t, i18n } = useLingui();
  const save = useSaveTaxSettings();
  const { form, onSubmit, saving, formError } = useSettingsForm({
    initialValues: toValues(settings),
    schema: taxSettingsInputSchema,
    toInput,
    save: (values) => save.mutateAsync(toInput(values)),
    toValues,
    saved: { title: t`Tax settings saved`, message: translateServerText(GST_MESSAGES.saved) },
    failed: { title: t`Tax settings not saved`, message: FAILURES.save },
    // The GSTIN's state and the registered fields follow what is typed.
    mode: 'controlled',
  });
  const values = form.getValues().gst;
  const stateCode = values.gstin.trim().slice(0, 2);
  const stateName = /^\d{2}$/.test(stateCode) ? stateNameOf(stateCode, i18n) : undefined;
  const from = settings.gst.from ? formatDate(settings.gst.from) : null;
  return (
    <SettingsCard
      titleId="tax-title"
      title={<Trans>Tax</Trans>}
      description={
        <Trans>
          An academy registered for GST prints every fee receipt as a tax invoice and a credit note for every cancellation. The tax is CGST and SGST when the place of
          supply is the academy&apos;s state — a batch taught in the classroom, whichever state the student comes from — and IGST when it is another state: a batch
          taught online to a student in another state, or a payer whose GSTIN is of another state. Fees → GST then has the month&apos;s GSTR-1. A change applies from
          its date; receipts already made stay as they are. A registration dated back may start earlier, over days saved without GST.
        </Trans>
      }
      note={
        from ? (
          <Text size="sm" mt={4}>
            <Trans>The saved settings apply from {from}.</Trans>
          </Text>
        ) : null
      }
      onSubmit={onSubmit}
      saving={saving}
      saveLabel={<Trans>Save tax settings</Trans>}
      formError={formError}
    >
      <Switch label={t`Registered for GST`} size="md" key={form.key('gst.registered')} {...form.getInputProps('gst.registered', { type: 'checkbox' })} />
      {values.registered ? (
        <GstRegistrationFields form={form} stateName={stateName} />
      ) : (
        <DateField label={t`Applies from`} description={t`Today when left empty`} key={form.key('gst.from')} {...form.getInputProps('gst.from')} maw={280} />
      )}
    </SettingsCard>
  );
}

/** The registration's fields, shown once the academy says it is registered for GST. */
function GstRegistrationFields({ form, stateName }: { form: UseFormReturnType<Values>; stateName: string | undefined }) {
  const { t } = useLingui();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t`GSTIN`}
          description={stateName ? t`State: ${stateName}` : t`15 characters, for example 27AAPFU0939F1ZV`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={15}
          withAsterisk
          key={form.key('gst.gstin')}
          {...form.getInputProps('gst.gstin')}
          onChange={(event) => form.setFieldValue('gst.gstin', event.currentTarget.value.toUpperCase())}
        />
        <TextInput label={t`Legal name`} description={t`As on the GST registration`} withAsterisk maxLength={200} key={form.key('gst.legalName')} {...form.getInputProps('gst.legalName')} />
        <TextInput label={t`Trade name`} maxLength={200} key={form.key('gst.tradeName')} {...form.getInputProps('gst.tradeName')} />
        <NumberInput label={t`GST rate for coaching (%)`} min={0} max={40} decimalScale={2} key={form.key('gst.rate')} {...form.getInputProps('gst.rate')} />
        <TextInput label={t`SAC`} description={t`Coaching is 999293`} inputMode="numeric" maxLength={8} key={form.key('gst.sac')} {...form.getInputProps('gst.sac')} />
        <DateField label={t`Applies from`} description={t`Today when left empty`} key={form.key('gst.from')} {...form.getInputProps('gst.from')} />
      </SimpleGrid>
      <Textarea label={t`Registered address`} autosize minRows={2} maxLength={300} key={form.key('gst.address')} {...form.getInputProps('gst.address')} />
      <LabelledSegmentedControl
        label={<Trans>Fee plans are quoted</Trans>}
        labelId="prices-label"
        data={[
          { value: 'yes', label: t`Including GST` },
          { value: 'no', label: t`Plus GST` },
        ]}
        key={form.key('gst.pricesIncludeTax')}
        {...form.getInputProps('gst.pricesIncludeTax')}
        style={{ alignSelf: 'flex-start' }}
      />
      {/* Instalments as a continuous supply (CGST Act s.31(5), decision 070). */}
      <LabelledSegmentedControl
        label={<Trans>Invoice instalments</Trans>}
        labelId="instalments-label"
        data={[
          { value: 'due-date', label: t`On each due date (paid or not)` },
          { value: 'when-paid', label: t`When paid` },
        ]}
        key={form.key('gst.instalmentInvoicing')}
        {...form.getInputProps('gst.instalmentInvoicing')}
        style={{ alignSelf: 'flex-start' }}
      >
        <Text size="xs" c="dimmed">
          <Trans>The law wants a tax invoice on each instalment’s due date when the fee plan fixes the dates; a later payment against it gets a receipt, not a second invoice.</Trans>
        </Text>
      </LabelledSegmentedControl>
    </>
  );
}
