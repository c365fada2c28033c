import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { QUESTION_DIFFICULTIES } from '@academy/shared/schemas/online-tests';
import { STAFF_ONLINE_TEST_FAILURES, useBankQuestions, useBankSubjects } from '../staff-api';
import { EMPTY_BLUEPRINT_ROW, type PaperFormValues } from '../staff-paper-form';
import { normalizeError } from '../../../lib/api-client';
import { useDifficultyLabels } from '../../questions/api';
import { useLocalNames } from '../../../lib/public-settings';

/** A chapter's option value: its subject and its name (a uuid holds no '|'). */
const chapterKey = (subject: string, chapter: string) => `${subject}|${chapter}`;

/**
 * "Pick by blueprint": rows of chapter, difficulty and how many; the server picks that many at random
 * from the bank when the paper is saved (and says which row the bank cannot fill).
 */
export function StaffBlueprintRows({ form }: { form: UseFormReturnType<PaperFormValues> }) {
  const { t } = useLingui();
  const difficultyLabels = useDifficultyLabels();
  const names = useLocalNames();
  // One question is enough: the answer carries every chapter of the bank with its count.
  const bank = useBankQuestions({ page: 1 }, 1);
  const subjects = useBankSubjects();
  const subjectNames = new Map((subjects.data?.subjects ?? []).map((entry) => [entry._id, names.subject(entry)]));
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const entry of bank.data?.chapters ?? []) {
    const group = subjectNames.get(entry.subject) ?? t`Other subjects`;
    const items = groups.get(group) ?? [];
    items.push({ value: chapterKey(entry.subject, entry.chapter), label: `${entry.chapter} (${entry.count})` });
    groups.set(group, items);
  }
  const chapterData = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([group, items]) => ({ group, items }));
  const rows = form.values.blueprint;
  const difficultyData = [{ value: 'any', label: t`Any difficulty` }, ...QUESTION_DIFFICULTIES.map((level) => ({ value: level, label: difficultyLabels[level] }))];

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>The questions are picked at random from the bank when you save: each row takes that many from its chapter.</Trans>
      </Text>
      {bank.isError ? <Alert color="red">{normalizeError(bank.error, STAFF_ONLINE_TEST_FAILURES.bank).message}</Alert> : null}
      {rows.map((row, index) => (
        <Paper key={index} withBorder radius="md" p="sm" component="fieldset" aria-label={t`Blueprint row ${index + 1}`} style={{ margin: 0 }}>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Select
              label={t`Chapter`}
              placeholder={bank.isPending ? t`Loading…` : t`Choose a chapter`}
              data={chapterData}
              searchable
              withAsterisk
              nothingFoundMessage={t`No chapter in the bank`}
              value={row.chapter ? chapterKey(row.subject, row.chapter) : null}
              onChange={(value) => {
                const [subject = '', ...name] = (value ?? '').split('|');
                form.setFieldValue(`blueprint.${index}.subject`, value ? subject : '');
                form.setFieldValue(`blueprint.${index}.chapter`, value ? name.join('|') : '');
              }}
              error={form.errors[`blueprint.${index}.chapter`]}
              style={{ flex: '1 1 220px' }}
            />
            <Select
              label={t`Difficulty`}
              data={difficultyData}
              allowDeselect={false}
              key={form.key(`blueprint.${index}.difficulty`)}
              {...form.getInputProps(`blueprint.${index}.difficulty`)}
              style={{ flex: '1 1 130px' }}
            />
            <NumberInput
              label={t`How many`}
              withAsterisk
              min={1}
              max={200}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              key={form.key(`blueprint.${index}.count`)}
              {...form.getInputProps(`blueprint.${index}.count`)}
              style={{ flex: '0 1 110px' }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={26}
              aria-label={t`Remove blueprint row ${index + 1}`}
              disabled={rows.length === 1}
              onClick={() => form.removeListItem('blueprint', index)}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Group>
        <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => form.insertListItem('blueprint', { ...EMPTY_BLUEPRINT_ROW })} disabled={rows.length >= 60}>
          <Trans>Add a row</Trans>
        </Button>
      </Group>
      {form.errors.blueprint ? (
        <Text size="sm" c="red.8" role="alert" data-field-error>
          {form.errors.blueprint}
        </Text>
      ) : null}
    </Stack>
  );
}
