import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { concessionInputSchema, type Ledger } from '@academy/shared/schemas/fees';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/format-number';
import { translateServerText } from '../../../lib/server-text';
import { useAddConcession } from '../api';

type Kind = 'amount' | 'percent';
type Field = 'amount' | 'percent' | 'reason';

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
  const [kind, setKind] = useState<Kind>('amount');
  const [value, setValue] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState<Partial<Record<Field, string>>>({});
  const add = useAddConcession(studentId);
  const serverErrors = add.error ? (fieldErrorsOf(add.error) ?? {}) : {};
  const formError = add.error && Object.keys(serverErrors).length === 0 ? normalizeError(add.error).message : undefined;
  const valueError = checked[kind] ?? serverErrors[kind] ?? serverErrors.kind;
  const balance = ledger.totals.balance;
  const percent = kind === 'percent' && typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100 ? value : null;
  const takesOff = percent === null ? null : percentConcession(ledger, percent);

  const submit = () => {
    const input = kind === 'percent' ? { kind, percent: value === '' ? undefined : Number(value), reason } : { kind, amount: value === '' ? '' : String(value), reason };
    const parsed = concessionInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= translateServerText(issue.message);
      }
      setChecked(found);
      return;
    }
    setChecked({});
    add.mutate(input as Parameters<typeof add.mutate>[0], {
      onSuccess: ({ data, message }) => {
        notifications.show({ title: message ?? t`Concession recorded`, message: t`Balance now ${formatRupees(data.totals.balance)}`, color: 'teal' });
        onDone();
      },
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      aria-label={t`Give concession`}
    >
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
            setKind(next as Kind);
            setValue('');
            setChecked((current) => ({ reason: current.reason }));
            add.reset();
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
          value={value}
          onChange={(next) => {
            setValue(next);
            setChecked((current) => ({ ...current, [kind]: undefined }));
            // The last refusal was about the old number.
            if (add.error) add.reset();
          }}
          error={valueError}
          description={takesOff !== null ? t`Takes ${formatRupees(takesOff)} off; the balance becomes ${formatRupees(balance - takesOff)}.` : undefined}
          size="md"
          data-autofocus
        />
        <TextInput
          label={t`Reason`}
          required
          placeholder={t`Sibling discount, scholarship…`}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setChecked((current) => ({ ...current, reason: undefined }));
          }}
          error={checked.reason ?? serverErrors.reason}
          size="md"
        />
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm" grow>
          <Button variant="default" size="md" onClick={onDone} disabled={add.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={add.isPending} size="md">
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
