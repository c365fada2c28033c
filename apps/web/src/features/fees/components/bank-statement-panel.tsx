import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StatementCredit, StatementMapping } from '@academy/shared/schemas/fees';
import { ListView, type ListColumn } from '../../../components/list-kit';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { useBankStatement, useBankStatements, useConfirmStatementCredits, useSaveStatementMapping, useStudentSearch, useUploadStatement } from '../api';

const FAILURES = { upload: msg`Failed to read the statement`, load: msg`Failed to load the statement`, confirm: msg`Failed to make the receipts` };

/**
 * The bank statement (issue 38): the office uploads the academy's statement from net banking; each
 * credit shows what it matched (a due's reference, a family's report of its UTR, or its exact amount
 * and a family name), and one tap makes it a receipt, or all the exact matches at once. A credit
 * that matched nobody can be given its student.
 */
export function BankStatementPanel() {
  const { t } = useLingui();
  const [selected, setSelected] = useState<string | null>(null);
  const statements = useBankStatements();
  const current = selected ?? statements.data?.statements[0]?.id ?? null;
  return (
    <Stack gap="md">
      <StatementUpload onRead={setSelected} />
      {statements.data && statements.data.statements.length > 1 ? (
        <Select
          label={t`Statement`}
          maw={420}
          allowDeselect={false}
          value={current}
          onChange={setSelected}
          data={statements.data.statements.map((statement) => ({ value: statement.id, label: `${statement.fileName} · ${formatDateTime(statement.uploadedAt)}` }))}
        />
      ) : null}
      {current ? <StatementCredits statementId={current} /> : null}
    </Stack>
  );
}

/** Choose the file, read it; an unknown bank's columns are chosen once (kept for the next statements). */
function StatementUpload({ onRead }: { onRead: (id: string) => void }) {
  const { t } = useLingui();
  const upload = useUploadStatement();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [headers, setHeaders] = useState<string[] | null>(null);
  const read = (chosen: File) =>
    upload.mutate(chosen, {
      onSuccess: ({ data, message }) => {
        setError(null);
        setHeaders(null);
        onRead(data.id);
        notifications.show({ title: message ?? t`Statement read`, message: t`${data.credits.length} new credits`, color: 'teal' });
      },
      onError: (failure) => {
        const fields = fieldErrorsOf(failure) ?? {};
        setError(fields.file ?? normalizeError(failure, FAILURES.upload).message);
        setHeaders(fields.headers ? fields.headers.split('\n').filter(Boolean) : null);
      },
    });
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>Download the academy&apos;s account statement from net banking (CSV or Excel .xlsx; HDFC, SBI and ICICI are read as they are) and read it here.</Trans>
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label={t`Bank statement`}
            placeholder={t`Choose the file`}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
            value={file}
            onChange={setFile}
            error={error}
            w={{ base: '100%', sm: 360 }}
            clearable
          />
          <Button disabled={!file} loading={upload.isPending} onClick={() => file && read(file)}>
            <Trans>Read the statement</Trans>
          </Button>
        </Group>
        {headers && file ? <ColumnMapping headers={headers} onSaved={() => read(file)} /> : null}
      </Stack>
    </Card>
  );
}

/** Which of the file's columns hold the date, the narration, the reference and the credit amount. */
function ColumnMapping({ headers, onSaved }: { headers: string[]; onSaved: () => void }) {
  const { t } = useLingui();
  const save = useSaveStatementMapping();
  const [mapping, setMapping] = useState<Partial<StatementMapping>>({ reference: null });
  const options = headers.map((header) => ({ value: header, label: header }));
  const complete = Boolean(mapping.date && mapping.narration && mapping.credit);
  const submit = () =>
    save.mutate({ date: mapping.date ?? '', narration: mapping.narration ?? '', reference: mapping.reference ?? null, credit: mapping.credit ?? '' }, {
      onSuccess: onSaved,
      onError: (failure) => notifications.show({ title: t`Columns not saved`, message: normalizeError(failure).message, color: 'red' }),
    });
  return (
    <Alert color="blue" title={t`Which column is which?`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label={t`Date`} required data={options} value={mapping.date ?? null} onChange={(value) => setMapping({ ...mapping, date: value ?? undefined })} />
          <Select label={t`Narration`} required data={options} value={mapping.narration ?? null} onChange={(value) => setMapping({ ...mapping, narration: value ?? undefined })} />
          <Select label={t`Reference (if any)`} data={options} value={mapping.reference ?? null} onChange={(value) => setMapping({ ...mapping, reference: value })} clearable />
          <Select label={t`Credit amount`} required data={options} value={mapping.credit ?? null} onChange={(value) => setMapping({ ...mapping, credit: value ?? undefined })} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button disabled={!complete} loading={save.isPending} onClick={submit}>
            <Trans>Save the columns and read the statement</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function StatementCredits({ statementId }: { statementId: string }) {
  const { t } = useLingui();
  const statement = useBankStatement(statementId);
  const confirm = useConfirmStatementCredits(statementId);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const labels: Record<StatementCredit['match'], string> = { reference: t`Exact`, likely: t`Likely`, none: t`No match`, receipted: t`Receipted` };
  const colors: Record<StatementCredit['match'], string> = { reference: 'teal', likely: 'yellow', none: 'gray', receipted: 'blue' };
  if (statement.isPending) return null;
  if (statement.isError) return <LoadErrorAlert title={t`The statement could not be loaded`} error={statement.error} fallback={FAILURES.load} onRetry={() => void statement.refetch()} />;
  const credits = statement.data.credits;
  const exact = credits.filter((credit) => credit.match === 'reference');
  const run = (picks: { id: string; studentId?: string }[]) =>
    confirm.mutate(picks, {
      onSuccess: ({ data }) => {
        notifications.show({ title: t`${data.confirmed} receipts made`, message: data.failed.map((failure) => failure.message).join(' · ') || t`From the statement`, color: data.failed.length > 0 ? 'yellow' : 'teal' });
      },
      onError: (failure) => notifications.show({ title: t`Receipts not made`, message: normalizeError(failure, FAILURES.confirm).message, color: 'red' }),
    });

  const columns: ListColumn<StatementCredit>[] = [
    {
      key: 'credit',
      header: t`Credit`,
      card: 'title',
      cell: (credit) => (
        <Stack gap={0}>
          <Text fw={600}>{formatRupees(credit.amount)}</Text>
          <Text size="xs" c="dimmed">
            {credit.utr ? <Trans>{formatDate(credit.date)} · UTR {credit.utr}</Trans> : formatDate(credit.date)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'narration',
      header: t`Narration`,
      miw: 220,
      cell: (credit) => (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {credit.narration}
        </Text>
      ),
    },
    {
      key: 'match',
      header: t`Match`,
      card: 'aside',
      miw: 110,
      cell: (credit) => (
        <Badge color={colors[credit.match]} variant="light">
          {labels[credit.match]}
        </Badge>
      ),
    },
    {
      key: 'student',
      header: t`Student and due`,
      miw: 220,
      cell: (credit) =>
        credit.studentId && credit.student ? (
          <Stack gap={0}>
            <Anchor component={Link} to={`/app/students/${credit.studentId}`} size="sm">
              {credit.student}
            </Anchor>
            <Text size="xs" c="dimmed">
              {credit.receiptNumber ? <Trans>Receipt {credit.receiptNumber}</Trans> : credit.due}
            </Text>
          </Stack>
        ) : (
          <StudentChoice value={chosen[credit.id] ?? null} onChange={(studentId) => setChosen({ ...chosen, [credit.id]: studentId })} />
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={3} size="h5">
          {statement.data.fileName}
        </Title>
        <Button disabled={exact.length === 0} loading={confirm.isPending} onClick={() => run(exact.map((credit) => ({ id: credit.id })))}>
          <Trans>Confirm all exact matches ({exact.length})</Trans>
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          {credits.length} credits in this file, {statement.data.alreadyImported} already read from an earlier statement. Exact: the due&apos;s reference or a family&apos;s report
          of the UTR. Likely: the exact amount and a family name; check before confirming.
        </Trans>
      </Text>
      {credits.length === 0 ? (
        <Text size="sm">
          <Trans>No new credit in this file.</Trans>
        </Text>
      ) : (
        <ListView
          rows={credits}
          rowKey={(credit) => credit.id}
          columns={columns}
          label={t`Credits`}
          minWidth={880}
          actions={(credit) =>
            credit.match === 'receipted' ? null : (
              <Button
                size="compact-sm"
                variant={credit.match === 'reference' ? 'filled' : 'light'}
                disabled={!credit.studentId && !chosen[credit.id]}
                onClick={() => run([{ id: credit.id, ...(chosen[credit.id] ? { studentId: chosen[credit.id] } : {}) }])}
              >
                <Trans>Make receipt</Trans>
              </Button>
            )
          }
        />
      )}
    </Stack>
  );
}

/** A student searched by name or ID, for a credit that matched nobody. */
function StudentChoice({ value, onChange }: { value: string | null; onChange: (studentId: string) => void }) {
  const { t } = useLingui();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 300);
  const found = useStudentSearch(debounced);
  return (
    <Select
      aria-label={t`Student for this credit`}
      placeholder={t`Search a student`}
      size="xs"
      searchable
      searchValue={term}
      onSearchChange={setTerm}
      filter={({ options }) => options}
      value={value}
      onChange={(studentId) => studentId && onChange(studentId)}
      data={(found.data?.students ?? []).map((student) => ({ value: student._id, label: `${student.name} · ${student.studentCode ?? ''}` }))}
      nothingFoundMessage={debounced.trim().length >= 2 ? t`No student found` : t`Type two letters`}
    />
  );
}
