import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { concessionInputSchema, type Ledger } from '@academy/shared/schemas/fees';
import { formatRupees } from '../../../lib/format-number';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useAddConcession } from '../api';

type Kind = 'amount' | 'percent';

/** One number field per kind, so the server's error (`amount` or `percent`) lands on the field shown. */
interface ConcessionFormValues {
  kind: Kind;
  amount: string | number;
  percent: string | number;
  reason: string;
}

/** The body the server gets: the amount as typed (rupees, as text), or the percentage as a number. */
function toConcessionInput(values: ConcessionFormValues) {
  return values.kind === 'percent'
    ? { kind: values.kind, percent: values.percent === '' ? undefined : Number(values.percent), reason: values.reason }
    : { kind: values.kind, amount: values.amount === '' ? '' : String(values.amount), reason: values.reason };
}

/** What a percentage takes off, as the server counts it: that share of each open due's balance, in whole paise, rounded down. */
export function percentConcession(ledger: Ledger, percent: number): number {
  const paise = ledger.dues
    .filter((due) => due.status !== 'cancelled' && due.balance > 0)
    .reduce((sum, due) => sum + Math.floor((Math.round(due.balance * 100) * percent) / 100), 0);
  return paise / 100;
}

/**
 * "Give concession" (the admin's, on a student's page): an amount (taken off the latest dues first) or
 * a percentage of what is still due, with the reason the office gives. The shared schema checks the
 * form before anything is sent (the server's own words, in the language shown); the server's refusals
 * (more than is still due…) land under their field.
 */
export function ConcessionForm({ studentId, ledger, onDone }: { studentId: string; ledger: Ledger; onDone: () => void }) {
  const { t } = useLingui();
  const add = useAddConcession(studentId);
  const initialValues: ConcessionFormValues = { kind: 'amount', amount: '', percent: '', reason: '' };
  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues,
    schema: concessionInputSchema,
    toInput: toConcessionInput,
    save: (values) => add.mutateAsync(toConcessionInput(values) as Parameters<typeof add.mutateAsync>[0]),
    onSaved: ({ data, message }) => {
      notifications.show({ title: message ?? t`Concession recorded`, message: t`Balance now ${formatRupees(data.totals.balance)}`, color: 'teal' });
      onDone();
    },
    // A dialog: it never asked before leaving.
    leaveGuard: false,
    // The percentage's effect is shown while typing.
    mode: 'controlled',
  });
  const { kind, percent: typedPercent } = form.values;
  const balance = ledger.totals.balance;
  const percent = kind === 'percent' && typeof typedPercent === 'number' && Number.isInteger(typedPercent) && typedPercent >= 1 && typedPercent <= 100 ? typedPercent : null;
  const takesOff = percent === null ? null : percentConcession(ledger, percent);
  const valueProps = form.getInputProps(kind);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Give concession`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>Balance: {formatRupees(balance)}. An amount is taken off the latest dues first; a percentage off each unpaid due.</Trans>
        </Text>
        <SegmentedControl
          aria-label={t`Concession as`}
          fullWidth
          data={[
            { value: 'amount', label: t`Amount (₹)` },
            { value: 'percent', label: t`Percentage (%)` },
          ]}
          value={kind}
          onChange={(next) => {
            // A new kind starts from an empty number; the reason stays.
            form.setValues({ kind: next as Kind, amount: '', percent: '' });
            form.clearFieldError('amount');
            form.clearFieldError('percent');
            form.clearFieldError('kind');
          }}
        />
        <NumberInput
          key={kind}
          label={kind === 'percent' ? t`Percentage (%)` : t`Amount (₹)`}
          required
          inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
          allowNegative={false}
          allowDecimal={kind === 'amount'}
          thousandSeparator={kind === 'amount' ? ',' : undefined}
          thousandsGroupStyle="lakh"
          {...valueProps}
          error={valueProps.error ?? form.errors.kind}
          description={takesOff !== null ? t`Takes ${formatRupees(takesOff)} off; the balance becomes ${formatRupees(balance - takesOff)}.` : undefined}
          size="md"
          data-autofocus
        />
        <TextInput
          label={t`Reason`}
          required
          placeholder={t`Sibling discount, scholarship…`}
          key={form.key('reason')}
          {...form.getInputProps('reason')}
          size="md"
        />
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm" grow>
          <Button variant="default" size="md" onClick={onDone} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={saving} size="md">
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
