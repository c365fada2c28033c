import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PayrollMonth } from '@academy/shared/schemas/pay';
import { useConfirmAction } from '../../../components/ui/confirm-action';
import { normalizeError } from '../../../lib/api-client';
import { formatDate, formatMonthYear } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { useApproveMonth, useReopenMonth } from '../api';

/** 'YYYY-MM' → the first day of the month after it, 'YYYY-MM-DD'. */
function firstOfNextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

/**
 * "Approve and lock the month" (issue 73): never one tap. The dialog says what is missing before the
 * month is locked — a month not over yet (the server refuses it too), teachers without pay settings
 * (to be left out by a tick, else refused), rows at ₹0 — and what the month comes to.
 */
export function ApproveMonthButton({ payroll }: { payroll: PayrollMonth }) {
  const { t } = useLingui();
  const today = useAcademyToday();
  const approve = useApproveMonth();
  const [opened, setOpened] = useState(false);
  const [leaveOut, setLeaveOut] = useState(false);
  const withoutPay = payroll.teachers.filter((line) => !line.scheme);
  const paid = payroll.teachers.filter((line) => line.scheme);
  const atZero = paid.filter((line) => line.net === 0);
  const total = paid.reduce((sum, line) => sum + Math.round(line.net * 100), 0) / 100;
  const monthName = formatMonthYear(payroll.month, 'long');
  const over = firstOfNextMonth(payroll.month) <= today;
  const ready = over && paid.length > 0 && (withoutPay.length === 0 || leaveOut);
  const close = () => {
    setOpened(false);
    setLeaveOut(false);
  };
  return (
    <>
      <Button onClick={() => setOpened(true)}>
        <Trans>Approve and lock the month</Trans>
      </Button>
      <Modal opened={opened} onClose={close} title={t`Approve and lock ${monthName}?`} centered>
        <Stack gap="sm">
          {!over ? (
            <Alert color="red" title={t`${monthName} is not over`}>
              <Trans>Its lectures and leave may still change. Its payroll can be approved from {formatDate(firstOfNextMonth(payroll.month))}.</Trans>
            </Alert>
          ) : null}
          {withoutPay.length > 0 ? (
            <Alert color="orange" title={t`No pay settings`}>
              <Stack gap="xs">
                <Text size="sm">
                  <Trans>These teachers took classes this month but have no pay settings, so their pay would be ₹0. Set their pay on their page first, or leave them out: their lectures are then paid in a later month, once their pay is set.</Trans>
                </Text>
                <List size="sm" aria-label={t`Teachers without pay settings`}>
                  {withoutPay.map((line) => (
                    <List.Item key={line.teacherId}>{line.name}</List.Item>
                  ))}
                </List>
                <Checkbox label={t`Leave them out of this month`} checked={leaveOut} onChange={(event) => setLeaveOut(event.currentTarget.checked)} />
              </Stack>
            </Alert>
          ) : null}
          {atZero.length > 0 ? (
            <Alert color="yellow" title={t`Pay of ₹0`}>
              <List size="sm" aria-label={t`Teachers paid ₹0`}>
                {atZero.map((line) => (
                  <List.Item key={line.teacherId}>{line.name}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Text size="sm">
            <Trans>
              {paid.length} teachers, net {formatRupees(total)}. Once approved the figures are locked and payslips can be opened; you can reopen the month until it is marked paid.
            </Trans>
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              disabled={!ready}
              loading={approve.isPending}
              onClick={() =>
                approve.mutate(
                  { month: payroll.month, leaveOut: leaveOut ? withoutPay.map((line) => line.teacherId) : [] },
                  {
                    onSuccess: ({ message }) => {
                      close();
                      notifications.show({ color: 'teal', message });
                    },
                    onError: (error) => notifications.show({ color: 'red', message: normalizeError(error).message }),
                  },
                )
              }
            >
              <Trans>Approve and lock</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** "Reopen the month" (issue 73): an approved month not yet paid becomes a draft again, after a confirmation; audited by the server. */
export function ReopenMonthButton({ month }: { month: string }) {
  const { t } = useLingui();
  const reopen = useReopenMonth();
  const confirm = useConfirmAction();
  const monthName = formatMonthYear(month, 'long');
  return (
    <Button
      variant="default"
      color="red"
      loading={reopen.isPending}
      onClick={() =>
        confirm({
          title: t`Reopen ${monthName}?`,
          body: t`Its payroll becomes a draft again: the figures are worked out afresh from the lectures, leave and pay settings, and its payslips cannot be opened until it is approved again.`,
          confirmLabel: t`Reopen`,
          mutation: reopen,
          variables: month,
          done: { title: t`Payroll reopened`, message: t`Payroll reopened: it is a draft again` },
          failed: { title: t`The payroll was not reopened`, message: t`The payroll could not be reopened` },
        })
      }
    >
      <Trans>Reopen the month</Trans>
    </Button>
  );
}
