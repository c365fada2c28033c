import { Alert, Anchor, Button, Card, FileInput, Group, Loader, Progress, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@academy/shared/languages';
import type { QuestionImportPreview, QuestionImportResult } from '@academy/shared/schemas/question-bank';
import { normalizeError } from '../../../lib/api-client';
import { questionTemplateHref, useCheckQuestionSheet, useImportQuestionSheet } from '../api';

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * Questions from a sheet, one a row (issue 40): download the template, choose the filled sheet, see
 * what it would add (the dry run: each wrong cell by row and column, each repeated question), then
 * import it all or nothing. `listPath`: the bank, to see the questions after.
 */
export function QuestionImport({ listPath }: { listPath: string }) {
  const { t, i18n } = useLingui();
  const [templateLanguage, setTemplateLanguage] = useState<Language>((i18n.locale as Language) ?? 'en');
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [preview, setPreview] = useState<QuestionImportPreview | null>(null);
  const [result, setResult] = useState<QuestionImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useCheckQuestionSheet();
  const run = useImportQuestionSheet();

  const checkFile = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setResult(null);
    setError(null);
    if (!chosen) return;
    setSent(0);
    check.mutate(
      { file: chosen, onProgress: setSent },
      { onSuccess: ({ data }) => setPreview(data), onError: (failure) => setError(normalizeError(failure).message), onSettled: () => setSent(null) },
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
          notifications.show({ color: 'teal', message: message ?? t`The questions were imported` });
        },
        onError: (failure) => setError(normalizeError(failure).message),
        onSettled: () => setSent(null),
      },
    );
  };

  const busy = check.isPending || run.isPending;
  return (
    <Stack gap="lg" maw={960}>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>1. Download the template</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>One question a row: subject, chapter, difficulty, type, the question and its four options, the right letters (B, or A,C), or the number and its tolerance for a numeric one. Math between $ signs.</Trans>
          </Text>
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label={t`Language of the template`}
              value={templateLanguage}
              onChange={(value) => setTemplateLanguage(value as Language)}
              data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            />
            <Button component="a" href={questionTemplateHref(templateLanguage)} download variant="light" leftSection={<IconDownload size={16} aria-hidden="true" />}>
              <Trans>Download the template</Trans>
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>2. Check the filled sheet</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Excel (.xlsx) or CSV. Checking changes nothing: you see what the import would add first.</Trans>
          </Text>
          <FileInput
            label={t`Question sheet`}
            placeholder={t`Choose a file`}
            accept={ACCEPT}
            value={file}
            onChange={checkFile}
            clearable
            disabled={busy}
            leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
            maw={480}
          />
          {sent !== null ? (
            sent < 1 ? (
              <Progress value={sent * 100} aria-label={t`Sending the file`} maw={480} />
            ) : (
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm">{run.isPending ? <Trans>Importing the questions…</Trans> : <Trans>Checking every row…</Trans>}</Text>
              </Group>
            )
          ) : null}
          {error ? (
            <Alert color="red" role="alert" title={t`The sheet could not be imported`}>
              {error}
            </Alert>
          ) : null}
        </Stack>
      </Card>

      {preview ? <PreviewCard preview={preview} onImport={importFile} importing={run.isPending} onCheckAgain={() => checkFile(file)} /> : null}
      {result ? (
        <Alert color="teal" role="status" title={<Trans>The questions were imported</Trans>}>
          <Stack gap={4}>
            <Text size="sm">
              <Trans>
                {plural(result.created, { one: '# new question', other: '# new questions' })};{' '}
                {plural(result.duplicates.length, {
                  one: '# row was already in the bank or repeated in the sheet, and was not added again.',
                  other: '# rows were already in the bank or repeated in the sheet, and were not added again.',
                })}
              </Trans>
            </Text>
            <Anchor component={Link} to={listPath} size="sm">
              <Trans>See the question bank</Trans>
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
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

function PreviewCard({ preview, onImport, importing, onCheckAgain }: { preview: QuestionImportPreview; onImport: () => void; importing: boolean; onCheckAgain: () => void }) {
  const { t } = useLingui();
  const wrong = preview.errors.length > 0;
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          <Trans>3. What the import will do</Trans>
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Tile label={t`Rows`} value={preview.rows} />
          <Tile label={t`Rows to correct`} value={preview.rows - preview.valid} color={wrong ? 'red' : undefined} />
          <Tile label={t`New questions`} value={preview.create} />
          <Tile label={t`Already in the bank or repeated`} value={preview.duplicates.length} color={preview.duplicates.length ? 'orange' : undefined} />
        </SimpleGrid>
        {wrong ? (
          <Stack gap="xs">
            <Text size="sm" fw={600} c="red.8" role="alert">
              <Trans>Correct these cells in the file, then choose it again: nothing is imported while one is wrong.</Trans>
            </Text>
            <Table.ScrollContainer minWidth={420}>
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
                  {preview.errors.map((error, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{error.row}</Table.Td>
                      <Table.Td>{error.column}</Table.Td>
                      <Table.Td>{error.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : null}
        {preview.duplicates.length > 0 ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              <Trans>Not added again:</Trans>
            </Text>
            {preview.duplicates.map((duplicate) => (
              <Text key={duplicate.row} size="sm" c="dimmed">
                {duplicate.sameAsRow ? t`Row ${duplicate.row}: the same question as row ${duplicate.sameAsRow}` : t`Row ${duplicate.row}: already in the bank`}
              </Text>
            ))}
          </Stack>
        ) : null}
        <Group>
          {wrong ? (
            <Button variant="light" onClick={onCheckAgain}>
              <Trans>Check again</Trans>
            </Button>
          ) : (
            <Button onClick={onImport} loading={importing} disabled={preview.create === 0}>
              {t`Import ${preview.create} questions`}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
