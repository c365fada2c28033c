import { Alert, Anchor, Badge, Button, Card, Group, Loader, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StudentImportPreview, StudentImportResult } from '@academy/shared/schemas/imports';
import { StatTile } from '../../../components/ui/stat-tile';
import { CheckStep, CommitButton, DryRunStep, TemplateStep, useSheetImport } from '../../../components/sheet-import';
import { normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { modals } from '../../../lib/modals';
import { templateHref, useCheckRegister, useImportRegister, useImports, useUndoImport } from '../api';
import { TableScroll } from '../../../components/ui/table-scroll';

/**
 * The admin's Import screen (issue 39): download the template, choose the filled register, see what it
 * would do (the dry run: counts, and a table with each wrong cell in red), import it all or nothing,
 * and undo an import while nothing of it has changed.
 */
export function RegisterImport() {
  const { t } = useLingui();
  const sheet = useSheetImport({ check: useCheckRegister(), run: useImportRegister(), imported: t`The register was imported` });
  const { sent, preview, result, setResult } = sheet;

  return (
    <Stack gap="lg">
      <TemplateStep
        description={<Trans>One row per student: only the name is required. The second sheet lists your standards, batches and fee plans, which the drop-downs offer.</Trans>}
        hrefOf={templateHref}
      />

      <CheckStep
        title={<Trans>2. Check the filled register</Trans>}
        description={<Trans>Excel (.xlsx) or CSV. Checking changes nothing: you see what the import would do first.</Trans>}
        fileLabel={t`Register file`}
        file={sheet.file}
        onFile={sheet.checkFile}
        busy={sheet.busy}
        progress={sent !== null ? <UploadProgress sent={sent} importing={sheet.importing} /> : null}
        error={sheet.error}
        errorTitle={t`The register could not be read`}
      />

      {preview ? <PreviewCard preview={preview} onImport={sheet.importFile} importing={sheet.importing} onCheckAgain={() => sheet.checkFile(sheet.file)} /> : null}
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
    <DryRunStep>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        <StatTile label={t`Rows`} value={preview.rows} />
        <StatTile label={t`Rows to correct`} value={preview.rows - preview.valid} color={wrong ? 'red' : undefined} />
        <StatTile label={t`New students`} value={preview.create} />
        <StatTile label={t`Students updated`} value={preview.update} />
        <StatTile label={t`New parents`} value={preview.parents} />
        <StatTile label={t`Enrolments`} value={preview.enrolments} />
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
      <TableScroll minWidth={Math.max(480, preview.columns.length * 140)} maxHeight={420}>
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
      </TableScroll>
      {preview.table.length < preview.rows ? <Text size="xs" c="dimmed">{t`The table shows ${preview.table.length} of the ${preview.rows} rows: every row to correct first.`}</Text> : null}
      <CommitButton wrong={wrong} onCheckAgain={onCheckAgain} onImport={onImport} importing={importing}>
        {t`Import ${preview.rows} rows`}
      </CommitButton>
    </DryRunStep>
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
