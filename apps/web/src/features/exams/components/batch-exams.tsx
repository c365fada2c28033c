import { Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { normalizeError } from '../../../lib/api-client';
import { useEntityForm } from '../../../lib/use-entity-form';
import { formatDate } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/format-number';
import { EXAM_MESSAGES, useBatchExams, useCreateExam } from '../api';
import { BatchRemarks } from './batch-remarks';
import { Trans, useLingui } from '@lingui/react/macro';
import { DateField } from '../../../components/ui/date-field';
import { examInputSchema } from '@academy/shared/schemas/exams';
import { useAcademyToday } from '../../../lib/use-academy-today';

/** A batch's tests and, on a second tab, the report card remarks (the batch's teacher and the admin). */
export function BatchExams({ batchId, examHref }: { batchId: string; examHref: (examId: string) => string }) {
  const { t } = useLingui();
  return (
    <Tabs defaultValue="tests" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="tests">{t`Tests`}</Tabs.Tab>
        <Tabs.Tab value="remarks">{t`Report card remarks`}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="tests">
        <BatchExamList batchId={batchId} examHref={examHref} />
      </Tabs.Panel>
      <Tabs.Panel value="remarks">
        <BatchRemarks batchId={batchId} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** The body the server gets: the maximum as a number (as the form always sent it). */
function toExamInput(values: { name: string; date: string; maxMarks: number | string; topic: string }) {
  return { name: values.name, date: values.date, maxMarks: Number(values.maxMarks), topic: values.topic };
}

/** A batch's tests with a form to add one. `examHref` opens a test's marks. */
function BatchExamList({ batchId, examHref }: { batchId: string; examHref: (examId: string) => string }) {
  const { t } = useLingui();
  const tests = useBatchExams(batchId);
  const create = useCreateExam(batchId);
  const navigate = useNavigate();
  const today = useAcademyToday();
  const { form, onSubmit, saving } = useEntityForm({
    // Today in the academy's time zone (before 05:30 in Latur the UTC date is still yesterday's).
    initialValues: { name: '', date: today, maxMarks: 25 as number | string, topic: '' },
    schema: examInputSchema,
    toInput: toExamInput,
    save: (values) => create.mutateAsync(toExamInput(values)),
    onSaved: ({ data, message }) => {
      // The next test is often on the same day, out of the same marks.
      form.setValues({ name: '', topic: '' });
      notifications.show({ title: t`Test created`, message: message ?? EXAM_MESSAGES.created, color: 'teal' });
      // Its marks open at once: entering them is what comes next (issue 42, point 9).
      void navigate(examHref(data._id));
    },
    onFailed: (error) => notifications.show({ title: t`Test not created`, message: normalizeError(error).message, color: 'red' }),
    // A small part of the batch's screen: it never asked before leaving.
    leaveGuard: false,
  });

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm" component="form" onSubmit={onSubmit} noValidate aria-label={t`New test`}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t`Test name`} required key={form.key('name')} {...form.getInputProps('name')} />
          <DateField label={t`Date`} required key={form.key('date')} {...form.getInputProps('date')} />
          <NumberInput label={t`Maximum marks`} required min={0.5} step={0.5} decimalScale={1} inputMode="decimal" key={form.key('maxMarks')} {...form.getInputProps('maxMarks')} />
          <TextInput label={t`Topic`} key={form.key('topic')} {...form.getInputProps('topic')} />
        </SimpleGrid>
        <Button type="submit" mt="sm" loading={saving} leftSection={<IconPlus size={18} aria-hidden="true" />}>
          <Trans>Add test</Trans>
        </Button>
      </Paper>
      {tests.isPending ? null : tests.isError ? (
        <Text c="red.9">{normalizeError(tests.error, EXAM_MESSAGES.loadFailed).message}</Text>
      ) : tests.data.length === 0 ? (
        <Text c="dimmed">
          <Trans>No tests in this batch yet.</Trans>
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Tests`}>
          {tests.data.map((test) => (
            <Paper key={test._id} component="li" withBorder radius="md" p="xs">
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text component={Link} to={examHref(test._id)} fw={600} c="blue.7" style={{ overflowWrap: 'anywhere' }}>
                    {test.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(test.date)} · <Trans>out of {formatNumber(test.maxMarks)}</Trans>
                    {test.topic ? ` · ${test.topic}` : ''}
                  </Text>
                </div>
                {test.publishedAt ? (
                  <Badge color={test.correctedAt ? 'orange' : 'teal'} variant="light">
                    {test.correctedAt ? t`Corrected` : t`Published`}
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light">
                    <Trans>Draft</Trans>
                  </Badge>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
