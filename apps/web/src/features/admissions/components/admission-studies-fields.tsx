import { Chip, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { BOARDS, MEDIUMS, type Board, type Medium } from '@academy/shared/schemas/admissions';
import { BOARD_LABELS, MEDIUM_LABELS } from '../../../lib/school-labels';
import { useLocalNames } from '../../../lib/public-settings';
import { usePublicCourses } from '../../courses/api';
import { GENDER_OPTIONS } from '../../../lib/gender';
import type { AdmissionFormValues } from '../admission-form';
import { DateField } from '../../../components/ui/date-field';
import { PhoneInput } from '../../../components/ui/phone-input';

/** One choice among a few values, as radio buttons in a row (the board, the medium). */
function RadioChoices<Value extends string>({ label, values, labelOf, inputProps }: { label: string; values: readonly Value[]; labelOf: (value: Value) => string; inputProps: ReturnType<UseFormReturnType<AdmissionFormValues>['getInputProps']> }) {
  return (
    <Radio.Group label={label} {...inputProps}>
      <Group gap="md" mt={6}>
        {values.map((value) => (
          <Radio key={value} value={value} label={labelOf(value)} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** The admission form's second step: the standard and subjects, board, medium, school, and the parent. */
export function AdmissionStudiesFields({ form, phoneHint }: { form: UseFormReturnType<AdmissionFormValues>; phoneHint: string }) {
  const { t, i18n } = useLingui();
  const names = useLocalNames();
  const courses = usePublicCourses();
  const genderLabel = (value: string) => ({ male: t`Male`, female: t`Female`, other: t`Other` })[value] ?? value;
  // A medium is stored in English and read in the family's language.
  const mediumLabel = (value: Medium) => i18n._(MEDIUM_LABELS[value]);
  const boardLabel = (value: Board) => i18n._(BOARD_LABELS[value]);
  const standards = courses.data?.standards ?? [];
  const chosenStandard = standards.find((standard) => standard._id === form.values.standard);
  return (
      <Stack gap="md" mt="md">
        <Select
          label={t`Standard`}
          withAsterisk
          placeholder={courses.isPending ? t`Loading standards…` : t`Choose a standard`}
          data={standards.map((standard) => ({ value: standard._id, label: names.standard(standard) }))}
          nothingFoundMessage={courses.isError ? t`Standards could not be loaded` : t`No standards yet`}
          {...form.getInputProps('standard')}
          onChange={(value) => {
            form.setFieldValue('standard', value);
            // Subjects belong to a standard: keep only those the new one teaches.
            const taught = new Set(standards.find((standard) => standard._id === value)?.subjects.map((subject) => subject._id));
            form.setFieldValue(
              'subjects',
              form.values.subjects.filter((id) => taught.has(id)),
            );
          }}
        />
        {chosenStandard && chosenStandard.subjects.length > 0 ? (
          <Stack gap={6}>
            <Text size="sm" fw={500} id="subjects-label">
              <Trans>Subjects of interest</Trans>
            </Text>
            <Chip.Group multiple value={form.values.subjects} onChange={(value) => form.setFieldValue('subjects', value)}>
              <Group gap="xs" role="group" aria-labelledby="subjects-label">
                {chosenStandard.subjects.map((subject) => (
                  <Chip key={subject._id} value={subject._id}>
                    {names.subject(subject)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {form.errors.subjects ? (
              <Text size="sm" c="red.9">
                {form.errors.subjects}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <RadioChoices label={t`Board`} values={BOARDS} labelOf={boardLabel} inputProps={form.getInputProps('board')} />
        <RadioChoices label={t`Medium`} values={MEDIUMS} labelOf={mediumLabel} inputProps={form.getInputProps('medium')} />
        <TextInput label={t`School`} autoComplete="off" {...form.getInputProps('school')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select label={t`Gender`} placeholder={t`Choose`} data={GENDER_OPTIONS.map((option) => ({ ...option, label: genderLabel(option.value) }))} clearable {...form.getInputProps('gender')} />
          <DateField label={t`Date of birth`} {...form.getInputProps('dateOfBirth')} />
        </SimpleGrid>
        <Title order={3} size="h5" mt="xs">
          <Trans>Parent or guardian</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t`Parent name`} autoComplete="off" {...form.getInputProps('parentName')} />
          <PhoneInput
            label={t`Parent phone`}
            description={phoneHint}
            autoComplete="off"
            placeholder="94210 12345"
            {...form.getInputProps('parentPhone')}
          />
        </SimpleGrid>
      </Stack>
  );
}
