import { Alert, Button, Card, Group, Modal, Stack, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCash, IconDiscount } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { paymentDateRange } from '@academy/shared/money';
import { receiptCancelInputSchema, type DueInvoice, type Receipt } from '@academy/shared/schemas/fees';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useAdminSettings } from '../../settings/api';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { useCancelDueInvoice, useCancelReceipt, useStudentLedger } from '../api';
import { ConcessionForm } from './concession-form';
import { LedgerView } from './ledger-view';
import { nextDueBalance, openDues, RecordPaymentForm } from './record-payment-form';
import { QueryStates } from '../../../components/ui/query-states';

interface CancelWithReasonFormProps<Result> {
  /** What cancelling does, shown above the reason. */
  warning: ReactNode;
  submitLabel: ReactNode;
  cancel: (reason: string) => Promise<Result>;
  /** After the server took it: the notice to show. */
  onCancelled: (result: Result) => void;
  onDone: () => void;
}

/** A cancelling asked with a reason, in a dialog: the only field, so a refusal that names no field (already cancelled…) shows under it too. */
function CancelWithReasonForm<Result>({ warning, submitLabel, cancel, onCancelled, onDone }: CancelWithReasonFormProps<Result>) {
  const { t } = useLingui();
  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues: { reason: '' },
    schema: receiptCancelInputSchema,
    save: (values) => cancel(values.reason),
    onSaved: (result) => {
      onCancelled(result);
      onDone();
    },
    // A dialog: it never asked before leaving.
    leaveGuard: false,
  });
  const reasonProps = form.getInputProps('reason');
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Alert color="yellow">{warning}</Alert>
        <Textarea label={t`Reason`} required key={form.key('reason')} {...reasonProps} error={reasonProps.error ?? formError} autosize minRows={2} data-autofocus />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CancelReceiptForm({ receipt, onDone }: { receipt: Receipt; onDone: () => void }) {
  const { t } = useLingui();
  const cancel = useCancelReceipt();
  return (
    <CancelWithReasonForm
      warning={<Trans>The receipt keeps its number and shows as cancelled; its amount is owed again.</Trans>}
      submitLabel={<Trans>Cancel receipt</Trans>}
      cancel={(reason) => cancel.mutateAsync({ receiptId: receipt._id, reason })}
      onCancelled={({ message }) => notifications.show({ title: t`Receipt cancelled`, message: message ?? receipt.number, color: 'teal' })}
      onDone={onDone}
    />
  );
}

/**
 * Cancelling a due's tax invoice (decision 070): a credit note reverses it (CGST rule 53), asked with a
 * reason; refused while a receipt is paid against it (the API's sentence shows under the reason).
 */
function CancelDueInvoiceForm({ invoice, onDone }: { invoice: NonNullable<DueInvoice>; onDone: () => void }) {
  const { t } = useLingui();
  const cancel = useCancelDueInvoice();
  return (
    <CancelWithReasonForm
      warning={<Trans>A credit note reverses this invoice and its tax. The due stays owed and is invoiced again on the next run.</Trans>}
      submitLabel={<Trans>Cancel invoice</Trans>}
      cancel={(reason) => cancel.mutateAsync({ invoiceId: invoice._id, reason })}
      onCancelled={({ data, message }) => notifications.show({ title: t`Invoice cancelled`, message: message ?? t`Credit note ${data.creditNote}`, color: 'teal' })}
      onDone={onDone}
    />
  );
}

/** The admin's Fees section of a student's page: the ledger, "Record payment", "Give concession" and cancelling a receipt. */
export function StudentFeesSection({ studentId }: { studentId: string }) {
  const { t } = useLingui();
  const ledger = useStudentLedger(studentId);
  // Today where the academy is, and the lock date (the admin's settings) how far back a payment may go.
  const today = useAcademyToday();
  const settings = useAdminSettings();
  const paymentDates = paymentDateRange(today, settings.data?.paymentsLockedBefore ?? null);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [paying, setPaying] = useState(false);
  const [conceding, setConceding] = useState(false);
  const [cancelling, setCancelling] = useState<Receipt | null>(null);
  const [cancellingInvoice, setCancellingInvoice] = useState<NonNullable<DueInvoice> | null>(null);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="student-fees-title">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} size="h4" id="student-fees-title">
          <Trans>Fees</Trans>
        </Title>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconDiscount size={18} aria-hidden="true" />} onClick={() => setConceding(true)} disabled={!ledger.data || ledger.data.totals.balance <= 0}>
            <Trans>Give concession</Trans>
          </Button>
          <Button leftSection={<IconCash size={18} aria-hidden="true" />} onClick={() => setPaying(true)} disabled={!ledger.data}>
            <Trans>Record payment</Trans>
          </Button>
        </Group>
      </Group>
      <QueryStates query={ledger} skeleton={200} errorTitle={t`Fees could not be loaded`} errorFallback={t`Failed to load the fees`}>
        {(data) => (
          <LedgerView ledger={data} onCancel={setCancelling} onCancelInvoice={setCancellingInvoice} />
        )}
      </QueryStates>
      <Modal opened={paying} onClose={() => setPaying(false)} title={t`Record payment`} fullScreen={phone} centered>
        {ledger.data ? <RecordPaymentForm studentId={studentId} balance={ledger.data.gst?.total ?? ledger.data.totals.balance} suggested={nextDueBalance(ledger.data)} dues={openDues(ledger.data)} dates={paymentDates} onDone={() => setPaying(false)} /> : null}
      </Modal>
      <Modal opened={conceding} onClose={() => setConceding(false)} title={t`Give concession`} fullScreen={phone} centered>
        {ledger.data ? <ConcessionForm studentId={studentId} ledger={ledger.data} onDone={() => setConceding(false)} /> : null}
      </Modal>
      <Modal opened={cancelling !== null} onClose={() => setCancelling(null)} title={t`Cancel receipt ${cancelling?.number ?? ''}`} centered>
        {cancelling ? <CancelReceiptForm receipt={cancelling} onDone={() => setCancelling(null)} /> : null}
      </Modal>
      <Modal opened={cancellingInvoice !== null} onClose={() => setCancellingInvoice(null)} title={t`Cancel invoice ${cancellingInvoice?.number ?? ''}`} fullScreen={phone} centered>
        {cancellingInvoice ? <CancelDueInvoiceForm invoice={cancellingInvoice} onDone={() => setCancellingInvoice(null)} /> : null}
      </Modal>
    </Card>
  );
}
