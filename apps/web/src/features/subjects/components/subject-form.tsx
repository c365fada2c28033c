import { Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@academy/shared/messages';
import { subjectInputSchema } from '@academy/shared/schemas/subjects';
import type { Subject } from '@academy/shared/schemas/subjects';
import { SUBJECT_FAILURES, useCreateSubject, useUpdateSubject } from '../api';
import { useEntityForm } from '../../../lib/use-entity-form';
import { NamesInLanguagesFields, namesFormValues } from '../../../components/ui/names-in-languages';
import { useLingui } from '@lingui/react/macro';
import { FormButtons } from '../../../components/ui/form-buttons';
import { showNotSaved, showSaved } from '../../../components/ui/save-notices';

interface SubjectFormValues {
  name: string;
  code: string;
  description: string;
  names: { mr: string; hi: string };
}

/**
 * Creates a subject, or edits `subject` when given. Checked with the shared schema first; the
 * server's field errors (a name or code already taken: 409) land on the same fields.
 */
export function SubjectForm({ subject }: { subject?: Subject }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const create = useCreateSubject();
  const update = useUpdateSubject(subject?._id ?? '');
  const save = subject ? update : create;
  const initialValues: SubjectFormValues = { name: subject?.name ?? '', code: subject?.code ?? '', description: subject?.description ?? '', names: namesFormValues(subject?.names) };
  const { form, onSubmit, saving, allowLeave } = useEntityForm({
    initialValues,
    schema: subjectInputSchema,
    // What the schema makes of the values (the code in capitals) is what is sent; checked already.
    save: (values) => save.mutateAsync(subjectInputSchema.parse(values)),
    onSaved: ({ data, message }) => {
      showSaved(subject ? t`Subject updated` : t`Subject created`, message ?? (subject ? MESSAGES.subjectUpdated : MESSAGES.subjectCreated));
      allowLeave();
      void navigate(`/app/subjects/${data._id}`);
    },
    onFailed: (error) =>
      showNotSaved(subject ? t`Subject not updated` : t`Subject not created`, error, subject ? SUBJECT_FAILURES.update : SUBJECT_FAILURES.create),
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={640}>
        <Stack gap="md">
          <TextInput label={t`Name`} withAsterisk placeholder={t`Mathematics`} autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput
            label={t`Code`}
            withAsterisk
            description={t`Letters, digits, - and _; stored in capitals.`}
            placeholder="MATH"
            autoComplete="off"
            autoCapitalize="characters"
            maw={240}
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <NamesInLanguagesFields form={form} kind="subject" />
          <Textarea label={t`Description`} autosize minRows={3} maxRows={8} key={form.key('description')} {...form.getInputProps('description')} />
          <FormButtons cancel={{ to: subject ? `/app/subjects/${subject._id}` : '/app/subjects' }} submitLabel={subject ? t`Save Subject` : t`Create Subject`} saving={saving} gap="sm" />
        </Stack>
      </Paper>
    </form>
  );
}
