import { Alert, Anchor, Badge, Button, Drawer, Group, NumberInput, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES } from '@academy/shared/languages';
import type { PayrollLine, PayrollMonth, PayrollSettings } from '@academy/shared/schemas/pay';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { fieldErrorsOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { useBatches } from '../../../features/batches/api';
import { bankCsvUrl, bankXlsxUrl, payrollXlsxUrl, payslipUrl, useAddAdjustment, useCorrectLecture, useMarkPaid, usePayrollMonth, usePayrollSettings, usePayrollTeacher, useSavePayrollSettings } from '../../../features/pay/api';
import { LectureList } from '../../../features/pay/components/lecture-list';
import { ApproveMonthButton, ReopenMonthButton } from '../../../features/pay/components/approve-month';
import { PayMonthField, usePayMonth } from '../../../features/pay/components/pay-month-field';
import { QueryStates } from '../../../components/ui/query-states';
import { TableScroll } from '../../../components/ui/table-scroll';

/**
 * Staff → Pay (issue 58): the month's payroll, a draft computed from the lectures, leave and rates until
 * the office approves it (then locked; a later correction counts in the next month), and marks it paid.
 * Each teacher's row opens the lectures behind its figures; payslips, the workbook and the bank file download here.
 */
export function Component() {
  const { t } = useLingui();
  const payMonth = usePayMonth();
  const payroll = usePayrollMonth(payMonth.shown);
  const [opened, setOpened] = useState<PayrollLine | null>(null);
  const data = payroll.data;
  return (
    <>
      <PageHeader title={t`Staff pay`} description={t`Each teacher's lectures, leave and pay for the month; approve it, then pay it.`} />
      <Stack gap="md">
        <Group align="flex-end" justify="space-between" wrap="wrap" gap="sm">
          <PayMonthField {...payMonth} />
          {data && data.status !== 'draft' ? (
            <Group gap="xs" wrap="wrap">
              <Button component="a" href={payrollXlsxUrl(data.month)} variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />}>
                <Trans>Payroll XLSX</Trans>
              </Button>
              <Button component="a" href={bankXlsxUrl(data.month)} variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />}>
                <Trans>Bank transfer XLSX</Trans>
              </Button>
              <Button component="a" href={bankCsvUrl(data.month)} variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />}>
                <Trans>Bank transfer CSV</Trans>
              </Button>
            </Group>
          ) : null}
        </Group>
        {payroll.isPending ? (
          <Skeleton h={200} radius="md" aria-hidden="true" />
        ) : payroll.isError ? (
          <LoadErrorAlert title={t`The payroll could not be loaded`} error={payroll.error} fallback={t`Failed to load the payroll`} onRetry={() => void payroll.refetch()} />
        ) : data ? (
          <>
            <Group gap="sm" wrap="wrap">
              <StatusBadge status={data.status} />
              {data.status === 'draft' ? <ApproveMonthButton payroll={data} /> : null}
              {data.status === 'approved' ? <ReopenMonthButton month={data.month} /> : null}
              {data.paid ? (
                <Text size="sm" c="dimmed">
                  <Trans>
                    Paid on {formatDate(data.paid.on)} ({data.paid.mode}) {data.paid.reference}
                  </Trans>
                </Text>
              ) : null}
            </Group>
            {data.status === 'approved' ? <MarkPaidForm month={data.month} /> : null}
            {data.status === 'draft' ? <Flags payroll={data} /> : null}
            <PayrollTable payroll={data} onOpen={setOpened} />
          </>
        ) : null}
        <PayrollSettingsForm />
      </Stack>
      <Drawer opened={opened !== null} onClose={() => setOpened(null)} position="right" size="lg" title={opened?.name}>
        {opened && data ? <TeacherMonth month={data.month} line={opened} /> : null}
      </Drawer>
    </>
  );
}

/** Before approval (issue 72): a substitute's lecture priced ₹0, a lecture on a day of the teacher's approved leave. */
function Flags({ payroll }: { payroll: PayrollMonth }) {
  const { t } = useLingui();
  const flags = payroll.teachers.flatMap((line) => (line.flags ?? []).map((flag) => ({ ...flag, name: line.name })));
  if (flags.length === 0) return null;
  return (
    <Alert color="orange" title={t`Check before approving`}>
      <Stack gap={4}>
        {flags.map((flag, index) => (
          <Text key={index} size="sm">
            {flag.kind === 'unpriced-substitute'
              ? t`${flag.name}: substitute lecture in ${flag.batchName} on ${formatDate(flag.date)} is priced ₹0 — set a rate for that batch`
              : t`${flag.name}: lecture in ${flag.batchName} on ${formatDate(flag.date)}, a day of their approved leave`}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** The academy's TAN (on payslips) and the account the salaries are paid from (the bank file's debit account). */
function PayrollSettingsForm() {
  const { t } = useLingui();
  const settings = usePayrollSettings();
  if (!settings.data) return null;
  return (
    <PayrollSettingsFields
      key={JSON.stringify(settings.data)}
      tan={settings.data.tan ?? ''}
      debitAccount={settings.data.debitAccount ?? ''}
      professionalTax={settings.data.professionalTax}
      professionalTaxDefault={settings.data.professionalTaxDefault}
      title={t`Payroll details`}
    />
  );
}

type PtTable = PayrollSettings['professionalTax'];
/** Maharashtra's table (decision 069), what "Use Maharashtra's figures" puts back. */
const MAHARASHTRA_PT: PtTable = { menNilUpTo: 7500, menLowerUpTo: 10000, menLower: 175, womenNilUpTo: 25000, monthly: 200, february: 300 };

/** What is wrong with a Professional Tax table as typed, by field (the API says the same in its words). */
function ptErrors(table: Record<keyof PtTable, number | string>, t: (descriptor: MessageDescriptor) => string): Partial<Record<keyof PtTable, string>> {
  const errors: Partial<Record<keyof PtTable, string>> = {};
  for (const [key, value] of Object.entries(table) as [keyof PtTable, number | string][]) {
    if (typeof value !== 'number' || value < 0) errors[key] = t(msg`Enter an amount in rupees`);
  }
  for (const key of ['menLower', 'monthly', 'february'] as const) {
    if (!errors[key] && (table[key] as number) > 2500) errors[key] = t(msg`At most ₹2,500`);
  }
  if (!errors.menNilUpTo && !errors.menLowerUpTo && (table.menNilUpTo as number) > (table.menLowerUpTo as number)) errors.menLowerUpTo = t(msg`Not below the salary taxed nil`);
  return errors;
}

function PayrollSettingsFields(props: { tan: string; debitAccount: string; professionalTax: PtTable; professionalTaxDefault: boolean; title: string }) {
  const { t } = useLingui();
  const save = useSavePayrollSettings();
  const [tan, setTan] = useState(props.tan);
  const [debitAccount, setDebitAccount] = useState(props.debitAccount);
  const [pt, setPt] = useState<Record<keyof PtTable, number | string>>(props.professionalTax);
  const [ptDefault, setPtDefault] = useState(props.professionalTaxDefault);
  const [showPtErrors, setShowPtErrors] = useState(false);
  const ptFieldErrors = showPtErrors ? ptErrors(pt, (descriptor) => t(descriptor)) : {};
  const errors = fieldErrorsOf(save.error) ?? {};
  const ptField = (key: keyof PtTable, label: string) => (
    <NumberInput
      label={label}
      value={pt[key]}
      onChange={(value) => {
        setPt({ ...pt, [key]: value });
        setPtDefault(false);
      }}
      min={0}
      decimalScale={2}
      thousandSeparator=","
      thousandsGroupStyle="lakh"
      prefix="₹"
      error={ptFieldErrors[key] ?? errors[`professionalTax.${key}`]}
      style={{ flex: '1 1 9rem' }}
    />
  );
  const onSave = () => {
    setShowPtErrors(true);
    if (Object.keys(ptErrors(pt, (descriptor) => t(descriptor))).length > 0) return;
    // mutateAsync, not mutate's callbacks: the saved figures refresh the form under a new key, and a callback of the
    // form that was replaced never runs (the notice went missing now and then). A refusal shows on the fields.
    save
      .mutateAsync({ tan: tan.trim() || null, debitAccount: debitAccount.trim() || null, professionalTax: ptDefault ? null : (pt as PtTable) })
      .then(({ message }) => notifications.show({ color: 'teal', message }), () => undefined);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={props.title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput label={t`TAN of the academy`} value={tan} onChange={(event) => setTan(event.currentTarget.value.toUpperCase())} maxLength={10} autoComplete="off" error={errors.tan} style={{ flex: '1 1 10rem' }} />
          <TextInput
            label={t`Salaries paid from account`}
            value={debitAccount}
            onChange={(event) => setDebitAccount(event.currentTarget.value)}
            inputMode="numeric"
            autoComplete="off"
            error={errors.debitAccount}
            style={{ flex: '1 1 12rem' }}
          />
        </Group>
        <Stack gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }} aria-describedby="pt-help">
          <Text component="legend" fw={600} size="sm">
            <Trans>Professional Tax (monthly salaries)</Trans>
          </Text>
          <Text size="xs" c="dimmed" id="pt-help">
            {ptDefault ? (
              <Trans>Maharashtra&apos;s figures. Change them when the state changes its Schedule; the month&apos;s salary earned decides the tax.</Trans>
            ) : (
              <Trans>The academy&apos;s own figures. The month&apos;s salary earned decides the tax.</Trans>
            )}
          </Text>
          <Group gap="sm" align="flex-start" wrap="wrap">
            {ptField('menNilUpTo', t`Men: nil up to`)}
            {ptField('menLowerUpTo', t`Men: lower amount up to`)}
            {ptField('menLower', t`Men: lower amount`)}
            {ptField('womenNilUpTo', t`Women: nil up to`)}
            {ptField('monthly', t`Above: each month`)}
            {ptField('february', t`Above: in February`)}
          </Group>
          {!ptDefault ? (
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => {
                  setPt(MAHARASHTRA_PT);
                  setPtDefault(true);
                }}
              >
                <Trans>Use Maharashtra&apos;s figures</Trans>
              </Button>
            </Group>
          ) : null}
        </Stack>
        <Group>
          <Button variant="default" loading={save.isPending} onClick={onSave}>
            <Trans>Save payroll details</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function StatusBadge({ status }: { status: PayrollMonth['status'] }) {
  const { t } = useLingui();
  const label = status === 'draft' ? t`Draft: figures change as the month goes` : status === 'approved' ? t`Approved and locked` : t`Paid`;
  return (
    <Badge variant="light" color={status === 'draft' ? 'gray' : status === 'approved' ? 'blue' : 'teal'} tt="none" size="lg">
      {label}
    </Badge>
  );
}

function PayrollTable({ payroll, onOpen }: { payroll: PayrollMonth; onOpen: (line: PayrollLine) => void }) {
  const { t } = useLingui();
  if (payroll.teachers.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        <Trans>No teacher has pay settings or lectures in this month. Set each teacher's pay on their page.</Trans>
      </Text>
    );
  }
  return (
    <>
      <PayrollCards payroll={payroll} onOpen={onOpen} />
      {/* From a tablet's width: the table; on a phone, the cards above (Net and the payslips in view at 360 px, issue 73). */}
      <TableScroll minWidth={760} visibleFrom="sm">
      <Table striped withTableBorder aria-label={t`Payroll`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Teacher`}</Table.Th>
            <Table.Th ta="right">{t`Lectures`}</Table.Th>
            <Table.Th ta="right">{t`Hours`}</Table.Th>
            <Table.Th ta="right">{t`Gross`}</Table.Th>
            <Table.Th ta="right">{t`Deductions`}</Table.Th>
            <Table.Th ta="right">{t`PT, PF, ESI`}</Table.Th>
            <Table.Th ta="right">{t`TDS`}</Table.Th>
            <Table.Th ta="right">{t`Net`}</Table.Th>
            {payroll.status !== 'draft' ? <Table.Th>{t`Payslip`}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payroll.teachers.map((line) => (
            <Table.Tr key={line.teacherId}>
              <Table.Td>
                <TeacherName line={line} onOpen={onOpen} />
              </Table.Td>
              {/* Each figure opens the lectures behind it. */}
              {[line.lectures, line.hours, ...[line.gross, line.deductions, (line.professionalTax ?? 0) + (line.pf ?? 0) + (line.esi ?? 0), line.tds].map(formatRupees)].map((value, index) => (
                <Table.Td key={index} ta="right">
                  <Anchor component="button" type="button" onClick={() => onOpen(line)}>
                    {value}
                  </Anchor>
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700}>
                {formatRupees(line.net)}
              </Table.Td>
              {payroll.status !== 'draft' ? (
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <PayslipLinks month={payroll.month} teacherId={line.teacherId} />
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
    </>
  );
}

/** The teacher's name, which opens their month, and a warning when they have no pay settings. */
function TeacherName({ line, onOpen, style }: { line: PayrollLine; onOpen: (line: PayrollLine) => void; style?: CSSProperties }) {
  return (
    <>
      <Anchor component="button" type="button" onClick={() => onOpen(line)} fw={600} ta="left" style={style}>
        {line.name}
      </Anchor>
      {!line.scheme ? (
        <Text size="xs" c="orange">
          <Trans>No pay settings</Trans>
        </Text>
      ) : null}
    </>
  );
}

/** A teacher's payslip of the month, one link a language. */
function PayslipLinks({ month, teacherId }: { month: string; teacherId: string }) {
  return LANGUAGES.map((language) => (
    <Anchor key={language} href={payslipUrl(month, teacherId, language)} target="_blank" size="sm" lang={language}>
      {LANGUAGE_NAMES[language]}
    </Anchor>
  ));
}

/** The payroll on a phone: one card per teacher, the net on the name's line, each figure labelled. */
function PayrollCards({ payroll, onOpen }: { payroll: PayrollMonth; onOpen: (line: PayrollLine) => void }) {
  const { t } = useLingui();
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} hiddenFrom="sm" aria-label={t`Payroll`}>
      {payroll.teachers.map((line) => (
        <Paper key={line.teacherId} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <TeacherName line={line} onOpen={onOpen} style={{ overflowWrap: 'anywhere' }} />
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">{t`Net`}</Text>
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatRupees(line.net)}
              </Text>
            </Stack>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t`Lectures`} {line.lectures} · {t`Hours`} {line.hours} · {t`Gross`} {formatRupees(line.gross)} · {t`Deductions`} {formatRupees(line.deductions)} · {t`PT, PF, ESI`}{' '}
            {formatRupees((line.professionalTax ?? 0) + (line.pf ?? 0) + (line.esi ?? 0))} · {t`TDS`} {formatRupees(line.tds)}
          </Text>
          {payroll.status !== 'draft' ? (
            <Group gap="sm" mt={4} wrap="wrap">
              <Text size="xs" c="dimmed">{t`Payslip`}</Text>
              <PayslipLinks month={payroll.month} teacherId={line.teacherId} />
            </Group>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}

function TeacherMonth({ month, line }: { month: string; line: PayrollLine }) {
  const { t } = useLingui();
  const detail = usePayrollTeacher(month, line.teacherId);
  return (
    <Stack gap="md">
      <QueryStates query={detail} skeleton={160} errorTitle={t`The lectures could not be loaded`} errorFallback={t`Failed to load the lectures`}>
        {(data) => (
          <>
            <Text size="sm">
              <Trans>
                {data.line.lectures} lectures, {data.line.hours} hours · gross {formatRupees(data.line.gross)} · deductions {formatRupees(data.line.deductions)} · TDS{' '}
                {formatRupees(data.line.tds)} · net {formatRupees(data.line.net)}
              </Trans>
            </Text>
            {data.line.tdsSection ? (
              <Text size="sm" c="dimmed">
                <Trans>
                  TDS under {data.line.tdsSection} · Professional Tax {formatRupees(data.line.professionalTax ?? 0)} · PF {formatRupees(data.line.pf ?? 0)} · ESI {formatRupees(data.line.esi ?? 0)} · this year so far: gross{' '}
                  {formatRupees(data.line.yearToDate?.gross ?? 0)}, TDS {formatRupees(data.line.yearToDate?.tds ?? 0)}
                </Trans>
              </Text>
            ) : null}
            {data.line.unpaidLeaveDays > 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>Unpaid leave: {data.line.unpaidLeaveDays} days</Trans>
              </Text>
            ) : null}
            {data.line.adjustments.map((item, index) => (
              <Text key={index} size="sm">
                {item.kind === 'extra' ? t`Extra` : t`Deduction`}: {formatRupees(item.amount)} · {item.note}
              </Text>
            ))}
            <LectureList lectures={data.lectures} />
          </>
        )}
      </QueryStates>
      {detail.data?.status !== 'draft' ? (
        <Alert color="blue" variant="light">
          <Trans>This month is locked. A correction or an extra saved now counts in the next month's pay.</Trans>
        </Alert>
      ) : null}
      <CorrectionForm teacherId={line.teacherId} month={month} />
      <AdjustmentForm teacherId={line.teacherId} month={month} />
    </Stack>
  );
}

function CorrectionForm({ teacherId, month }: { teacherId: string; month: string }) {
  const { t } = useLingui();
  const batches = useBatches();
  const correct = useCorrectLecture();
  const [batchId, setBatchId] = useState<string | null>(null);
  const [date, setDate] = useState(`${month}-01`);
  const [lectures, setLectures] = useState<'1' | '-1'>('1');
  const [reason, setReason] = useState('');
  const errors = fieldErrorsOf(correct.error) ?? {};
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>Add or take away a lecture</Trans>
        </Title>
        <Group gap="xs" wrap="wrap" align="flex-start">
          <Select label={t`Batch`} data={(batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }))} value={batchId} onChange={setBatchId} searchable error={errors.batchId} style={{ flex: '1 1 10rem' }} />
          <TextInput type="date" label={t`Date`} value={date} onChange={(event) => setDate(event.currentTarget.value)} error={errors.date} style={{ flex: '1 1 9rem' }} />
          <Select
            label={t`Change`}
            data={[
              { value: '1', label: t`Add a lecture` },
              { value: '-1', label: t`Take one away` },
            ]}
            value={lectures}
            onChange={(value) => value && setLectures(value as '1' | '-1')}
            allowDeselect={false}
            style={{ flex: '1 1 9rem' }}
          />
        </Group>
        <TextInput label={t`Reason`} placeholder={t`Extra doubt-clearing session`} value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={errors.reason} />
        <Group>
          <Button
            size="sm"
            loading={correct.isPending}
            onClick={() =>
              correct.mutate(
                { teacherId, batchId: batchId ?? '', date, lectures: lectures === '1' ? 1 : -1, reason },
                {
                  onSuccess: ({ message, data }) => {
                    notifications.show({ color: 'teal', message: data.payMonth === month ? message : `${message} (${data.payMonth})` });
                    setReason('');
                  },
                },
              )
            }
          >
            <Trans>Save correction</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function AdjustmentForm({ teacherId, month }: { teacherId: string; month: string }) {
  const { t } = useLingui();
  const add = useAddAdjustment();
  const [kind, setKind] = useState<'extra' | 'deduction'>('extra');
  const [amount, setAmount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const errors = fieldErrorsOf(add.error) ?? {};
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>Extra or deduction</Trans>
        </Title>
        <Group gap="xs" wrap="wrap" align="flex-start">
          <Select
            label={t`Kind`}
            data={[
              { value: 'extra', label: t`Extra` },
              { value: 'deduction', label: t`Deduction` },
            ]}
            value={kind}
            onChange={(value) => value && setKind(value as 'extra' | 'deduction')}
            allowDeselect={false}
            style={{ flex: '1 1 8rem' }}
          />
          <NumberInput label={t`Amount (₹)`} value={amount} onChange={setAmount} min={0} decimalScale={2} error={errors.amount} style={{ flex: '1 1 8rem' }} />
        </Group>
        <TextInput label={t`Note`} value={note} onChange={(event) => setNote(event.currentTarget.value)} error={errors.note} />
        <Group>
          <Button
            size="sm"
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { teacherId, month, kind, amount: amount === '' ? '' : amount, note },
                {
                  onSuccess: ({ message, data }) => {
                    notifications.show({ color: 'teal', message: data.payMonth === month ? message : `${message} (${data.payMonth})` });
                    setNote('');
                    setAmount('');
                  },
                },
              )
            }
          >
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function MarkPaidForm({ month }: { month: string }) {
  const { t } = useLingui();
  const today = useAcademyToday();
  const paid = useMarkPaid();
  const [mode, setMode] = useState('bank');
  const [on, setOn] = useState(today);
  const [reference, setReference] = useState('');
  const errors = fieldErrorsOf(paid.error) ?? {};
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="xs" wrap="wrap" align="flex-end">
        <Select
          label={t`Paid by`}
          data={[
            { value: 'bank', label: t`Bank transfer` },
            { value: 'cash', label: t`Cash` },
            { value: 'cheque', label: t`Cheque` },
            { value: 'upi', label: t`UPI` },
          ]}
          value={mode}
          onChange={(value) => value && setMode(value)}
          allowDeselect={false}
          style={{ flex: '1 1 9rem' }}
        />
        <TextInput type="date" label={t`Paid on`} value={on} onChange={(event) => setOn(event.currentTarget.value)} error={errors.on} style={{ flex: '1 1 9rem' }} />
        <TextInput label={t`Reference`} value={reference} onChange={(event) => setReference(event.currentTarget.value)} error={errors.reference} style={{ flex: '1 1 10rem' }} />
        <Button loading={paid.isPending} onClick={() => paid.mutate({ month, mode, on, reference }, { onSuccess: ({ message }) => notifications.show({ color: 'teal', message }) })}>
          <Trans>Mark paid</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
