import { Alert, Autocomplete, Checkbox, Code, Group, NumberInput, Paper, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@academy/shared/languages';
import {
  QUESTION_DIFFICULTIES,
  QUESTION_OPTION_COUNT,
  QUESTION_TYPES,
  questionInputSchema,
  type Question,
  type QuestionDifficulty,
  type QuestionInput,
  type QuestionType,
} from '@academy/shared/schemas/online-tests';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useQuestions, useQuestionSubjects, useSaveQuestion } from '../api';
import { DIFFICULTY_LABELS, optionLetter, TYPE_LABELS } from '../question-labels';
import { MarkdownField } from './markdown-field';
import { useLocalNames } from '../../../lib/public-settings';
import { FormButtons } from '../../../components/ui/form-buttons';

/** The form's values, under the body's field names (so the server's field errors land on them). */
interface QuestionFormValues {
  subject: string | null;
  chapter: string;
  topic: string;
  difficulty: QuestionDifficulty;
  type: QuestionType;
  text: string;
  options: { text: string }[];
  correct: number[];
  answer: { value: string | number; tolerance: string | number };
  solution: string;
  language: Language;
}

const number = (value: string | number) => (value === '' ? undefined : Number(value));

/** The body the server gets: a numeric question's answer, another's options and right ones. */
export function toQuestionInput(values: QuestionFormValues): QuestionInput {
  const numeric = values.type === 'numeric';
  return {
    subject: values.subject ?? '',
    chapter: values.chapter,
    topic: values.topic,
    difficulty: values.difficulty,
    type: values.type,
    text: values.text,
    options: numeric ? undefined : values.options,
    correct: numeric ? undefined : values.correct,
    // An empty answer goes as no number: the schema names the field.
    answer: numeric ? ({ value: number(values.answer.value), tolerance: number(values.answer.tolerance) ?? 0 } as QuestionInput['answer']) : undefined,
    solution: values.solution,
    language: values.language,
  };
}

function initialValuesOf(question: Question | undefined, language: Language): QuestionFormValues {
  return {
    subject: question?.subject._id ?? null,
    chapter: question?.chapter ?? '',
    topic: question?.topic ?? '',
    difficulty: question?.difficulty ?? 'medium',
    type: question?.type ?? 'single',
    text: question?.text ?? '',
    options: question && question.options.length === QUESTION_OPTION_COUNT ? question.options.map((option) => ({ text: option.text })) : Array.from({ length: QUESTION_OPTION_COUNT }, () => ({ text: '' })),
    correct: question?.correct ?? [],
    answer: { value: question?.answer?.value ?? '', tolerance: question?.answer?.tolerance ?? '' },
    solution: question?.solution ?? '',
    language: question?.language ?? language,
  };
}

/**
 * Writes a question of the bank, or edits `question`: subject (the teacher's own), chapter, type and
 * difficulty, the text in Markdown with $…$ math and pictures, shown as students will see it while
 * typing; four options with the right one(s) ticked, or the number and its tolerance; a solution.
 * After saving, back to the bank (`listPath`); a question already in the bank is flagged, not refused.
 */
export function QuestionForm({ question, listPath }: { question?: Question; listPath: string }) {
  const { form, onSubmit, saving, formError, noSubjects } = useQuestionForm(question, listPath);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={820}>
        {noSubjects ? (
          <Alert color="yellow" role="alert">
            <Trans>You have no subjects yet: the office gives each teacher the subjects they teach. Then you can write their questions.</Trans>
          </Alert>
        ) : null}
        <QuestionDetails form={form} />
        <QuestionContent form={form} />

        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <FormButtons cancel={{ to: listPath }} submitLabel={question ? <Trans>Save changes</Trans> : <Trans>Save question</Trans>} saving={saving} submitProps={{ disabled: noSubjects }} />
      </Stack>
    </form>
  );
}

type QuestionFormType = UseFormReturnType<QuestionFormValues>;

/** The question's form and its save (then back to the bank, a duplicate flagged); a teacher's only subject chosen for them. */
function useQuestionForm(question: Question | undefined, listPath: string) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const subjects = useQuestionSubjects();
  const save = useSaveQuestion(question?._id);
  const { form, onSubmit, saving, formError, allowLeave } = useEntityForm({
    initialValues: initialValuesOf(question, (i18n.locale as Language) ?? 'en'),
    schema: questionInputSchema,
    toInput: toQuestionInput,
    save: (values) => save.mutateAsync(toQuestionInput(values)),
    onSaved: ({ data, message }) => {
      notifications.show({ color: 'teal', message: message ?? (question ? t`Question updated` : t`Question saved`) });
      if (data.duplicateOf) notifications.show({ color: 'orange', title: t`Saved, but it is a duplicate`, message: t`The same question is already in the bank.` });
      allowLeave();
      void navigate(listPath);
    },
    // The preview follows the typing.
    mode: 'controlled',
  });
  // A teacher of one subject writes its questions (issue 54): chosen for them in a new question.
  const onlySubject = subjects.data?.subjects.length === 1 ? subjects.data.subjects[0]!._id : null;
  useEffect(() => {
    if (!question && onlySubject && form.getValues().subject === null) form.setFieldValue('subject', onlySubject);
  }, [question, onlySubject]); // eslint-disable-line react-hooks/exhaustive-deps
  const noSubjects = subjects.data && subjects.data.subjects.length === 0;
  return { form, onSubmit, saving, formError, noSubjects };
}

/** Subject, chapter (those of the bank offered), topic, language, type and difficulty. */
function QuestionDetails({ form }: { form: QuestionFormType }) {
  const { t, i18n } = useLingui();
  const subjects = useQuestionSubjects();
  const names = useLocalNames();
  const values = form.values;
  // "Multiple answers" does not fit beside the others on a 360 px phone: the types stack there.
  const narrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  // The chapters already in the bank for this subject: the same name each time keeps the filters and blueprints tidy.
  const bank = useQuestions({ subject: values.subject ?? undefined, page: 1 });
  const chapters = [...new Set((bank.data?.chapters ?? []).filter((entry) => entry.subject === values.subject).map((entry) => entry.chapter))];
  const chooseType = (type: QuestionType) => {
    form.setFieldValue('type', type);
    // One right option at most for a single-answer question.
    if (type === 'single' && values.correct.length > 1) form.setFieldValue('correct', values.correct.slice(0, 1));
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t`Subject`}
            withAsterisk
            placeholder={t`Choose the subject`}
            data={(subjects.data?.subjects ?? []).map((subject) => ({ value: subject._id, label: names.subject(subject) }))}
            // Every question has a subject: choosing the chosen one again (a teacher's only subject,
            // already filled in) must not empty it.
            allowDeselect={false}
            key={form.key('subject')}
            {...form.getInputProps('subject')}
          />
          <Autocomplete label={t`Chapter`} withAsterisk placeholder={t`e.g. Quadratic equations`} data={chapters} key={form.key('chapter')} {...form.getInputProps('chapter')} />
          <TextInput label={t`Topic`} placeholder={t`Optional`} key={form.key('topic')} {...form.getInputProps('topic')} />
          <Select
            label={t`Language of the question`}
            data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            allowDeselect={false}
            key={form.key('language')}
            {...form.getInputProps('language')}
          />
        </SimpleGrid>
        <LabelledSegments
          labelId="question-type-label"
          label={<Trans>Type</Trans>}
          orientation={narrow ? 'vertical' : 'horizontal'}
          value={values.type}
          onChange={(value) => chooseType(value as QuestionType)}
          data={QUESTION_TYPES.map((type) => ({ value: type, label: i18n._(TYPE_LABELS[type]) }))}
        />
        <LabelledSegments
          labelId="question-difficulty-label"
          label={<Trans>Difficulty</Trans>}
          value={values.difficulty}
          onChange={(value) => form.setFieldValue('difficulty', value as QuestionDifficulty)}
          data={QUESTION_DIFFICULTIES.map((difficulty) => ({ value: difficulty, label: i18n._(DIFFICULTY_LABELS[difficulty]) }))}
        />
      </Stack>
    </Paper>
  );
}

type LabelledSegmentsProps = { labelId: string; label: ReactNode; orientation?: 'vertical' | 'horizontal'; value: string; onChange: (value: string) => void; data: { value: string; label: string }[] };

/** A full-width choice of a few, named by the label above it. */
function LabelledSegments({ labelId, label, orientation, value, onChange, data }: LabelledSegmentsProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} fullWidth orientation={orientation} value={value} onChange={onChange} data={data} />
    </Stack>
  );
}

/** The question's text with math hints, its answer (options or a number), and the solution. */
function QuestionContent({ form }: { form: QuestionFormType }) {
  const { t } = useLingui();
  const markdownProps = markdownPropsOf(form);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <MarkdownField
          label={t`Question`}
          description={t`Math between $ signs; on a line of its own between $$. **Bold**, *italic*, lists and pictures work too. Examples below.`}
          withAsterisk
          minRows={4}
          withPicture
          {...markdownProps('text')}
        />
        <MathHints />
        {form.values.type === 'numeric' ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NumberInput label={t`Right answer`} withAsterisk decimalScale={6} key={form.key('answer.value')} {...form.getInputProps('answer.value')} />
              <NumberInput
                label={t`Tolerance (±)`}
                description={t`How far from the answer still counts as right; 0 for exactly.`}
                min={0}
                decimalScale={6}
                key={form.key('answer.tolerance')}
                {...form.getInputProps('answer.tolerance')}
              />
            </SimpleGrid>
        ) : (
          <OptionFields form={form} />
        )}
        <MarkdownField label={t`Solution`} description={t`Optional: students see it after the test closes.`} minRows={2} withPicture {...markdownProps('solution')} />
      </Stack>
    </Paper>
  );
}

/** A Markdown field's props from the form: the text typed, focus and blur, the error. */
function markdownPropsOf(form: QuestionFormType) {
  return (path: 'text' | 'solution' | `options.${number}.text`) => {
    const props = form.getInputProps(path);
    return { value: props.value as string, onChange: (text: string) => form.setFieldValue(path, text), onFocus: props.onFocus, onBlur: props.onBlur, error: props.error };
  };
}

/** The four options, each with whether it is right: one (radio) or any number (tick boxes). */
function OptionFields({ form }: { form: QuestionFormType }) {
  const { t } = useLingui();
  const markdownProps = markdownPropsOf(form);
  const values = form.values;
  const toggleRight = (index: number, checked: boolean) =>
    form.setFieldValue('correct', checked ? [...new Set([...values.correct, index])].sort((a, b) => a - b) : values.correct.filter((right) => right !== index));
  return (
    <Stack gap="sm" role="group" aria-label={t`Options`}>
      <Text size="sm" fw={500}>
        {values.type === 'single' ? <Trans>Options: choose the right one</Trans> : <Trans>Options: tick every right one</Trans>}
      </Text>
      {values.options.map((_option, index) => (
        <Stack key={index} gap={4}>
          <MarkdownField label={t`Option ${optionLetter(index)}`} withAsterisk minRows={1} preview="math" {...markdownProps(`options.${index}.text`)} />
          {values.type === 'single' ? (
            <Radio
              label={t`${optionLetter(index)} is the right answer`}
              name="question-right-option"
              checked={values.correct[0] === index}
              onChange={(event) => event.currentTarget.checked && form.setFieldValue('correct', [index])}
            />
          ) : (
            <Checkbox label={t`${optionLetter(index)} is right`} checked={values.correct.includes(index)} onChange={(event) => toggleRight(index, event.currentTarget.checked)} />
          )}
        </Stack>
      ))}
      {form.errors.options || form.errors.correct ? (
        <Text size="sm" c="red.8" role="alert">
          {form.errors.options ?? form.errors.correct}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What to type for math, each example beside how students will see it (issue 54: the examples read as raw LaTeX). */
const MATH_EXAMPLES = ['$x^2$', '$v = u + at$', '$\\frac{a}{b}$'];

function MathHints() {
  const { t } = useLingui();
  return (
    <Group gap="sm" wrap="wrap" aria-label={t`Examples of math`}>
        {MATH_EXAMPLES.map((example) => (
          <Group key={example} gap={6} wrap="nowrap" data-testid="math-example">
            <Code>{example}</Code>
            <span aria-hidden="true">→</span>
            <MathMarkdown source={example} />
          </Group>
        ))}
    </Group>
  );
}
