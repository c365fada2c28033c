import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StatementMapping } from '@academy/shared/schemas/fees';
import { SheetFileInput } from '../../../components/sheet-import';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useBankStatements, useSaveStatementMapping, useUploadStatement } from '../api';
import { StatementCredits } from './statement-credits';

const FAILURES = { upload: msg`Failed to read the statement` };

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
