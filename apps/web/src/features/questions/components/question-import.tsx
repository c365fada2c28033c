import { Alert, Anchor, Group, Loader, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QuestionImportPreview } from '@academy/shared/schemas/question-bank';
import { StatTile } from '../../../components/ui/stat-tile';
import { CheckStep, CommitButton, DryRunStep, RowErrorsTable, TemplateStep, useSheetImport } from '../../../components/sheet-import';
import { questionTemplateHref, useCheckQuestionSheet, useImportQuestionSheet } from '../api';

/**
 * Questions from a sheet, one a row (issue 40): download the template, choose the filled sheet, see
 * what it would add (the dry run: each wrong cell by row and column, each repeated question), then
 * import it all or nothing. `listPath`: the bank, to see the questions after.
 */
export function QuestionImport({ listPath }: { listPath: string }) {
  const { t } = useLingui();
  const sheet = useSheetImport({ check: useCheckQuestionSheet(), run: useImportQuestionSheet(), imported: t`The questions were imported` });
  const { sent, preview, result } = sheet;

  return (
    <Stack gap="lg" maw={960}>
      <TemplateStep
        description={
          <Trans>One question a row: subject, chapter, difficulty, type, the question and its four options, the right letters (B, or A,C), or the number and its tolerance for a numeric one. Math between $ signs.</Trans>
        }
        hrefOf={questionTemplateHref}
      />

      <CheckStep
        title={<Trans>2. Check the filled sheet</Trans>}
        description={<Trans>Excel (.xlsx) or CSV. Checking changes nothing: you see what the import would add first.</Trans>}
        fileLabel={t`Question sheet`}
        file={sheet.file}
        onFile={sheet.checkFile}
        busy={sheet.busy}
        progress={
          sent !== null ? (
            sent < 1 ? (
              <Progress value={sent * 100} aria-label={t`Sending the file`} maw={480} />
            ) : (
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm">{sheet.importing ? <Trans>Importing the questions…</Trans> : <Trans>Checking every row…</Trans>}</Text>
              </Group>
            )
          ) : null
        }
        error={sheet.error}
        errorTitle={t`The sheet could not be imported`}
      />

      {preview ? <PreviewCard preview={preview} onImport={sheet.importFile} importing={sheet.importing} onCheckAgain={() => sheet.checkFile(sheet.file)} /> : null}
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

function PreviewCard({ preview, onImport, importing, onCheckAgain }: { preview: QuestionImportPreview; onImport: () => void; importing: boolean; onCheckAgain: () => void }) {
  const { t } = useLingui();
  const wrong = preview.errors.length > 0;
  return (
    <DryRunStep>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatTile label={t`Rows`} value={preview.rows} />
        <StatTile label={t`Rows to correct`} value={preview.rows - preview.valid} color={wrong ? 'red' : undefined} />
        <StatTile label={t`New questions`} value={preview.create} />
        <StatTile label={t`Already in the bank or repeated`} value={preview.duplicates.length} color={preview.duplicates.length ? 'orange' : undefined} />
      </SimpleGrid>
      {wrong ? (
        <Stack gap="xs">
          <Text size="sm" fw={600} c="red.8" role="alert">
            <Trans>Correct these cells in the file, then choose it again: nothing is imported while one is wrong.</Trans>
          </Text>
          <RowErrorsTable errors={preview.errors} />
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
      <CommitButton wrong={wrong} onCheckAgain={onCheckAgain} onImport={onImport} importing={importing} disabled={preview.create === 0}>
        {t`Import ${preview.create} questions`}
      </CommitButton>
    </DryRunStep>
  );
}
