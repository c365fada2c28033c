import { ActionIcon, Alert, Button, Checkbox, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FeePlan } from '@academy/shared/schemas/fees';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/format-number';
import { useBatches } from '../../batches/api';
import { useSaveFeePlan } from '../api';
import { DateField } from '../../../components/ui/date-field';

type Row = { dueDate: string; amount: string | number };

/** Sum of rupee amounts in paise (integers), so 0.1 + 0.2 is 0.30. */
function sumPaise(values: (string | number)[]): number {
  return values.reduce<number>((sum, value) => sum + Math.round(Number(value || 0) * 100), 0);
}

/** A fee plan: name, batch, total and instalments (which must add up). Editing asks whether enrolled students' future dues follow. */
export function FeePlanForm({ plan, onDone }: { plan?: FeePlan; onDone: () => void }) {
  const { t } = useLingui();
  const batches = useBatches();
  const [name, setName] = useState(plan?.name ?? '');
  const [batch, setBatch] = useState<string | null>(plan?.batch._id ?? null);
  const [amount, setAmount] = useState<string | number>(plan?.amount ?? '');
  const [rows, setRows] = useState<Row[]>(plan?.instalments ?? [{ dueDate: '', amount: '' }]);
  const [applyToEnrolled, setApplyToEnrolled] = useState(false);
  const save = useSaveFeePlan(plan?._id);
  const errors = save.error ? (fieldErrorsOf(save.error) ?? {}) : {};
  const formError = save.error && Object.keys(errors).length === 0 ? normalizeError(save.error).message : undefined;
  const difference = (sumPaise([amount]) - sumPaise(rows.map((row) => row.amount))) / 100;
  const update = (index: number, change: Partial<Row>) => setRows((current) => current.map((row, position) => (position === index ? { ...row, ...change } : row)));
  const instalmentError = errors.instalments;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          {
            name,
            batch: batch ?? '',
            amount: String(amount),
            instalments: rows.map((row) => ({ dueDate: row.dueDate, amount: String(row.amount) })),
            ...(plan ? { applyToEnrolled } : {}),
          },
          {
            onSuccess: ({ message }) => {
              notifications.show({ title: plan ? t`Fee plan updated` : t`Fee plan created`, message: message ?? name, color: 'teal' });
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput label={t`Plan name`} required value={name} onChange={(event) => setName(event.currentTarget.value)} error={errors.name} data-autofocus />
        <Select
          label={t`Batch`}
          required
          searchable
          data={(batches.data ?? []).map((entry) => ({ value: entry._id, label: entry.name }))}
          value={batch}
          onChange={setBatch}
          error={errors.batch}
          nothingFoundMessage={t`No batch found`}
        />
        <NumberInput label={t`Total amount (₹)`} required inputMode="decimal" thousandSeparator="," thousandsGroupStyle="lakh" allowNegative={false} value={amount} onChange={setAmount} error={errors.amount} />
        <Text size="sm" fw={500}>
          <Trans>Instalments</Trans>
        </Text>
        {rows.map((row, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <DateField
              label={t`Due date`}
              required
              value={row.dueDate}
              onChange={(dueDate) => update(index, { dueDate })}
              error={errors[`instalments.${index}.dueDate`]}
              style={{ flex: 1 }}
            />
            <NumberInput
              label={t`Amount (₹)`}
              required
              inputMode="decimal"
              thousandSeparator=","
              thousandsGroupStyle="lakh"
              allowNegative={false}
              value={row.amount}
              onChange={(value) => update(index, { amount: value })}
              error={errors[`instalments.${index}.amount`]}
              style={{ flex: 1 }}
            />
            <ActionIcon variant="subtle" color="red" size="lg" mb={4} aria-label={t`Remove instalment ${index + 1}`} disabled={rows.length === 1} onClick={() => setRows((current) => current.filter((_row, position) => position !== index))}>
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setRows((current) => [...current, { dueDate: '', amount: '' }])}>
            <Trans>Add instalment</Trans>
          </Button>
          <Text size="sm" c={difference === 0 ? 'teal' : 'orange'}>
            {difference === 0 ? <Trans>Instalments add up</Trans> : difference > 0 ? <Trans>Left to place: {formatRupees(difference)}</Trans> : <Trans>More than the total by {formatRupees(-difference)}</Trans>}
          </Text>
        </Group>
        {instalmentError ? (
          <Text size="sm" c="red.9">
            {instalmentError}
          </Text>
        ) : null}
        {plan ? (
          <Checkbox
            label={t`Enrolled students' future unpaid dues follow the new instalments`}
            description={t`Otherwise only students enrolled from now on get the new instalments.`}
            checked={applyToEnrolled}
            onChange={(event) => setApplyToEnrolled(event.currentTarget.checked)}
          />
        ) : null}
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {plan ? <Trans>Save plan</Trans> : <Trans>Create plan</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
