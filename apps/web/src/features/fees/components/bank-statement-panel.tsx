import { Alert, Anchor, Badge, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StatementCredit, StatementMapping } from '@academy/shared/schemas/fees';
import { ListView, type ListColumn } from '../../../components/list-kit';
import { SheetFileInput } from '../../../components/sheet-import';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { useBankStatement, useBankStatements, useConfirmStatementCredits, useSaveStatementMapping, useSetCreditAside, useStudentSearch, useUploadStatement } from '../api';
import { Utr } from './utr';

const FAILURES = { upload: msg`Failed to read the statement`, load: msg`Failed to load the statement`, confirm: msg`Failed to make the receipts` };

/**
 * The bank statement (issue 38): the office uploads the academy's statement from net banking; each
 * credit shows what it matched (a due's reference, a family's report of its UTR, or its exact amount
 * and a family name), and one tap makes it a receipt, or all the exact matches at once. A credit
 * that matched nobody can be given its student.
 */
export function BankStatementPanel() {
  const { t } = useLingui();
  // The dashboard's "bank credits without a receipt" opens the statement that has one (issue 54).
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(params.get('statement'));
  const statements = useBankStatements();
  const current = selected ?? statements.data?.statements[0]?.id ?? null;
  const banks: Record<string, string> = { hdfc: 'HDFC', sbi: 'SBI', icici: 'ICICI', mapped: t`Other bank` };
  // Told apart by bank, period, file and what is left to do, not only the upload time (issue 54). The field
  // shows the short part (bank and period), which fits a 360 px phone; the rest is a line under it that wraps.
  const choices = (statements.data?.statements ?? []).map((statement) => {
    const period = statement.periodFrom && statement.periodTo ? `${formatDate(statement.periodFrom)} – ${formatDate(statement.periodTo)}` : formatDateTime(statement.uploadedAt);
    const left = statement.open > 0 ? t`${statement.open} without a receipt` : t`all done`;
    return { value: statement.id, label: `${banks[statement.layout] ?? statement.layout} · ${period}`, details: `${statement.fileName} · ${plural(statement.credits, { one: '# credit', other: '# credits' })}, ${left}` };
  });
  const details = new Map(choices.map((choice) => [choice.value, choice.details]));
  return (
    <Stack gap="md">
      <StatementUpload onRead={setSelected} />
      {choices.length > 0 ? (
        <Select
          label={t`Statement`}
          description={current ? <span style={{ overflowWrap: 'anywhere' }}>{details.get(current)}</span> : undefined}
          inputWrapperOrder={['label', 'input', 'description']}
          maw={640}
          allowDeselect={false}
          value={current}
          onChange={setSelected}
          data={choices.map(({ value, label }) => ({ value, label }))}
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {details.get(option.value)}
              </Text>
            </Stack>
          )}
          comboboxProps={{ middlewares: { flip: true, shift: true } }}
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
          <SheetFileInput label={t`Bank statement`} placeholder={t`Choose the file`} value={file} onChange={setFile} error={error} w={{ base: '100%', sm: 360 }} />
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
  // The student picked for each credit that matched nobody, with the words shown for them.
  const [chosen, setChosen] = useState<Record<string, StudentPick>>({});
  const aside = useSetCreditAside(statementId);
  const [settingAside, setSettingAside] = useState<StatementCredit | null>(null);
  // The same width from which the list is a table (ListView's default).
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const labels: Record<StatementCredit['match'], string> = { reference: t`Exact`, likely: t`Likely`, conflict: t`Conflict`, none: t`No match`, receipted: t`Receipted`, set_aside: t`Set aside` };
  const colors: Record<StatementCredit['match'], string> = { reference: 'teal', likely: 'yellow', conflict: 'red', none: 'gray', receipted: 'blue', set_aside: 'gray' };
  if (statement.isPending) return null;
  if (statement.isError) return <LoadErrorAlert title={t`The statement could not be loaded`} error={statement.error} fallback={FAILURES.load} onRetry={() => void statement.refetch()} />;
  const credits = statement.data.credits;
  const exact = credits.filter((credit) => credit.match === 'reference');
  const putBack = (credit: StatementCredit) =>
    aside.mutate(
      { creditId: credit.id, putBack: true },
      { onError: (failure) => notifications.show({ title: t`Not put back`, message: normalizeError(failure).message, color: 'red' }) },
    );
  const run = (picks: { id: string; studentId?: string; dueId?: string }[]) =>
    confirm.mutate(picks, {
      onSuccess: ({ data }) => {
        notifications.show({ title: plural(data.confirmed, { one: '# receipt made', other: '# receipts made' }), message: data.failed.map((failure) => failure.message).join(' · ') || t`From the statement`, color: data.failed.length > 0 ? 'yellow' : 'teal' });
      },
      onError: (failure) => notifications.show({ title: t`Receipts not made`, message: normalizeError(failure, FAILURES.confirm).message, color: 'red' }),
    });

  // What can be done with a credit: the last column of the table; on a phone's card a line of its own, under
  // the student, so the amount and the match keep the card's top row (issue 54: 360 px).
  const actionsOf = (credit: StatementCredit) =>
      credit.match === 'receipted' ? null : credit.match === 'set_aside' ? (
        <Button size="compact-sm" variant="light" color="gray" loading={aside.isPending} onClick={() => putBack(credit)}>
          <Trans>Put back</Trans>
        </Button>
      ) : (
        <Group gap={6} wrap="wrap">
          {credit.match === 'conflict' && credit.claim ? (
            // The office chooses whose payment it is: the reference's due, or the family's report.
            <>
              {/* A name conflict names the other student, not a due: their oldest dues first. */}
              {credit.studentId && (credit.dueId || credit.conflict === 'name') ? (
                <Button size="compact-sm" onClick={() => run([{ id: credit.id, studentId: credit.studentId!, ...(credit.dueId ? { dueId: credit.dueId } : {}) }])}>
                  <Trans>Receipt for {credit.student}</Trans>
                </Button>
              ) : null}
              {credit.claim.studentId !== credit.studentId || credit.claim.dueId !== credit.dueId ? (
                <Button size="compact-sm" variant="light" onClick={() => run([{ id: credit.id, studentId: credit.claim!.studentId, dueId: credit.claim!.dueId }])}>
                  <Trans>Receipt for {credit.claim.student} (report)</Trans>
                </Button>
              ) : null}
            </>
          ) : (
            <Button
              size="compact-sm"
              variant={credit.match === 'reference' ? 'filled' : 'light'}
              disabled={!credit.studentId && !chosen[credit.id]}
              onClick={() => run([{ id: credit.id, ...(chosen[credit.id] ? { studentId: chosen[credit.id]!.id } : {}) }])}
            >
              <Trans>Make receipt</Trans>
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => setSettingAside(credit)}>
            <Trans>Set aside</Trans>
          </Button>
        </Group>
      );

  const columns: ListColumn<StatementCredit>[] = [
    {
      key: 'credit',
      header: t`Credit`,
      card: 'title',
      cell: (credit) => (
        <Stack gap={0}>
          <Text fw={600}>{formatRupees(credit.amount)}</Text>
          <Text size="xs" c="dimmed">
            {credit.utr ? <Trans>{formatDate(credit.date)} · UTR <Utr value={credit.utr} /></Trans> : formatDate(credit.date)}
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
        credit.match === 'conflict' ? (
          <ConflictSides credit={credit} />
        ) : credit.match === 'set_aside' ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {credit.setAside?.note ? <Trans>Set aside: {credit.setAside.note}</Trans> : <Trans>Set aside (no fee)</Trans>}
          </Text>
        ) : credit.studentId && credit.student ? (
          <Stack gap={0}>
            <Anchor component={Link} to={`/app/students/${credit.studentId}`} size="sm">
              {credit.student}
            </Anchor>
            <Text size="xs" c="dimmed">
              {credit.receiptNumber ? <Trans>Receipt {credit.receiptNumber}</Trans> : credit.due}
            </Text>
          </Stack>
        ) : (
          <StudentChoice value={chosen[credit.id] ?? null} onChange={(pick) => setChosen({ ...chosen, [credit.id]: pick })} />
        ),
    },
    ...(wide ? [] : [{ key: 'actions', header: t`Actions`, inTable: false, cell: actionsOf }]),
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
          {plural(credits.length, { one: '# credit in this file', other: '# credits in this file' })}, {statement.data.alreadyImported} already read from an earlier statement. Exact: the due&apos;s reference or a family&apos;s report
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
          actions={wide ? actionsOf : undefined}
        />
      )}
      <SetAsideModal statementId={statementId} credit={settingAside} onClose={() => setSettingAside(null)} />
    </Stack>
  );
}

/**
 * A credit's two sides when a family's report disagrees with it (issue 53): the reference in the
 * narration, and the report, with both amounts; or (issue 71) the other student or payer the bank's
 * narration names, which the report's family is not.
 */
function ConflictSides({ credit }: { credit: StatementCredit }) {
  const claim = credit.claim!;
  return (
    <Stack gap={4} data-testid="credit-conflict">
      {credit.conflict === 'name' && credit.student ? (
        <Text size="xs">
          <Trans>
            Bank: <b>{formatRupees(credit.amount)}</b> · the narration names {credit.student}, not the family who reported it
          </Trans>
        </Text>
      ) : credit.student ? (
        <Text size="xs">
          <Trans>
            Bank: <b>{formatRupees(credit.amount)}</b> · {credit.student} · {credit.due}
          </Trans>
        </Text>
      ) : null}
      <Text size="xs" c="red.8">
        <Trans>
          Family&apos;s report: <b>{formatRupees(claim.amount)}</b> · {claim.student} · {claim.due}
        </Trans>
      </Text>
    </Stack>
  );
}

/** Sets a credit aside (a refund, interest: no fee) with an optional note; it leaves the count of credits without a receipt. */
function SetAsideModal({ statementId, credit, onClose }: { statementId: string; credit: StatementCredit | null; onClose: () => void }) {
  const { t } = useLingui();
  const aside = useSetCreditAside(statementId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };
  const submit = () =>
    credit &&
    aside.mutate(
      { creditId: credit.id, note: note.trim() || undefined },
      {
        onSuccess: ({ message }) => {
          notifications.show({ title: message ?? t`Credit set aside`, message: formatRupees(credit.amount), color: 'teal' });
          close();
        },
        onError: (failure) => setError(fieldErrorsOf(failure)?.note ?? normalizeError(failure).message),
      },
    );
  return (
    <Modal opened={credit !== null} onClose={close} title={t`Set this credit aside`}>
      {credit ? (
        <Stack gap="sm">
          <Text size="sm">
            <Trans>
              {formatRupees(credit.amount)} on {formatDate(credit.date)}: not a fee (a refund, interest…). It stays in the statement, without a receipt, and can be put back.
            </Trans>
          </Text>
          <TextInput label={t`Note (optional)`} placeholder={t`e.g. Savings interest`} maxLength={300} value={note} onChange={(event) => setNote(event.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button loading={aside.isPending} onClick={submit}>
              <Trans>Set aside</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** A student picked for a credit: the id sent, and the words shown. */
type StudentPick = { id: string; label: string };

/**
 * A student searched by name or ID, for a credit that matched nobody. On a wide screen a searchable
 * field whose list stays in the window (it flips above or shifts when there is no room below). On a
 * phone (issue 54) a field's list falls under the keyboard and below the screen: the search opens as a
 * screen of its own instead, the results under the search box, the page behind it untouched.
 */
function StudentChoice({ value, onChange }: { value: StudentPick | null; onChange: (pick: StudentPick) => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 300);
  const found = useStudentSearch(debounced);
  const [searching, setSearching] = useState(false);
  const students = found.data?.students ?? [];
  const options = students.map((student) => ({ value: student._id, label: `${student.name} · ${student.studentCode ?? ''}` }));
  const hint = debounced.trim().length >= 2 ? t`No student found` : t`Type two letters`;
  if (!phone) {
    return (
      <Select
        aria-label={t`Student for this credit`}
        placeholder={t`Search a student`}
        size="xs"
        searchable
        searchValue={term}
        onSearchChange={setTerm}
        filter={({ options: all }) => all}
        value={value?.id ?? null}
        onChange={(studentId, option) => studentId && option && onChange({ id: studentId, label: option.label })}
        data={value && !options.some((option) => option.value === value.id) ? [{ value: value.id, label: value.label }, ...options] : options}
        nothingFoundMessage={hint}
        maxDropdownHeight={240}
        comboboxProps={{ withinPortal: true, middlewares: { flip: true, shift: true } }}
      />
    );
  }
  const close = () => {
    setSearching(false);
    setTerm('');
  };
  return (
    <>
      <Button
        variant="default"
        size="sm"
        fullWidth
        justify="space-between"
        rightSection={<IconSearch size={16} aria-hidden="true" />}
        onClick={() => setSearching(true)}
        aria-label={value ? t`Student for this credit: ${value.label}` : t`Student for this credit`}
        h="auto"
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' } }}
      >
        {value ? value.label : t`Search a student`}
      </Button>
      <Modal opened={searching} onClose={close} fullScreen title={t`Student for this credit`} transitionProps={{ duration: 0 }}>
        <Stack gap="sm">
          <TextInput
            label={t`Search a student`}
            placeholder={t`Name or student ID`}
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            data-autofocus
          />
          {students.length > 0 ? (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Students found`}>
              {students.map((student) => {
                const label = `${student.name} · ${student.studentCode ?? ''}`;
                return (
                  <li key={student._id}>
                    {/* The name and the student ID on lines of their own, whole, however long. */}
                    <Button
                      variant="light"
                      fullWidth
                      h="auto"
                      py={8}
                      justify="flex-start"
                      aria-label={label}
                      onClick={() => {
                        onChange({ id: student._id, label });
                        close();
                      }}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' } }}
                    >
                      <Stack gap={0}>
                        <span>{student.name}</span>
                        <Text span size="xs" c="dimmed">
                          {student.studentCode}
                        </Text>
                      </Stack>
                    </Button>
                  </li>
                );
              })}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" role="status">
              {found.isFetching ? t`Searching…` : hint}
            </Text>
          )}
        </Stack>
      </Modal>
    </>
  );
}
