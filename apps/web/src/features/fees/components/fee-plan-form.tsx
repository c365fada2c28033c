import { ActionIcon, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { feePlanInputSchema, feePlanUpdateSchema, type FeePlan } from '@academy/shared/schemas/fees';
import { formatRupees } from '../../../lib/format-number';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useSaveFeePlan } from '../api';
import type { BatchOption } from '../api';
import { DateFormField, FeeFormEnd, RupeesField, rupeesText } from './fee-form-parts';

type Row = { dueDate: string; amount: string | number };

interface FeePlanFormValues {
  name: string;
  batch: string | null;
  amount: string | number;
  instalments: Row[];
  showOnSite: boolean;
  taxable: boolean;
  /** A refundable deposit (decision 062): no supply, so no GST and not in GSTR-1. */
  deposit: boolean;
  applyToEnrolled: boolean;
}

/** The body the server gets: amounts as typed (rupees, as text); `applyToEnrolled` only when editing. */
function toFeePlanInput(values: FeePlanFormValues, editing: boolean) {
  return {
    name: values.name,
    batch: values.batch ?? '',
    amount: rupeesText(values.amount),
    instalments: values.instalments.map((row) => ({ dueDate: row.dueDate, amount: rupeesText(row.amount) })),
    showOnSite: values.showOnSite,
    taxable: values.deposit ? false : values.taxable,
    deposit: values.deposit,
    ...(editing ? { applyToEnrolled: values.applyToEnrolled } : {}),
  };
}

/** Sum of rupee amounts in paise (integers), so 0.1 + 0.2 is 0.30. */
function sumPaise(values: (string | number)[]): number {
  return values.reduce<number>((sum, value) => sum + Math.round(Number(value || 0) * 100), 0);
}

/** The fee plan's form state and its save: a new plan, or the edit of `plan`. */
function useFeePlanForm(plan: FeePlan | undefined, onDone: () => void) {
  const { t } = useLingui();
  const save = useSaveFeePlan(plan?._id);
  const editing = plan !== undefined;
  const initialValues: FeePlanFormValues = {
    name: plan?.name ?? '',
    batch: plan?.batch._id ?? null,
    amount: plan?.amount ?? '',
    instalments: plan?.instalments ?? [{ dueDate: '', amount: '' }],
    showOnSite: plan?.showOnSite ?? false,
    taxable: plan?.taxable ?? true,
    deposit: plan?.deposit ?? false,
    applyToEnrolled: false,
  };
  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues,
    schema: editing ? feePlanUpdateSchema : feePlanInputSchema,
    toInput: (values) => toFeePlanInput(values, editing),
    save: (values) => save.mutateAsync(toFeePlanInput(values, editing)),
    onSaved: ({ message }, values) => {
      notifications.show({ title: plan ? t`Fee plan updated` : t`Fee plan created`, message: message ?? values.name, color: 'teal' });
      onDone();
    },
    // A dialog: it never asked before leaving.
    leaveGuard: false,
    // What is left to place is shown while typing.
    mode: 'controlled',
  });
  return { form, onSubmit, saving, formError };
}

type FeePlanFormState = ReturnType<typeof useFeePlanForm>['form'];

/** The instalment rows (a due date and an amount each), the add button, and what is left to place. */
function InstalmentRows({ form }: { form: FeePlanFormState }) {
  const { t } = useLingui();
  const rows = form.values.instalments;
  const difference = (sumPaise([form.values.amount]) - sumPaise(rows.map((row) => row.amount))) / 100;
  return (
    <>
      <Text size="sm" fw={500}>
        <Trans>Instalments</Trans>
      </Text>
      {rows.map((_row, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
          <DateFormField form={form} path={`instalments.${index}.dueDate`} label={t`Due date`} required style={{ flex: 1 }} />
          <RupeesField form={form} path={`instalments.${index}.amount`} label={t`Amount (₹)`} required style={{ flex: 1 }} />
          <ActionIcon variant="subtle" color="red" size="lg" mb={4} aria-label={t`Remove instalment ${index + 1}`} disabled={rows.length === 1} onClick={() => form.removeListItem('instalments', index)}>
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => form.insertListItem('instalments', { dueDate: '', amount: '' })}>
          <Trans>Add instalment</Trans>
        </Button>
        <Text size="sm" c={difference === 0 ? 'teal' : 'orange'}>
          {difference === 0 ? <Trans>Instalments add up</Trans> : difference > 0 ? <Trans>Left to place: {formatRupees(difference)}</Trans> : <Trans>More than the total by {formatRupees(-difference)}</Trans>}
        </Text>
      </Group>
    </>
  );
}

/** A fee plan: name, batch, total and instalments (which must add up). Editing asks whether enrolled students' future dues follow. */
export function FeePlanForm({ plan, batchOptions, onDone }: { plan?: FeePlan; batchOptions: BatchOption[]; onDone: () => void }) {
  const { t } = useLingui();
  const { form, onSubmit, saving, formError } = useFeePlanForm(plan, onDone);

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <TextInput label={t`Plan name`} required key={form.key('name')} {...form.getInputProps('name')} data-autofocus />
        <Select
          label={t`Batch`}
          required
          searchable
          data={batchOptions}
          key={form.key('batch')}
          {...form.getInputProps('batch')}
          nothingFoundMessage={t`No batch found`}
        />
        <RupeesField form={form} path="amount" label={t`Total amount (₹)`} required />
        <InstalmentRows form={form} />
        {form.errors.instalments ? (
          <Text size="sm" c="red.9">
            {form.errors.instalments}
          </Text>
        ) : null}
        <Checkbox
          label={t`Show these fees on the website`}
          description={t`Families see the total and the number of instalments on this batch's course card and page.`}
          key={form.key('showOnSite')}
          {...form.getInputProps('showOnSite', { type: 'checkbox' })}
        />
        <Checkbox
          label={t`GST applies to these fees`}
          description={t`Untick for charges exempt from GST, such as study material sold separately. Only matters when GST is turned on in Settings → Tax.`}
          key={form.key('taxable')}
          {...form.getInputProps('taxable', { type: 'checkbox' })}
          disabled={form.values.deposit}
        />
        <Checkbox
          label={t`Refundable deposit (not a supply)`}
          description={t`Money held and given back, such as a library deposit: no GST, on no tax invoice and not in GSTR-1.`}
          key={form.key('deposit')}
          {...form.getInputProps('deposit', { type: 'checkbox' })}
        />
        {plan ? (
          <Checkbox
            label={t`Enrolled students' future unpaid dues follow the new instalments`}
            description={t`Otherwise only students enrolled from now on get the new instalments.`}
            key={form.key('applyToEnrolled')}
            {...form.getInputProps('applyToEnrolled', { type: 'checkbox' })}
          />
        ) : null}
        <FeeFormEnd formError={formError} saving={saving}>
          {plan ? <Trans>Save plan</Trans> : <Trans>Create plan</Trans>}
        </FeeFormEnd>
      </Stack>
    </form>
  );
}
