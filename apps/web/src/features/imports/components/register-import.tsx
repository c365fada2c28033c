import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Loader, Progress, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Language } from '@academy/shared/languages';
import type { StudentImportPreview, StudentImportResult } from '@academy/shared/schemas/imports';
import { normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { modals } from '../../../lib/modals';
import { templateHref, useCheckRegister, useImportRegister, useImports, useUndoImport } from '../api';

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * The admin's Import screen (issue 39): download the template, choose the filled register, see what it
 * would do (the dry run: counts, and a table with each wrong cell in red), import it all or nothing,
 * and undo an import while nothing of it has changed.
 */
export function RegisterImport() {
  const { t, i18n } = useLingui();
  const [templateLanguage, setTemplateLanguage] = useState<Language>((i18n.locale as Language) ?? 'en');
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [preview, setPreview] = useState<StudentImportPreview | null>(null);
  const [result, setResult] = useState<StudentImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useCheckRegister();
  const run = useImportRegister();

  const checkFile = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setResult(null);
    setError(null);
    if (!chosen) return;
    setSent(0);
    check.mutate(
      { file: chosen, onProgress: setSent },
      {
        onSuccess: ({ data }) => setPreview(data),
        onError: (failure) => setError(normalizeError(failure).message),
        onSettled: () => setSent(null),
      },
    );
  };

  const importFile = () => {
    if (!file) return;
    setSent(0);
    run.mutate(
      { file, onProgress: setSent },
      {
        onSuccess: ({ data, message }) => {
          setResult(data);
          setPreview(null);
          setFile(null);
          notifications.show({ color: 'teal', message: message ?? t`The register was imported` });
        },
        onError: (failure) => setError(normalizeError(failure).message),
        onSettled: () => setSent(null),
      },
    );
  };

  const busy = check.isPending || run.isPending;
  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>1. Download the template</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>One row per student: only the name is required. The second sheet lists your standards, batches and fee plans, which the drop-downs offer.</Trans>
          </Text>
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label={t`Language of the template`}
              value={templateLanguage}
              onChange={(value) => setTemplateLanguage(value as Language)}
              data={[
                { value: 'en', label: 'English' },
                { value: 'mr', label: 'मराठी' },
                { value: 'hi', label: 'हिन्दी' },
              ]}
            />
            <Button component="a" href={templateHref(templateLanguage)} download variant="light" leftSection={<IconDownload size={16} />}>
              <Trans>Download the template</Trans>
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>2. Check the filled register</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Excel (.xlsx) or CSV. Checking changes nothing: you see what the import would do first.</Trans>
          </Text>
          <FileInput
            label={t`Register file`}
            placeholder={t`Choose a file`}
            accept={ACCEPT}
            value={file}
            onChange={checkFile}
            clearable
            disabled={busy}
            leftSection={<IconFileSpreadsheet size={16} />}
            maw={480}
          />
          {sent !== null ? <UploadProgress sent={sent} importing={run.isPending} /> : null}
          {error ? (
            <Alert color="red" role="alert" title={t`The register could not be read`}>
              {error}
            </Alert>
          ) : null}
        </Stack>
      </Card>

      {preview ? <PreviewCard preview={preview} onImport={importFile} importing={run.isPending} onCheckAgain={() => checkFile(file)} /> : null}
      {result ? <ResultCard result={result} /> : null}
      {/* An undone import's success box goes with it (issue 54: it stayed, saying the register was imported). */}
      <PastImports onUndone={(id) => setResult((shown) => (shown?.importId === id ? null : shown))} />
    </Stack>
  );
}

/** The upload's share sent, then the server's work (no figure to show: it answers when done). */
function UploadProgress({ sent, importing }: { sent: number; importing: boolean }) {
  return sent < 1 ? (
    <Stack gap={4} maw={480}>
      <Text size="sm">
        <Trans>Sending the file… {Math.round(sent * 100)}%</Trans>
      </Text>
      <Progress value={sent * 100} aria-label="upload" />
    </Stack>
  ) : (
    <Group gap="xs">
      <Loader size="sm" />
      <Text size="sm">{importing ? <Trans>Importing the students… this takes a few seconds for a large register.</Trans> : <Trans>Checking every row…</Trans>}</Text>
    </Group>
  );
}

function Tile({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" c={color}>
        {value}
      </Text>
    </Card>
  );
}

function PreviewCard({ preview, onImport, importing, onCheckAgain }: { preview: StudentImportPreview; onImport: () => void; importing: boolean; onCheckAgain: () => void }) {
  const { t } = useLingui();
  const wrong = preview.errors.length > 0;
  const errorsOf = new Map<string, string[]>();
  for (const error of preview.errors) {
    const key = `${error.row}|${error.column}`;
    errorsOf.set(key, [...(errorsOf.get(key) ?? []), error.message]);
  }
  const rowProblems = (row: number) => preview.errors.filter((error) => error.row === row && error.column === '');
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          <Trans>3. What the import will do</Trans>
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
          <Tile label={t`Rows`} value={preview.rows} />
          <Tile label={t`Rows to correct`} value={preview.rows - preview.valid} color={wrong ? 'red' : undefined} />
          <Tile label={t`New students`} value={preview.create} />
          <Tile label={t`Students updated`} value={preview.update} />
          <Tile label={t`New parents`} value={preview.parents} />
          <Tile label={t`Enrolments`} value={preview.enrolments} />
        </SimpleGrid>
        {preview.openingPayments > 0 ? (
          <Text size="sm">
            <Trans>{preview.openingPayments} opening payments will be receipted as carried over from the register (no message goes to families).</Trans>
          </Text>
        ) : null}
        {wrong ? (
          <Alert color="red" role="alert" title={t`Correct these rows in the file, then choose it again`}>
            <Stack gap={4}>
              {preview.errors.slice(0, 20).map((error, index) => (
                <Text key={index} size="sm">
                  {error.column ? t`Row ${error.row}, ${error.column}: ${error.message}` : t`Row ${error.row}: ${error.message}`}
                </Text>
              ))}
              {preview.errors.length > 20 ? <Text size="sm">{t`…and ${preview.errors.length - 20} more, marked in the table below.`}</Text> : null}
            </Stack>
          </Alert>
        ) : null}
        <Table.ScrollContainer minWidth={Math.max(480, preview.columns.length * 140)} maxHeight={420}>
          <Table striped withTableBorder withColumnBorders stickyHeader fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Row</Trans>
                </Table.Th>
                {preview.columns.map((column) => (
                  <Table.Th key={column.key}>{column.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.table.map((line) => (
                <Table.Tr key={line.row} bg={rowProblems(line.row).length ? 'var(--mantine-color-red-light)' : undefined}>
                  <Table.Td>{line.row}</Table.Td>
                  {line.cells.map((cell, index) => {
                    const column = preview.columns[index]!;
                    const problems = errorsOf.get(`${line.row}|${column.header}`);
                    return (
                      <Table.Td key={column.key} bg={problems ? 'var(--mantine-color-red-light)' : undefined} data-error={problems ? 'true' : undefined}>
                        <Text size="sm">{cell}</Text>
                        {problems ? (
                          <Text size="xs" c="red.8">
                            {problems.join(' · ')}
                          </Text>
                        ) : null}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {preview.table.length < preview.rows ? <Text size="xs" c="dimmed">{t`The table shows ${preview.table.length} of the ${preview.rows} rows: every row to correct first.`}</Text> : null}
        <Group>
          {wrong ? (
            <Button variant="light" onClick={onCheckAgain}>
              <Trans>Check again</Trans>
            </Button>
          ) : (
            <Button onClick={onImport} loading={importing}>
              {t`Import ${preview.rows} rows`}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function ResultCard({ result }: { result: StudentImportResult }) {
  return (
    <Alert color="teal" role="status" title={<Trans>The register was imported</Trans>}>
      <Stack gap={4}>
        <Text size="sm">
          <Trans>
            {result.created} new students, {result.updated} updated, {result.unchanged} already as in the register; {result.parentsCreated} new parents, {result.parentsLinked} linked;{' '}
            {result.enrolled} enrolments; {result.openingPayments} opening payments.
          </Trans>
        </Text>
        <Anchor component={Link} to="/app/students" size="sm">
          <Trans>See the students</Trans>
        </Anchor>
      </Stack>
    </Alert>
  );
}

function PastImports({ onUndone }: { onUndone: (importId: string) => void }) {
  const { t } = useLingui();
  const imports = useImports();
  const undo = useUndoImport();
  const [outcome, setOutcome] = useState<{ color: 'teal' | 'red'; text: string } | null>(null);
  if (!imports.data || imports.data.imports.length === 0) return null;
  const confirmUndo = (id: string, fileName: string, created: number) =>
    modals.openConfirmModal({
      title: t`Undo this import?`,
      children: <Text size="sm">{t`The ${created} students ${fileName} added are removed, with their parents, enrolments and opening payments; students it updated get their earlier details back.`}</Text>,
      labels: { confirm: t`Undo the import`, cancel: t`Keep it` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        undo.mutate(id, {
          onSuccess: ({ message }) => {
            setOutcome({ color: 'teal', text: message ?? t`The import was undone` });
            onUndone(id);
          },
          onError: (failure) => setOutcome({ color: 'red', text: normalizeError(failure).message }),
        }),
    });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Past imports</Trans>
        </Title>
        {outcome ? (
          <Alert color={outcome.color} role={outcome.color === 'red' ? 'alert' : 'status'} withCloseButton onClose={() => setOutcome(null)}>
            {outcome.text}
          </Alert>
        ) : null}
        {imports.data.imports.map((entry) => (
          <Group key={entry._id} justify="space-between" wrap="wrap" gap="xs" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.fileName}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.createdAt)}
                {entry.createdBy ? ` · ${entry.createdBy}` : ''} · {t`${entry.summary.created} new, ${entry.summary.updated} updated`}
              </Text>
            </Stack>
            {entry.undoneAt ? (
              <Badge color="gray" variant="light">
                <Trans>Undone</Trans>
              </Badge>
            ) : (
              <Button size="xs" variant="subtle" color="red" loading={undo.isPending && undo.variables === entry._id} onClick={() => confirmUndo(entry._id, entry.fileName, entry.summary.created)}>
                <Trans>Undo</Trans>
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
