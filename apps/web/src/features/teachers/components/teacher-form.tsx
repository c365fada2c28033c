import { MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@academy/shared/messages';
import { teacherCreateInputSchema, teacherUpdateInputSchema } from '@academy/shared/schemas/teachers';
import type { Teacher } from '@academy/shared/schemas/teachers';
import { useSubjects } from '../../subjects/api';
import { TEACHER_FAILURES, useCreateTeacher, useUpdateTeacher } from '../api';
import { TEACHER_STATUS_MESSAGES, toTeacherFormValues } from '../teacher-form';
import { GENDER_MESSAGES } from '../../../lib/gender';
import { TEACHER_STATUSES } from '@academy/shared/schemas/teachers';
import type { TeacherFormValues } from '../teacher-form';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useLingui } from '@lingui/react/macro';
import { DateField } from '../../../components/ui/date-field';
import { SectionCard } from '../../../components/ui/section-card';
import { SignInFields } from '../../../components/ui/sign-in-fields';
import { useAcademyLanguage, useLocalNames } from '../../../lib/public-settings';
import { localNameOptions } from '../../../lib/local-name-search';
import { FormButtons } from '../../../components/ui/form-buttons';
import { showNotSaved, showSaved } from '../../../components/ui/save-notices';
import { PhoneInput } from '../../../components/ui/phone-input';

function withoutLanguage({ language: _language, ...changes }: TeacherFormValues) {
  return changes;
}

/**
 * Creates a teacher, or edits one when `teacher` is given. Checked with the shared schema before
 * sending; the server's field errors (an email in use) land on the same fields.
 */
export function TeacherForm({ teacher }: { teacher?: Teacher }) {
  const { t, i18n } = useLingui();
  const editing = teacher !== undefined;
  const statusOptions = TEACHER_STATUSES.map((value) => ({ value, label: i18n._(TEACHER_STATUS_MESSAGES[value]) }));
  const genderOptions = (['male', 'female', 'other'] as const).map((value) => ({ value, label: i18n._(GENDER_MESSAGES[value]) }));
  const schema = editing ? teacherUpdateInputSchema : teacherCreateInputSchema;
  const navigate = useNavigate();
  const create = useCreateTeacher();
  const update = useUpdateTeacher(teacher?._id ?? '');
  const subjects = useSubjects();
  const names = useLocalNames();
  const academyLanguage = useAcademyLanguage();
  const { form, onSubmit, saving, allowLeave } = useEntityForm({
    initialValues: toTeacherFormValues(teacher, academyLanguage),
    schema,
    // The language is the teacher's own choice once the account exists (their user menu).
    toInput: (values) => (editing ? withoutLanguage(values) : values),
    save: (values) => (editing ? update.mutateAsync(withoutLanguage(values)) : create.mutateAsync(values)),
    onSaved: ({ data, message }) => {
      showSaved(editing ? t`Teacher saved` : t`Teacher created`, message ?? (editing ? MESSAGES.teacherUpdated : MESSAGES.teacherCreated));
      allowLeave();
      void navigate(`/app/teachers/${data._id}`);
    },
    onFailed: (error) =>
      showNotSaved(editing ? t`Teacher not saved` : t`Teacher not created`, error, editing ? TEACHER_FAILURES.update : TEACHER_FAILURES.create),
  });

  // A subject the teacher has but the list does not (yet) show still needs a label.
  const knownSubjects = [...(subjects.data ?? []), ...(teacher?.subjects ?? []).filter((subject) => !subjects.data?.some((known) => known._id === subject._id))];
  const subjectOptions = localNameOptions(knownSubjects, names.subject, (name, subject) => `${name} (${subject.code})`);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={880}>
        <SectionCard title={t`Account`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
            <TextInput label={t`Name`} withAsterisk autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
            <TextInput label={t`Email`} withAsterisk type="email" inputMode="email" autoComplete="off" key={form.key('email')} {...form.getInputProps('email')} />
          </SimpleGrid>
          <SignInFields form={form} editing={editing} newPasswordHint={t`Leave empty to email them a link to set their password`} statusOptions={statusOptions} statusHint={t`Inactive teachers can no longer sign in; their batches and records are kept.`} />
        </SectionCard>

        <SectionCard title={t`Teaching`}>
          <MultiSelect
            label={t`Subjects`}
            placeholder={t`Choose subjects`}
            {...subjectOptions}
            searchable
            clearable
            nothingFoundMessage={subjects.isError ? t`Subjects could not be loaded` : t`No such subject`}
            key={form.key('subjects')}
            {...form.getInputProps('subjects')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
            <TextInput label={t`Qualification`} placeholder={t`M.Sc. Mathematics, B.Ed.`} key={form.key('qualification')} {...form.getInputProps('qualification')} />
            <DateField label={t`Joining date`} key={form.key('joiningDate')} {...form.getInputProps('joiningDate')} />
          </SimpleGrid>
        </SectionCard>

        <SectionCard title={t`Contact`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
            <PhoneInput
              label={t`Phone`}
              description={t`10-digit Indian mobile number`}
              autoComplete="off"
              placeholder="98220 12345"
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
            <Select label={t`Gender`} placeholder={t`Not given`} data={genderOptions} clearable key={form.key('gender')} {...form.getInputProps('gender')} />
          </SimpleGrid>
          <Textarea label={t`Address`} autosize minRows={2} maxRows={5} key={form.key('address')} {...form.getInputProps('address')} />
        </SectionCard>

        <FormButtons cancel={{ onClick: () => void navigate(editing ? `/app/teachers/${teacher._id}` : '/app/teachers') }} submitLabel={editing ? t`Save Teacher` : t`Create Teacher`} saving={saving} />
      </Stack>
    </form>
  );
}
