import { Anchor, Badge, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CLAIM_STATUSES, paymentClaimRejectSchema, type PaymentClaim } from '@academy/shared/schemas/fees';
import { ListFooter, ListStates, ListView, type ListColumn } from '../../../components/list-kit';
import { normalizeError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { useEntityForm } from '../../../lib/use-entity-form';
import { receiptPdfUrl, useConfirmClaim, usePaymentClaims, useRejectClaim } from '../api';
import { Utr } from './utr';

const PAGE_SIZE = 50;
const FAILURES = { load: msg`Failed to load the UPI payment reports`, confirm: msg`Failed to confirm the payment`, reject: msg`Failed to reject the report` };

type StatusLabels = Record<PaymentClaim['status'], string>;

/** Confirm, asked first (check the UTR in the bank app): records the payment, then offers its receipt to print. */
function useConfirmClaimDialog() {
  const { t } = useLingui();
  const confirm = useConfirmClaim();
  const askConfirm = (claim: PaymentClaim) =>
    modals.openConfirmModal({
      title: t`Confirm this payment?`,
      children: (
        <Text size="sm">
          <Trans>
            Record {formatRupees(claim.amount)} by UPI for {claim.student.name}, paid on {formatDate(claim.paidOn)} with UTR <Utr value={claim.utr} />. Check the UTR in the bank
            account first.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Record the payment`, cancel: t`Cancel` },
      onConfirm: () =>
        confirm.mutate(claim._id, {
          onSuccess: ({ data, message }) =>
            notifications.show({
              title: message ?? t`Payment confirmed`,
              message: (
                <Anchor href={receiptPdfUrl(data.receipt._id)} target="_blank" rel="noopener" size="sm">
                  <Trans>Print receipt {data.receipt.number}</Trans>
                </Anchor>
              ),
              color: 'teal',
            }),
          onError: (error) => notifications.show({ title: t`Payment not confirmed`, message: normalizeError(error, FAILURES.confirm).message, color: 'red' }),
        }),
    });
  return { confirm, askConfirm };
}

/** A report's status badge, its receipt's number once confirmed, the reason once rejected. */
function ClaimStatus({ claim, labels }: { claim: PaymentClaim; labels: StatusLabels }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={claim.status === 'pending' ? 'blue' : claim.status === 'confirmed' ? 'teal' : 'red'} variant="light">
        {labels[claim.status]}
      </Badge>
      {claim.receiptNumber ? (
        <Text size="xs" c="dimmed">
          <Trans>Receipt {claim.receiptNumber}</Trans>
        </Text>
      ) : null}
      {claim.rejectReason ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {claim.rejectReason}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The queue's columns: the child and the due, the amount, the UTR and date, who reported it when, the status. */
function useClaimColumns(labels: StatusLabels): ListColumn<PaymentClaim>[] {
  const { t } = useLingui();
  return [
    {
      key: 'student',
      header: t`Student`,
      card: 'title',
      cell: (claim) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/app/students/${claim.student._id}`} fw={600} size="sm">
            {claim.student.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {claim.due.label}
          </Text>
        </Stack>
      ),
    },
    { key: 'amount', header: t`Amount`, align: 'right', card: 'aside', cell: (claim) => <Text fw={600}>{formatRupees(claim.amount)}</Text> },
    {
      key: 'utr',
      header: t`UTR and date`,
      cell: (claim) => (
        <Text size="sm">
          <Trans>
            UTR <Utr value={claim.utr} /> · paid {formatDate(claim.paidOn)}
          </Trans>
        </Text>
      ),
    },
    {
      key: 'reported',
      header: t`Reported`,
      cell: (claim) => (
        <Text size="sm" c="dimmed">
          {claim.claimedBy ? <Trans>By {claim.claimedBy}, {formatDateTime(claim.createdAt)}</Trans> : formatDateTime(claim.createdAt)}
        </Text>
      ),
    },
    // Room for the badge whole ("Waiting", "प्रतीक्षा") beside the row's two buttons.
    { key: 'status', header: t`Status`, miw: 130, cell: (claim) => <ClaimStatus claim={claim} labels={labels} /> },
  ];
}

/**
 * The office's queue of "I have paid" reports (issue 38): each with the child, the due, the amount,
 * the UTR and who reported it. Confirm records the payment and its receipt (check the UTR in the bank
 * app first); Reject asks why, and the family sees the reason.
 */
export function PaymentClaimsPanel() {
  const { t } = useLingui();
  const [status, setStatus] = useState<PaymentClaim['status']>('pending');
  const [page, setPage] = useState(1);
  const claims = usePaymentClaims({ status, page });
  const { confirm, askConfirm } = useConfirmClaimDialog();
  const [rejecting, setRejecting] = useState<PaymentClaim | null>(null);
  const labels: StatusLabels = { pending: t`Waiting`, confirmed: t`Confirmed`, rejected: t`Rejected`, superseded: t`Closed by the office` };
  const columns = useClaimColumns(labels);
  const total = claims.data?.pagination.total ?? 0;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>Families who paid by UPI report the transaction ID (UTR) here. Check it in the bank account, then confirm: the receipt is made and mailed as for any payment.</Trans>
      </Text>
      <SegmentedControl
        aria-label={t`Reports to show`}
        value={status}
        onChange={(value) => {
          setStatus(value as PaymentClaim['status']);
          setPage(1);
        }}
        data={CLAIM_STATUSES.map((value) => ({ value, label: labels[value] }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <ListStates
        query={claims}
        count={claims.data?.claims.length ?? 0}
        errorTitle={t`The UPI payment reports could not be loaded`}
        errorFallback={FAILURES.load}
        empty={status === 'pending' ? t`No payment waits to be confirmed.` : t`None yet.`}
      >
        <ListView
          rows={claims.data?.claims ?? []}
          columns={columns}
          label={t`UPI payment reports`}
          minWidth={860}
          actions={(claim) =>
            claim.status === 'pending' ? (
              <Group gap="xs" wrap="nowrap">
                <Button size="compact-sm" onClick={() => askConfirm(claim)} loading={confirm.isPending && confirm.variables === claim._id}>
                  <Trans>Confirm</Trans>
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRejecting(claim)}>
                  <Trans>Reject</Trans>
                </Button>
              </Group>
            ) : null
          }
        />
        <ListFooter countText={plural(total, { one: '# report', other: '# reports' })} paging={{ total, pageSize: PAGE_SIZE, page, onChange: setPage }} />
      </ListStates>
      <Modal opened={rejecting !== null} onClose={() => setRejecting(null)} title={t`Reject this report?`} centered>
        {rejecting ? <RejectClaimForm claim={rejecting} onDone={() => setRejecting(null)} /> : null}
      </Modal>
    </Stack>
  );
}

/** Why the report is rejected (the family sees it); the shared schema checks it before it is sent. */
function RejectClaimForm({ claim, onDone }: { claim: PaymentClaim; onDone: () => void }) {
  const { t } = useLingui();
  const reject = useRejectClaim();
  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues: { reason: '' },
    schema: paymentClaimRejectSchema,
    save: (values) => reject.mutateAsync({ claimId: claim._id, reason: values.reason }),
    onSaved: () => {
      notifications.show({ title: t`Report rejected`, message: t`The family sees your reason on their fees screen.`, color: 'teal' });
      onDone();
    },
    failure: FAILURES.reject,
    // A dialog: nothing to ask before leaving.
    leaveGuard: false,
  });
  const reasonProps = form.getInputProps('reason');
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            {formatRupees(claim.amount)} for {claim.student.name}, UTR <Utr value={claim.utr} />.
          </Trans>
        </Text>
        {/* The only field: a refusal that names no field (already confirmed…) shows under it too. */}
        <Textarea label={t`Reason the family will see`} required maxLength={300} key={form.key('reason')} {...reasonProps} error={reasonProps.error ?? formError} autosize minRows={2} data-autofocus />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={saving}>
            <Trans>Reject</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
