import { Alert, MultiSelect, NumberInput, Paper, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@academy/shared/messages';
import { findStandardDuplicate, STANDARD_LEVEL_MAX, STANDARD_LEVEL_MIN, standardInputSchema } from '@academy/shared/schemas/standards';
import type { Standard } from '@academy/shared/schemas/standards';
import { ApiError, normalizeError } from '../../../lib/api-client';
import { SUBJECT_FAILURES, useSubjects } from '../../subjects/api';
import { STANDARD_FAILURES, standardsQueryOptions, useCreateStandard, useUpdateStandard } from '../api';
import { duplicateFieldErrors, duplicateWarning } from '../standard-duplicate';
import { useEntityForm } from '../../../lib/use-entity-form';
import { NamesInLanguagesFields, namesFormValues } from '../../../components/ui/names-in-languages';
import { useLingui } from '@lingui/react/macro';
import { FormButtons } from '../../../components/ui/form-buttons';
import { showNotSaved, showSaved } from '../../../components/ui/save-notices';

interface StandardFormValues {
  name: string;
  level: number | string;
  subjects: string[];
  names: { mr: string; hi: string };
}

/** A save stopped before sending (the duplicate check could not run): the warning says why. */
const NOT_SENT = new Error('not sent');

/** A duplicate found before sending, shaped as the server's 409 so its fields are marked the same way. */
class DuplicateStandard extends ApiError {}

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
  const [warning, setWarning] = useState<Warning | null>(null);
  const { form, onSubmit, saving, allowLeave } = useEntityForm({
    initialValues: { name: standard?.name ?? '', level: standard?.level ?? '', subjects: standard?.subjects.map((subject) => subject._id) ?? [], names: namesFormValues(standard?.names) } as StandardFormValues,
    schema: standardInputSchema,
    save: async (values) => {
      const input = standardInputSchema.parse(values);
      setWarning(null);
      let existing: Standard[];
      try {
        existing = await queryClient.fetchQuery({ ...standardsQueryOptions, staleTime: 15_000 });
      } catch (error) {
        setWarning({ title: t`Not saved`, message: normalizeError(error, STANDARD_FAILURES.checkDuplicates).message, color: 'red' });
        throw NOT_SENT;
      }
      const duplicate = findStandardDuplicate(existing, { name: input.name, level: input.level, excludeId: standard?._id });
      const message = duplicateWarning(duplicate, { name: input.name, level: input.level });
      if (message) {
        setWarning({ title: t`Duplicate standard`, message, color: 'yellow' });
        // As the server's 409 would: the matching fields are marked.
        throw new DuplicateStandard(message, 409, { errors: duplicateFieldErrors(duplicate) });
      }
      return save.mutateAsync(input);
    },
    onSaved: ({ data, message }) => {
      showSaved(standard ? t`Standard updated` : t`Standard created`, message ?? (standard ? MESSAGES.standardUpdated : MESSAGES.standardCreated));
      allowLeave();
      void navigate(`/app/standards/${data._id}`);
    },
    onFailed: (error) => {
      // Nothing was sent: the warning above the fields says why.
      if (error === NOT_SENT || error instanceof DuplicateStandard) return;
      showNotSaved(standard ? t`Standard not updated` : t`Standard not created`, error, standard ? STANDARD_FAILURES.update : STANDARD_FAILURES.create);
    },
  });

  const subjectOptions = (subjects.data ?? []).map((subject) => ({ value: subject._id, label: `${subject.name} (${subject.code})` }));
  // A subject of the standard that is missing from the list still shows by name.
  for (const subject of standard?.subjects ?? []) {
    if (!subjectOptions.some((option) => option.value === subject._id)) subjectOptions.push({ value: subject._id, label: `${subject.name} (${subject.code})` });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
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
          <NamesInLanguagesFields form={form} kind="standard" />
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
          <FormButtons cancel={{ to: standard ? `/app/standards/${standard._id}` : '/app/standards' }} submitLabel={standard ? t`Save Standard` : t`Create Standard`} saving={saving} gap="sm" />
        </Stack>
      </Paper>
    </form>
  );
}
