import { useEffect, useRef } from 'react';
import { useServerView } from '../../../lib/use-server-view';
import { useDeferredModule } from '../../../lib/use-deferred-module';
import { Alert, Anchor, Badge, Button, Card, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconQrcode } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DueUpi, Ledger, PaymentClaim } from '@academy/shared/schemas/fees';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { dueUpiQrUrl } from '../api';
import { DUE_STATUS_COLORS, DUE_STATUS_LABELS } from './fee-labels';
import { Utr } from './utr';

type PayableDue = Ledger['dues'][number] & { upi: DueUpi };

/** What a due's UPI card needs: the ledger's due, or a pay link's. */
export type UpiDueFacts = Pick<Ledger['dues'][number], '_id' | 'label' | 'dueDate' | 'status' | 'balance' | 'gst'> & { upi: DueUpi };

/** A finger, not a mouse: a phone or a tablet, where a upi:// link opens the UPI app. */
export function useTouchScreen(): boolean {
  return useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
}

/**
 * "Pay by UPI" on the student's and the parent's Fees screens (issue 38): each due with something
 * left to pay, oldest first. On a phone a button opens the UPI app (GPay, PhonePe, Paytm, BHIM) with
 * the academy, the amount and the reference filled in, and the QR code is one tap away (a parent can
 * scan it from their child's phone); on a computer the QR code shows, to be scanned with a phone.
 * Nothing shows when the academy has no UPI ID or nothing is due.
 */
export function UpiPayPanel({ ledger, payPageHref }: { ledger: Ledger; payPageHref?: string }) {
  const payable = ledger.dues.filter((due): due is PayableDue => due.upi !== null);
  // What became of the family's reports: waiting, or not accepted and why (a confirmed one is a receipt below).
  const reports = ledger.claims.filter((claim) => claim.status !== 'confirmed');
  const touch = useTouchScreen();
  // The server's view (decision 075): each due leads with Pay, a plain link to the family's pay page
  // (the server's own page, with the UPI button and the QR code), which works before the app's code.
  const serverView = useServerView() && payPageHref !== undefined;
  if (payable.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="upi-pay-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="upi-pay-title">
            <Trans>Pay by UPI</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Pay straight to the academy with GPay, PhonePe, Paytm or BHIM. After you pay, the office records it and the receipt appears below.</Trans>
          </Text>
        </div>
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {payable.map((due) => (
            <UpiDue key={due._id} due={due} touch={touch} payPageHref={serverView ? payPageHref : undefined} waiting={reports.find((claim) => claim.status === 'pending' && claim.due._id === due._id)} />
          ))}
        </Stack>
        {reports.length > 0 ? <ClaimReports reports={reports} /> : null}
      </Stack>
    </Card>
  );
}

/** The family's payment reports that are not receipts yet: waiting for the office, or not accepted with the office's reason. */
function ClaimReports({ reports }: { reports: PaymentClaim[] }) {
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        <Trans>Payments you reported</Trans>
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Payments you reported`}>
        {reports.map((claim) => (
          <Card key={claim._id} component="li" withBorder radius="md" padding="sm" data-testid="payment-report">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                <Trans>
                  {formatRupees(claim.amount)} on {formatDate(claim.paidOn)} · UTR <Utr value={claim.utr} />
                </Trans>
              </Text>
              <Badge color={claim.status === 'pending' ? 'blue' : claim.status === 'superseded' ? 'gray' : 'red'} variant="light">
                {claim.status === 'pending' ? <Trans>Waiting for the office</Trans> : claim.status === 'superseded' ? <Trans>Closed by the office</Trans> : <Trans>Not accepted</Trans>}
              </Badge>
            </Group>
            {claim.status === 'superseded' ? (
              <Text size="sm" c="dimmed">
                {claim.receiptNumber ? (
                  <Trans>The office recorded this payment itself: receipt {claim.receiptNumber}.</Trans>
                ) : (
                  <Trans>The office recorded this UPI transaction from its own records, not as your payment. If you paid it, please talk to the office.</Trans>
                )}
              </Text>
            ) : null}
            {claim.rejectReason ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <Trans>The office says: {claim.rejectReason}</Trans>
              </Text>
            ) : null}
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * "I have paid"'s form (a date picker, an amount, zod: about 60 kB) is not needed to show the dues or to pay:
 * it downloads once the app has taken the screen over, not before (issue 74: what comes before the take-over).
 */
const loadClaimForm = () => import('./claim-payment-form');

function UpiDue({ due, touch, waiting, payPageHref }: { due: PayableDue; touch: boolean; waiting: PaymentClaim | undefined; payPageHref: string | undefined }) {
  const [claiming, claim] = useDisclosure(false);
  const claimForm = useDeferredModule(loadClaimForm, waiting === undefined);
  const formRef = useRef<HTMLDivElement>(null);
  // The form opens below the QR code, off a phone's screen (issue 54): brought into view once open.
  useEffect(() => {
    if (claiming) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [claiming]);
  return (
    <UpiDueCard due={due} touch={touch} payPageHref={payPageHref} qrUrl={dueUpiQrUrl(due._id)} reported={waiting ? { amount: waiting.amount, utr: waiting.utr } : null}>
      {waiting ? null : claiming ? (
        <div ref={formRef} style={{ scrollMarginTop: 72 }}>
          {claimForm ? <claimForm.ClaimPaymentForm dueId={due._id} balance={due.balance} onDone={claim.close} /> : <Loader size="sm" />}
        </div>
      ) : (
        <Button variant="light" onClick={claim.open} style={{ alignSelf: 'flex-start' }}>
          <Trans>I have paid</Trans>
        </Button>
      )}
    </UpiDueCard>
  );
}

/**
 * One due to pay by UPI: its name, date and state, the Pay button (touch screens) or the QR code
 * (computers; one tap away on a phone), and the reference. `children` close the card: the family's
 * "I have paid" on their Fees screen, nothing on a pay link's page. A due the family reported paying
 * (`reported`, issue 54) says so, with the UTR, instead of "overdue" and a big Pay button: paying
 * again is one deliberate tap away ("Pay again"), so nobody pays twice by mistake.
 */
export function UpiDueCard({
  due,
  touch,
  qrUrl,
  reported,
  children,
  payPageHref,
}: {
  due: UpiDueFacts;
  touch: boolean;
  qrUrl: string;
  reported?: { amount: number; utr: string } | null | undefined;
  children?: React.ReactNode;
  /** The server's view: Pay is a link to the family's pay page, whatever the device (UpiPayPanel). */
  payPageHref?: string | undefined;
}) {
  const [payAgain, again] = useDisclosure(false);
  const payable = !reported || payAgain;
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="upi-due">
      <Stack gap="xs">
        <UpiDueHeading due={due} reported={reported} />
        {reported ? <PaymentReportedNote reported={reported} /> : null}
        {reported && !payAgain ? (
          <Anchor component="button" type="button" size="sm" onClick={again.open} style={{ alignSelf: 'flex-start' }}>
            <Trans>Pay again</Trans>
          </Anchor>
        ) : null}
        {payable ? <UpiPayActions due={due} touch={touch} qrUrl={qrUrl} payPageHref={payPageHref} /> : null}
        {children}
      </Stack>
    </Card>
  );
}

/** The due's name, its date, and its state ("Reported" once the family said they paid). */
function UpiDueHeading({ due, reported }: { due: UpiDueFacts; reported: { amount: number; utr: string } | null | undefined }) {
  const { i18n } = useLingui();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {due.label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {formatDate(due.dueDate)}
        </Text>
        {reported ? (
          <Badge color="blue" variant="light">
            <Trans>Reported</Trans>
          </Badge>
        ) : (
          <Badge color={DUE_STATUS_COLORS[due.status]} variant="light">
            {i18n._(DUE_STATUS_LABELS[due.status])}
          </Badge>
        )}
      </Group>
    </Group>
  );
}

/** What the family reported paying (issue 54), waiting for the office. */
function PaymentReportedNote({ reported }: { reported: { amount: number; utr: string } }) {
  return (
    <Alert color="blue" variant="light" p="xs" data-testid="payment-reported">
      <Text size="sm" fw={600}>
        <Trans>Payment reported · waiting for the office to confirm</Trans>
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Trans>
          {formatRupees(reported.amount)} · UTR <Utr value={reported.utr} />
        </Trans>
      </Text>
    </Alert>
  );
}

/**
 * How to pay: a link to the family's pay page when the server says so, else the Pay button (touch screens)
 * or the QR code (computers; one tap away on a phone), with the reference.
 */
function UpiPayActions({ due, touch, qrUrl, payPageHref }: { due: UpiDueFacts; touch: boolean; qrUrl: string; payPageHref: string | undefined }) {
  const { t } = useLingui();
  const [qrShown, qr] = useDisclosure(false);
  // What the UPI request asks for: the balance, plus GST when the academy quotes fees excluding it (issue 57).
  const amount = formatRupees(due.gst ? due.gst.total : due.balance);
  const showQr = !touch || qrShown;
  if (payPageHref !== undefined) {
    return (
      <>
        <Button component="a" href={payPageHref} size="md" fullWidth>
          <Trans>Pay {amount} by UPI</Trans>
        </Button>
        <Text size="sm" c="dimmed">
          <Trans>
            Reference: <Code>{due.upi.reference}</Code>
          </Trans>
        </Text>
      </>
    );
  }
  return (
    <>
      {touch ? (
        <Button component="a" href={due.upi.link} size="md" fullWidth>
          <Trans>Pay {amount} by UPI</Trans>
        </Button>
      ) : (
        <Text size="sm">
          <Trans>
            Scan this code with any UPI app on your phone to pay <b>{amount}</b>.
          </Trans>
        </Text>
      )}
      <Text size="sm" c="dimmed">
        <Trans>
          Reference: <Code>{due.upi.reference}</Code>
        </Trans>
      </Text>
      {touch ? (
        <Button variant="subtle" size="compact-sm" leftSection={<IconQrcode size={16} aria-hidden="true" />} onClick={qr.toggle} aria-expanded={qrShown} style={{ alignSelf: 'flex-start' }}>
          {qrShown ? <Trans>Hide the QR code</Trans> : <Trans>Show the QR code</Trans>}
        </Button>
      ) : null}
      {/* A plain image: the SVG draws itself, and Mantine's Image would need a stylesheet more on every page. */}
      {showQr ? <img src={qrUrl} alt={t`QR code to pay ${amount} by UPI`} width={200} height={200} style={{ display: 'block' }} /> : null}
    </>
  );
}
