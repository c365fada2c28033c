import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, FileInput, Group, SegmentedControl, Stack, Table, Text, Title, type FileInputProps } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@academy/shared/languages';
import { TableScroll } from '../ui/table-scroll';

/*
 * The spreadsheet-import kit's pieces (issue 61): the template to download, the file to check, the
 * figures and the row errors of the dry run, and the button that imports. The register import, the
 * question import and the bank statement put them together; each keeps its own columns and words.
 */

/** What the server reads: Excel (.xlsx) or CSV. */
export const SHEET_ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** A file input for a sheet: Excel or CSV, with the spreadsheet icon. */
export function SheetFileInput(props: Omit<FileInputProps<false>, 'accept' | 'leftSection' | 'multiple'>) {
  return <FileInput accept={SHEET_ACCEPT} leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />} clearable {...props} />;
}

/** Step 1: the template in the chosen language, the reader's at first (a plain link: the browser downloads it). */
export function TemplateStep({ description, hrefOf }: { description: ReactNode; hrefOf: (language: Language) => string }) {
  const { t, i18n } = useLingui();
  const [language, setLanguage] = useState<Language>((i18n.locale as Language) ?? 'en');
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>1. Download the template</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t`Language of the template`}
            value={language}
            onChange={(value) => setLanguage(value as Language)}
            data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          />
          <Button component="a" href={hrefOf(language)} download variant="light" leftSection={<IconDownload size={16} aria-hidden="true" />}>
            <Trans>Download the template</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Step 2: the filled sheet, checked as soon as it is chosen. `progress`: the upload's and the server's
 * work while it lasts; `error` the server's refusal, under `errorTitle`.
 */
export function CheckStep({
  title,
  description,
  fileLabel,
  file,
  onFile,
  busy,
  progress,
  error,
  errorTitle,
}: {
  title: ReactNode;
  description: ReactNode;
  fileLabel: string;
  file: File | null;
  onFile: (file: File | null) => void;
  busy: boolean;
  progress: ReactNode;
  error: string | null;
  errorTitle: string;
}) {
  const { t } = useLingui();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <SheetFileInput label={fileLabel} placeholder={t`Choose a file`} value={file} onChange={onFile} disabled={busy} maw={480} />
        {progress}
        {error ? (
          <Alert color="red" role="alert" title={errorTitle}>
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

/** One figure of the dry run (rows, rows to correct, what would be added). */

/** The dry run's last line: with a row to correct, check the corrected file again; else import it. */
export function CommitButton({ wrong, onCheckAgain, onImport, importing, disabled, children }: { wrong: boolean; onCheckAgain: () => void; onImport: () => void; importing: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Group>
      {wrong ? (
        <Button variant="light" onClick={onCheckAgain}>
          <Trans>Check again</Trans>
        </Button>
      ) : (
        <Button onClick={onImport} loading={importing} disabled={disabled}>
          {children}
        </Button>
      )}
    </Group>
  );
}

/** The dry run's cells to correct, one a line: row, column (the header in the reader's language), what is wrong. */
export function RowErrorsTable({ errors }: { errors: { row: number; column: string; message: string }[] }) {
  const { t } = useLingui();
  return (
    <TableScroll minWidth={420}>
      <Table striped withTableBorder fz="sm" aria-label={t`Cells to correct`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Row</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Column</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>What to correct</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((error, index) => (
            <Table.Tr key={index}>
              <Table.Td>{error.row}</Table.Td>
              <Table.Td>{error.column}</Table.Td>
              <Table.Td>{error.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** Step 3: what the import would do (the dry run), its figures and rows as each import shows them. */
export function DryRunStep({ children }: { children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          <Trans>3. What the import will do</Trans>
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
