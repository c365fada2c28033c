import { Alert, Button, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturnType } from '@mantine/form';
import { plural } from '@lingui/core/macro';
import { MARKING_PRESETS, onlineTestInputSchema, type OnlineTest } from '@academy/shared/schemas/online-tests';
import { SectionCard } from '../../../components/ui/section-card';
import { normalizeError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useEntityForm } from '../../../lib/use-entity-form';
import { STAFF_ONLINE_TEST_FAILURES, useSaveOnlineTest } from '../staff-api';
import { MARKING_PRESET_KEYS, paperFormValues, paperSize, presetOf, toOnlineTestInput, type MarkingPreset, type MarkingValues, type PaperFormValues, type QuestionMode } from '../staff-paper-form';
import { StaffBlueprintRows } from './staff-blueprint-rows';
import { StaffDateTimeField } from './staff-date-time-field';
import { StaffQuestionPicker } from './staff-question-picker';
import { FormButtons } from '../../../components/ui/form-buttons';

export interface BatchOption {
  value: string;
  label: string;
}

interface StaffTestFormProps {
  /** The draft to edit; none for a new paper. */
  test?: OnlineTest;
  /** The batches the signed-in teacher (their own) or the office (all current ones) may set a test for, from the route. */
  batchOptions: BatchOption[];
  /** Where this area's online tests live: '/app/online-tests' or '/app/teacher/online-tests'. */
  basePath: string;
}

/**
 * A paper, saved as a draft: its batches, when it opens and closes, how long each student has, the
 * marking (a real exam's preset or custom), and its questions, chosen from the bank or picked by a
 * blueprint. Checked with the server's own schema first; the server's refusals land on their fields.
 */
export function StaffTestForm({ test, batchOptions, basePath }: StaffTestFormProps) {
  const { t } = useLingui();
  const editing = test !== undefined;
  const { form, submit, saving, formError, formRef } = useStaffTestForm(test, basePath);

  if (test?.status === 'published') {
    return (
      <Alert color="yellow" title={t`A published test cannot be changed`}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            <Trans>Students may already be taking it. Set a new test instead.</Trans>
          </Text>
          <Button component={Link} to={`${basePath}/${test._id}`} variant="light">
            <Trans>Back to the test</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  }

  const size = paperSize(form.values);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
    >
      <Stack gap="lg" maw={880}>
        <PaperSection form={form} test={test} batchOptions={batchOptions} />
        <WhenSection form={form} />
        <MarkingSection form={form} />
        <QuestionsSection form={form} test={test} />

        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={500}>
              {plural(size.questions, { one: '# question', other: '# questions' })} · {t`${formatNumber(size.maxMarks)} marks`}
            </Text>
            <FormButtons cancel={{ to: editing ? `${basePath}/${test._id}` : basePath }} submitLabel={<Trans>Save as draft</Trans>} saving={saving} gap="sm" />
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

type PaperForm = UseFormReturnType<PaperFormValues>;

/**
 * The paper's form and its save: checked with the server's schema, saved as a draft, then on to the
 * test; after a refused submit the first field in error comes into view.
 */
function useStaffTestForm(test: OnlineTest | undefined, basePath: string) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const editing = test !== undefined;
  const save = useSaveOnlineTest(test?._id);
  const [now] = useState(() => new Date());
  const { form, onSubmit, saving, formError, allowLeave } = useEntityForm({
    initialValues: paperFormValues(test, now),
    schema: onlineTestInputSchema,
    toInput: toOnlineTestInput,
    save: (values: PaperFormValues) => save.mutateAsync(toOnlineTestInput(values)),
    onSaved: ({ data, message }) => {
      notifications.show({ title: editing ? t`Online test updated` : t`Online test saved as a draft`, message: message ?? data.title, color: 'teal' });
      allowLeave();
      void navigate(`${basePath}/${data._id}`);
    },
    onFailed: (error) => notifications.show({ title: i18n._(STAFF_ONLINE_TEST_FAILURES.save), message: normalizeError(error, STAFF_ONLINE_TEST_FAILURES.save).message, color: 'red' }),
    failure: STAFF_ONLINE_TEST_FAILURES.save,
    // The preset, the counts and the picker follow the values as they change.
    mode: 'controlled',
  });

  // After a submit that was refused, the first field in error comes into view (a long form on a phone).
  const formRef = useRef<HTMLFormElement>(null);
  const showFirstError = useRef(false);
  useEffect(() => {
    if (!showFirstError.current || Object.keys(form.errors).length === 0) return;
    showFirstError.current = false;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error], .mantine-InputWrapper-error');
    first?.scrollIntoView({ block: 'center' });
    if (first?.matches('input, textarea')) first.focus({ preventScroll: true });
  }, [form.errors]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    showFirstError.current = true;
    onSubmit(event);
  };
  return { form, submit, saving, formError, formRef };
}

function PaperSection({ form, test, batchOptions }: { form: PaperForm; test: OnlineTest | undefined; batchOptions: BatchOption[] }) {
  const { t } = useLingui();
  const options = [...batchOptions];
  for (const batch of test?.batches ?? []) if (!options.some((option) => option.value === batch._id)) options.push({ value: batch._id, label: batch.name });
  return (
    <SectionCard title={t`Paper`}>
      <TextInput label={t`Title`} placeholder={t`For example: JEE Main practice 4 – Kinematics`} withAsterisk autoComplete="off" key={form.key('title')} {...form.getInputProps('title')} />
      <MultiSelect
        label={t`Batches`}
        description={t`Their students can take the test once it is published.`}
        placeholder={form.values.batches.length === 0 ? t`Choose the batches` : undefined}
        data={options}
        searchable
        withAsterisk
        nothingFoundMessage={t`No batch found`}
        key={form.key('batches')}
        {...form.getInputProps('batches')}
      />
    </SectionCard>
  );
}

/** Opening, closing, when the results show, and each student's duration. */
function WhenSection({ form }: { form: PaperForm }) {
  const { t } = useLingui();
  return (
    <SectionCard title={t`When`} description={t`Students can start any time between opening and closing; each has the duration from their start, and the test ends for everyone at closing.`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <StaffDateTimeField label={t`Opens at`} {...form.getInputProps('opensAt')} />
        <StaffDateTimeField label={t`Closes at`} {...form.getInputProps('closesAt')} />
      </SimpleGrid>
      {/* Never before the closing (the server refuses it): a score shown while others can still answer tells the key (issue 71). */}
      <StaffDateTimeField
        label={t`Results show at`}
        description={t`Optional. Left empty, students see their score and the answers when the test closes for everyone.`}
        optional
        {...form.getInputProps('resultsAt')}
      />
      <NumberInput
        label={t`Duration (minutes)`}
        withAsterisk
        min={1}
        max={600}
        allowDecimal={false}
        allowNegative={false}
        inputMode="numeric"
        maw={220}
        key={form.key('durationMinutes')}
        {...form.getInputProps('durationMinutes')}
      />
    </SectionCard>
  );
}

/** The marking scheme: a real exam's preset, or marks typed by hand; and shuffling. */
function MarkingSection({ form }: { form: PaperForm }) {
  const { t } = useLingui();
  const presetLabels: Record<MarkingPreset, string> = {
    'jee-main': t`JEE Main (+4, −1)`,
    neet: t`NEET (+4, −1)`,
    'mht-cet-1': t`MHT-CET, 1 mark each`,
    'mht-cet-2': t`MHT-CET, 2 marks each`,
    custom: t`Custom`,
  };
  const choosePreset = (value: string | null) => {
    const preset = (value ?? 'custom') as MarkingPreset;
    form.setFieldValue('preset', preset);
    if (preset !== 'custom') form.setFieldValue('marking', { ...MARKING_PRESETS[preset] });
  };
  /** A mark typed by hand: the preset follows (a preset's numbers name it again, others are Custom). */
  const markInput = (field: keyof MarkingValues) => ({
    ...form.getInputProps(`marking.${field}`),
    onChange: (value: string | number) => {
      form.setFieldValue(`marking.${field}`, value);
      form.setFieldValue('preset', presetOf({ ...form.values.marking, [field]: value }, form.values.title));
    },
  });
  return (
    <SectionCard title={t`Marking`}>
      <Select
        label={t`Marking scheme`}
        data={[...MARKING_PRESET_KEYS, 'custom' as const].map((key) => ({ value: key, label: presetLabels[key] }))}
        allowDeselect={false}
        value={form.values.preset}
        onChange={choosePreset}
        maw={360}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <NumberInput label={t`Right answer`} withAsterisk step={0.5} decimalScale={1} min={0.5} max={100} inputMode="decimal" key={form.key('marking.correct')} {...markInput('correct')} />
        <NumberInput label={t`Wrong answer`} withAsterisk step={0.5} decimalScale={1} min={-100} max={0} inputMode="decimal" key={form.key('marking.wrong')} {...markInput('wrong')} />
        <NumberInput label={t`Not answered`} withAsterisk step={0.5} decimalScale={1} min={-100} max={0} inputMode="decimal" key={form.key('marking.unanswered')} {...markInput('unanswered')} />
      </SimpleGrid>
      <Switch
        label={t`Shuffle questions and options`}
        description={t`Each student gets the questions of a subject, and each question's options, in an order of their own.`}
        key={form.key('shuffle')}
        {...form.getInputProps('shuffle', { type: 'checkbox' })}
      />
    </SectionCard>
  );
}

/** The questions, chosen from the bank or picked by a blueprint. */
function QuestionsSection({ form, test }: { form: PaperForm; test: OnlineTest | undefined }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const correctMarks = typeof form.values.marking.correct === 'number' ? form.values.marking.correct : 0;
  const chooseMode = (mode: string) => {
    form.setFieldValue('mode', mode as QuestionMode);
    form.clearFieldError('questions');
    form.clearFieldError('blueprint');
  };

  return (
    <SectionCard title={t`Questions`}>
      <SegmentedControl
        fullWidth
        // Side by side the two choices do not fit a phone's width in Marathi or Hindi.
        orientation={phone ? 'vertical' : 'horizontal'}
        value={form.values.mode}
        onChange={chooseMode}
        data={[
          { value: 'choose', label: t`Choose questions` },
          { value: 'blueprint', label: t`Pick by blueprint` },
        ]}
        aria-label={t`How to set the questions`}
      />
      {form.values.mode === 'choose' ? (
        <StaffQuestionPicker
          value={form.values.questions}
          onChange={(ids) => form.setFieldValue('questions', ids)}
          initial={test?.sections.flatMap((section) => section.questions) ?? []}
          correctMarks={correctMarks}
          error={form.errors.questions}
        />
      ) : (
        <>
          <StaffBlueprintRows form={form} />
          {form.errors.questions ? (
            <Text size="sm" c="red.8" role="alert" data-field-error>
              {form.errors.questions}
            </Text>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
