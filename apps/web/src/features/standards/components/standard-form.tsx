import { Alert, Button, Group, MultiSelect, NumberInput, Paper, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '@academy/shared/messages';
import { findStandardDuplicate, STANDARD_LEVEL_MAX, STANDARD_LEVEL_MIN, standardInputSchema } from '@academy/shared/schemas/standards';
import type { Standard } from '@academy/shared/schemas/standards';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { SUBJECT_FAILURES, useSubjects } from '../../subjects/api';
import { STANDARD_FAILURES, standardsQueryOptions, useCreateStandard, useUpdateStandard } from '../api';
import { duplicateFieldErrors, duplicateWarning } from '../standard-duplicate';
import { useFormLeaveGuard } from '../../../lib/use-unsaved-changes-prompt';
import { Trans, useLingui } from '@lingui/react/macro';
import { localizedErrors } from '../../../lib/server-text';

interface StandardFormValues {
  name: string;
  level: number | string;
  subjects: string[];
}

interface Warning {
  title: string;
  message: string;
  color: 'yellow' | 'red';
}

/**
 * Creates a standard, or edits `standard` when given. Before anything is sent, the name and level
 * are compared with the standards already there (spec section 5); a duplicate is only warned about
 * and nothing is saved. The server applies the same rule (409 on the field) for a race.
 */
export function StandardForm({ standard }: { standard?: Standard }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const subjects = useSubjects();
  const create = useCreateStandard();
  const update = useUpdateStandard(standard?._id ?? '');
  const save = standard ? update : create;
  const [checking, setChecking] = useState(false);
  const [warning, setWarning] = useState<Warning | null>(null);
  // Leaving with unsaved changes (a sidebar link too) asks first.
  const guard = useFormLeaveGuard<StandardFormValues>({ name: standard?.name ?? '', level: standard?.level ?? '', subjects: standard?.subjects.map((subject) => subject._id) ?? [] });
  const form = useForm<StandardFormValues>({
    mode: 'uncontrolled',
    initialValues: { name: standard?.name ?? '', level: standard?.level ?? '', subjects: standard?.subjects.map((subject) => subject._id) ?? [] },
    onValuesChange: guard.onValuesChange,
    validate: localizedErrors(schemaResolver(standardInputSchema, { sync: true })),
  });

  const subjectOptions = (subjects.data ?? []).map((subject) => ({ value: subject._id, label: `${subject.name} (${subject.code})` }));
  // A subject of the standard that is missing from the list still shows by name.
  for (const subject of standard?.subjects ?? []) {
    if (!subjectOptions.some((option) => option.value === subject._id)) subjectOptions.push({ value: subject._id, label: `${subject.name} (${subject.code})` });
  }

  const handleSubmit = form.onSubmit(async (values) => {
    const parsed = standardInputSchema.safeParse(values);
    if (!parsed.success) return;
    setWarning(null);

    setChecking(true);
    let existing: Standard[];
    try {
      existing = await queryClient.fetchQuery({ ...standardsQueryOptions, staleTime: 15_000 });
    } catch (error) {
      setWarning({ title: t`Not saved`, message: normalizeError(error, STANDARD_FAILURES.checkDuplicates).message, color: 'red' });
      return;
    } finally {
      setChecking(false);
    }
    const duplicate = findStandardDuplicate(existing, { name: parsed.data.name, level: parsed.data.level, excludeId: standard?._id });
    const message = duplicateWarning(duplicate, { name: parsed.data.name, level: parsed.data.level });
    if (message) {
      form.setErrors(duplicateFieldErrors(duplicate));
      setWarning({ title: t`Duplicate standard`, message, color: 'yellow' });
      return;
    }

    const failure = standard ? STANDARD_FAILURES.update : STANDARD_FAILURES.create;
    save.mutate(parsed.data, {
      onSuccess: ({ data, message: saved }) => {
        notifications.show({
          title: standard ? t`Standard updated` : t`Standard created`,
          message: saved ?? (standard ? MESSAGES.standardUpdated : MESSAGES.standardCreated),
          color: 'teal',
        });
        guard.allowLeave();
        void navigate(`/app/standards/${data._id}`);
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        if (fieldErrors) form.setErrors(fieldErrors);
        notifications.show({ title: standard ? t`Standard not updated` : t`Standard not created`, message: normalizeError(error, failure).message, color: 'red' });
      },
    });
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={640}>
        <Stack gap="md">
          {warning ? (
            <Alert color={warning.color} variant="light" icon={<IconAlertTriangle aria-hidden="true" />} title={warning.title}>
              {warning.message}
            </Alert>
          ) : null}
          <TextInput label={t`Name`} withAsterisk placeholder={t`10th Standard`} autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
          <NumberInput
            label={t`Level`}
            withAsterisk
            description={t`The class number, used to order standards (10 for the 10th).`}
            min={STANDARD_LEVEL_MIN}
            max={STANDARD_LEVEL_MAX}
            allowDecimal={false}
            allowNegative={false}
            maw={320}
            key={form.key('level')}
            {...form.getInputProps('level')}
          />
          <MultiSelect
            label={t`Subjects`}
            description={t`The subjects taught in this standard.`}
            placeholder={subjects.isPending ? t`Loading subjects…` : t`Choose subjects`}
            data={subjectOptions}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage={t`No such subject`}
            error={subjects.isError ? normalizeError(subjects.error, SUBJECT_FAILURES.fetch).message : undefined}
            key={form.key('subjects')}
            {...form.getInputProps('subjects')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={standard ? `/app/standards/${standard._id}` : '/app/standards'}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={checking || save.isPending}>
              {standard ? t`Save Standard` : t`Create Standard`}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
