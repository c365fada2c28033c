import { Alert, Button, Group, NumberInput, Select, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PayScheme, PaySettings } from '@academy/shared/schemas/pay';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { usePaySettings, useSavePaySettings } from '../api';

/**
 * A teacher's pay (issue 58), on the teacher's page: monthly salary, a rate per lecture in each of their
 * batches (the route passes them), or a rate per hour; the PAN; for monthly staff the office's TDS on
 * salary (with the new regime's estimate beside it), Professional Tax, PF and ESI — a visiting
 * teacher's TDS comes from the law (issue 72); the bank account for the bulk transfer (shown by its
 * last four digits only; typed again to change it).
 */
export function PaySettingsForm({ teacherId, batches }: { teacherId: string; batches: { _id: string; name: string }[] }) {
  const { t } = useLingui();
  const settings = usePaySettings(teacherId);
  if (settings.isPending) return <Skeleton h={160} radius="md" aria-hidden="true" />;
  if (settings.isError) return <LoadErrorAlert title={t`The pay settings could not be loaded`} error={settings.error} fallback={t`Failed to load the pay settings`} onRetry={() => void settings.refetch()} />;
  return <Form key={JSON.stringify(settings.data)} teacherId={teacherId} batches={batches} settings={settings.data} />;
}

function Form({ teacherId, batches, settings }: { teacherId: string; batches: { _id: string; name: string }[]; settings: PaySettings }) {
  const { t } = useLingui();
  const form = usePaySettingsForm(teacherId, settings);
  const { save, errors, submit, scheme, setScheme, monthly, setMonthly, hourly, setHourly, pan, setPan, rates, setRates } = form;
  return (
    <Stack gap="sm">
      {save.isError && !fieldErrorsOf(save.error) ? <Alert color="red">{normalizeError(save.error).message}</Alert> : null}
      <Group gap="sm" align="flex-start" wrap="wrap">
        <Select
          label={t`Paid`}
          data={[
            { value: 'per-lecture', label: t`Per lecture` },
            { value: 'per-hour', label: t`Per hour` },
            { value: 'monthly', label: t`Monthly salary` },
          ]}
          value={scheme}
          onChange={(value) => value && setScheme(value as PayScheme)}
          allowDeselect={false}
          error={errors.scheme}
          style={{ flex: '1 1 12rem' }}
        />
        {scheme === 'monthly' ? <NumberInput label={t`Monthly salary (₹)`} value={monthly} onChange={setMonthly} min={0} decimalScale={2} thousandSeparator="," error={errors.monthly} style={{ flex: '1 1 10rem' }} /> : null}
        {scheme === 'per-hour' ? <NumberInput label={t`Rate per hour (₹)`} value={hourly} onChange={setHourly} min={0} decimalScale={2} error={errors.hourly} style={{ flex: '1 1 10rem' }} /> : null}
        <TextInput label={t`PAN`} value={pan} onChange={(event) => setPan(event.currentTarget.value.toUpperCase())} maxLength={10} autoComplete="off" error={errors.pan} style={{ flex: '1 1 9rem' }} />
      </Group>
      {scheme === 'monthly' ? (
        <MonthlyDeductions form={form} settings={settings} errors={errors} />
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>TDS on fees for professional services is worked out by the law: 10 % once the year's fees pass ₹50,000 (20 % without a PAN).</Trans>
        </Text>
      )}
      {scheme === 'per-lecture' ? (
        batches.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>This teacher has no batches yet: give them a batch to set its rate per lecture.</Trans>
          </Text>
        ) : (
          <LectureRates batches={batches} rates={rates} setRates={setRates} error={errors.rates} />
        )
      ) : null}
      <BankAccountFields form={form} settings={settings} errors={errors} />
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          <Trans>Save pay settings</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

type PayForm = ReturnType<typeof usePaySettingsForm>;
type PayErrors = Record<string, string | undefined>;

/** The form's fields, each its own state, and the save (a new bank account only when typed). */
function usePaySettingsForm(teacherId: string, settings: PaySettings) {
  const save = useSavePaySettings(teacherId);
  const [scheme, setScheme] = useState<PayScheme>(settings.scheme ?? 'per-lecture');
  const [monthly, setMonthly] = useState<number | string>(settings.monthly ?? '');
  const [hourly, setHourly] = useState<number | string>(settings.hourly ?? '');
  const [pan, setPan] = useState(settings.pan ?? '');
  const [tdsMonthly, setTdsMonthly] = useState<number | string>(settings.tdsMonthly);
  const [professionalTax, setProfessionalTax] = useState(settings.professionalTax);
  const [pf, setPf] = useState<number | string>(settings.pf);
  const [esi, setEsi] = useState<number | string>(settings.esi);
  const [rates, setRates] = useState<Record<string, number | string>>(Object.fromEntries(settings.rates.map((rate) => [rate.batch, rate.amount])));
  const [account, setAccount] = useState('');
  const [ifsc, setIfsc] = useState(settings.bank?.ifsc ?? '');
  const [holder, setHolder] = useState(settings.bank?.name ?? '');
  const errors = fieldErrorsOf(save.error) ?? {};
  const submit = () => {
    const chosenRates = Object.entries(rates)
      .filter(([, amount]) => amount !== '' && amount !== undefined)
      .map(([batch, amount]) => ({ batch, amount }));
    // mutateAsync, not mutate's callbacks: the saved settings refresh the form under a new key, and a callback of
    // the form that was replaced never runs. A refusal shows on the fields.
    save
      .mutateAsync({
        scheme,
        ...(scheme === 'monthly' ? { monthly: monthly === '' ? undefined : monthly } : {}),
        ...(scheme === 'per-hour' ? { hourly: hourly === '' ? undefined : hourly } : {}),
        ...(scheme === 'per-lecture' ? { rates: chosenRates } : {}),
        pan: pan.trim() === '' ? null : pan,
        ...(scheme === 'monthly' ? { tdsMonthly: tdsMonthly === '' ? 0 : tdsMonthly, professionalTax, pf: pf === '' ? 0 : pf, esi: esi === '' ? 0 : esi } : {}),
        // A new account is sent only when typed; otherwise the one on file stays.
        ...(account ? { bank: { account, ifsc, name: holder || undefined } } : {}),
      } as Parameters<typeof save.mutate>[0])
      .then(({ message }) => notifications.show({ color: 'teal', message }), () => undefined);
  };
  return { save, errors, submit, scheme, setScheme, monthly, setMonthly, hourly, setHourly, pan, setPan, tdsMonthly, setTdsMonthly, professionalTax, setProfessionalTax, pf, setPf, esi, setEsi, rates, setRates, account, setAccount, ifsc, setIfsc, holder, setHolder };
}

/** A monthly teacher's TDS (with the new regime's estimate), PF, ESI and Professional Tax. */
function MonthlyDeductions({ form, settings, errors }: { form: PayForm; settings: PaySettings; errors: PayErrors }) {
  const { t } = useLingui();
  const { tdsMonthly, setTdsMonthly, pf, setPf, esi, setEsi, professionalTax, setProfessionalTax } = form;
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <NumberInput
        label={t`TDS a month (₹)`}
        description={settings.tdsEstimate !== null && settings.scheme === 'monthly' ? t`New regime estimate for this salary: ₹${settings.tdsEstimate}` : t`As the teacher's declared tax regime works out`}
        value={tdsMonthly}
        onChange={setTdsMonthly}
        min={0}
        decimalScale={2}
        error={errors.tdsMonthly}
        style={{ flex: '1 1 12rem' }}
      />
      <NumberInput label={t`Provident fund a month (₹)`} value={pf} onChange={setPf} min={0} decimalScale={2} error={errors.pf} style={{ flex: '1 1 10rem' }} />
      <NumberInput label={t`ESI a month (₹)`} value={esi} onChange={setEsi} min={0} decimalScale={2} error={errors.esi} style={{ flex: '1 1 8rem' }} />
      <Switch
        label={t`Deduct Professional Tax (Maharashtra)`}
        description={t`₹200 a month, ₹300 in February, above the state's salary thresholds`}
        checked={professionalTax}
        onChange={(event) => setProfessionalTax(event.currentTarget.checked)}
        error={errors.professionalTax}
        mt="xs"
        style={{ flex: '1 1 16rem' }}
      />
    </Group>
  );
}

type LectureRatesProps = { batches: { _id: string; name: string }[]; rates: Record<string, number | string>; setRates: PayForm['setRates']; error: string | undefined };

function LectureRates({ batches, rates, setRates, error }: LectureRatesProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        <Trans>Rate per lecture (₹)</Trans>
      </Text>
      {error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : null}
      {batches.map((batch) => (
        <NumberInput key={batch._id} label={batch.name} value={rates[batch._id] ?? ''} onChange={(value) => setRates((current) => ({ ...current, [batch._id]: value }))} min={0} decimalScale={2} maw={320} />
      ))}
    </Stack>
  );
}

/** The bank account for the bulk transfer: the one on file by its last digits, and a new one typed. */
function BankAccountFields({ form, settings, errors }: { form: PayForm; settings: PaySettings; errors: PayErrors }) {
  const { t } = useLingui();
  const { account, setAccount, ifsc, setIfsc, holder, setHolder } = form;
  return (
    <>
      <Text size="sm" fw={500}>
        <Trans>Bank account for the bulk transfer</Trans>
      </Text>
      {settings.bank ? (
        <Text size="sm" c="dimmed">
          <Trans>On file: account ending {settings.bank.accountEnding}, IFSC {settings.bank.ifsc}. Type a new number to change it.</Trans>
        </Text>
      ) : null}
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput label={t`Account number`} value={account} onChange={(event) => setAccount(event.currentTarget.value)} inputMode="numeric" autoComplete="off" error={errors['bank.account']} style={{ flex: '1 1 12rem' }} />
        <TextInput label={t`IFSC`} value={ifsc} onChange={(event) => setIfsc(event.currentTarget.value)} error={errors['bank.ifsc']} style={{ flex: '1 1 9rem' }} />
        <TextInput label={t`Account holder`} value={holder} onChange={(event) => setHolder(event.currentTarget.value)} error={errors['bank.name']} style={{ flex: '1 1 12rem' }} />
      </Group>
    </>
  );
}
