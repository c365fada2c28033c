import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@academy/shared/messages';
import { studentCreateInputSchema, studentUpdateInputSchema } from '@academy/shared/schemas/students';
import type { Student } from '@academy/shared/schemas/students';
import { useStandards } from '../../standards/api';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { STUDENT_FAILURES, useCreateStudent, useUpdateStudent } from '../api';
import { BOARD_LABELS, MEDIUM_LABELS, STUDENT_STATUS_LABELS, toStudentFormValues, toStudentPayload } from '../student-form';
import { BOARDS, MEDIUMS } from '@academy/shared/schemas/common';
import { useEntityForm } from '../../../lib/use-entity-form';
import { GENDER_MESSAGES } from '../../../lib/gender';
import { useLingui } from '@lingui/react/macro';
import { DateField } from '../../../components/ui/date-field';
import { SectionCard } from '../../../components/ui/section-card';
import { SignInFields } from '../../../components/ui/sign-in-fields';
import { useSignInSlipDialog } from './sign-in-slip';
import { useLocalNames } from '../../../lib/public-settings';
import { stateFilter, stateOptions } from '../../../lib/state-names';
import { FormButtons } from '../../../components/ui/form-buttons';
import { showNotSaved, showSaved } from '../../../components/ui/save-notices';
import { PhoneInput } from '../../../components/ui/phone-input';


type StudentFormOptions = {
  student?: Student;
  standardId?: string;
  afterCreate?: (created: Student) => void;
};

/** The student's form state and its save: a new student (then their sign-in slip, if any, and their page or `afterCreate`), or the edit of `student`. */
function useStudentForm({ student, standardId, afterCreate }: StudentFormOptions) {
  const { t } = useLingui();
  const editing = student !== undefined;
  const navigate = useNavigate();
  const openSlip = useSignInSlipDialog();
  const create = useCreateStudent();
  const update = useUpdateStudent(student?._id ?? '');
  const today = useAcademyToday();
  const entity = useEntityForm({
    initialValues: { ...toStudentFormValues(student, today), ...(standardId && !student ? { standard: standardId } : {}) },
    schema: editing ? studentUpdateInputSchema : studentCreateInputSchema,
    save: (values) => (editing ? update : create).mutateAsync(toStudentPayload(values, editing)),
    onSaved: ({ data, message }, values) => {
      // A student without an email signs in with the password the office chose or generated: its sign-in
      // slip is offered at once (issue 42), while the page still has it. (Anyone's: "New password and sign-in slip".)
      if (!editing && values.password && values.email.trim() === '') openSlip(data, { password: values.password, language: values.language });
      if (afterCreate && !editing) {
        entity.allowLeave();
        afterCreate(data);
        return;
      }
      showSaved(editing ? t`Student saved` : t`Student created`, message ?? (editing ? MESSAGES.studentUpdated : MESSAGES.studentCreated));
      entity.allowLeave();
      void navigate(`/app/students/${data._id}`);
    },
    onFailed: (error) =>
      showNotSaved(editing ? t`Student not saved` : t`Student not created`, error, editing ? STUDENT_FAILURES.update : STUDENT_FAILURES.create),
  });
  return entity;
}

type StudentFormState = ReturnType<typeof useStudentForm>['form'];

/** Name, email, and the sign-in part (password, language, status). */
function AccountSection({ form, editing }: { form: StudentFormState; editing: boolean }) {
  const { t, i18n } = useLingui();
  const statusOptions = (['active', 'archived'] as const).map((value) => ({ value, label: i18n._(STUDENT_STATUS_LABELS[value]) }));
  return (
    <SectionCard title={t`Account`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
        <TextInput label={t`Name`} withAsterisk autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput
          label={t`Email`}
          description={t`Optional: without one, the student signs in with their student ID and the password set here`}
          type="email"
          inputMode="email"
          autoComplete="off"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
      </SimpleGrid>
      <SignInFields
        form={form}
        editing={editing}
        newPasswordHint={t`Without an email: generate one and print the sign-in slip after creating. With an email: leave empty to mail them a link to set it.`}
        statusOptions={statusOptions} statusHint={t`Archived students keep their records but can no longer sign in.`}
        generatePassword={!editing}
      />
    </SectionCard>
  );
}

/** Standard (the student's own kept in the list even when it is no longer offered), school, board, medium and dates. */
function StudiesSection({ form, student }: { form: StudentFormState; student?: Student }) {
  const { t, i18n } = useLingui();
  const standards = useStandards();
  const names = useLocalNames();
  const boardOptions = BOARDS.map((value) => ({ value, label: i18n._(BOARD_LABELS[value]) }));
  const mediumOptions = MEDIUMS.map((value) => ({ value, label: i18n._(MEDIUM_LABELS[value]) }));
  const standardOptions = (standards.data ?? []).map((standard) => ({ value: standard._id, label: names.standard(standard) }));
  if (student?.standard && !standardOptions.some((option) => option.value === student.standard?._id)) {
    standardOptions.push({ value: student.standard._id, label: names.standard(student.standard) });
  }
  return (
    <SectionCard title={t`Studies`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
        <Select
          label={t`Standard`}
          placeholder={t`No standard`}
          data={standardOptions}
          clearable
          nothingFoundMessage={standards.isError ? t`Standards could not be loaded` : t`No standards yet`}
          key={form.key('standard')}
          {...form.getInputProps('standard')}
        />
        <TextInput label={t`School`} key={form.key('school')} {...form.getInputProps('school')} />
        <Select label={t`Board`} placeholder={t`Not known`} data={boardOptions} clearable key={form.key('board')} {...form.getInputProps('board')} />
        <Select label={t({ message: 'Medium', context: 'language a school teaches in' })} placeholder={t`Not known`} data={mediumOptions} clearable key={form.key('medium')} {...form.getInputProps('medium')} />
        <DateField label={t`Admission date`} key={form.key('admissionDate')} {...form.getInputProps('admissionDate')} />
        <DateField label={t`Date of birth`} key={form.key('dateOfBirth')} {...form.getInputProps('dateOfBirth')} />
      </SimpleGrid>
    </SectionCard>
  );
}

/** Phone, gender, address and state (for GST's place of supply). */
function ContactSection({ form }: { form: StudentFormState }) {
  const { t, i18n } = useLingui();
  const genderOptions = (['male', 'female', 'other'] as const).map((value) => ({ value, label: i18n._(GENDER_MESSAGES[value]) }));
  return (
    <SectionCard title={t`Contact`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
        <PhoneInput
          label={t`Phone`}
          description={t`10-digit Indian mobile number; optional`}
          autoComplete="off"
          placeholder={t`e.g. 98220 12345`}
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        {/* Left empty, gender and address stay empty and show as "Not given" (decision 040): nothing is made up. */}
        <Select
          label={t`Gender`}
          description={t`Optional`}
          placeholder={t`Choose, if known`}
          data={genderOptions}
          clearable
          key={form.key('gender')}
          {...form.getInputProps('gender')}
        />
      </SimpleGrid>
      <Textarea
        label={t`Address`}
        description={t`Optional`}
        placeholder={t`e.g. Shivaji Nagar, Latur`}
        autosize
        minRows={2}
        maxRows={5}
        key={form.key('address')}
        {...form.getInputProps('address')}
      />
      <Select
        label={t`State`}
        description={t`For GST's place of supply; empty means the academy's state`}
        data={stateOptions(i18n)}
        filter={stateFilter}
        searchable
        clearable
        maw={360}
        key={form.key('state')}
        {...form.getInputProps('state')}
      />
    </SectionCard>
  );
}

/** The parent's or guardian's name, phone and email. */
function ParentSection({ form }: { form: StudentFormState }) {
  const { t } = useLingui();
  return (
    <SectionCard title={t`Parent or guardian`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
        <TextInput label={t`Parent name`} key={form.key('parentName')} {...form.getInputProps('parentName')} />
        <PhoneInput
          label={t`Parent phone`}
          description={t`10-digit Indian mobile number; optional`}
          autoComplete="off"
          placeholder={t`e.g. 94210 12345`}
          key={form.key('parentPhone')}
          {...form.getInputProps('parentPhone')}
        />
        <TextInput label={t`Parent email`} type="email" inputMode="email" autoComplete="off" key={form.key('parentEmail')} {...form.getInputProps('parentEmail')} />
      </SimpleGrid>
    </SectionCard>
  );
}

/**
 * Creates a student, or edits one when `student` is given. Checked with the shared schema before
 * sending; the server's field errors (an email in use) land on the same fields. `standardId` fills a
 * new student's standard; `afterCreate` takes over once a new student is saved (the page that made
 * them for a batch enrols them there and goes on), instead of the notice and the student's page.
 */
export function StudentForm({
  student,
  standardId,
  afterCreate,
  cancelTo,
  createLabel,
  busy = false,
}: StudentFormOptions & {
  /** Where Cancel goes for a new student (default: the students list). */
  cancelTo?: string;
  /** The create button's words (default: Create Student). */
  createLabel?: string;
  /** Work after saving is still going on (the enrolment). */
  busy?: boolean;
}) {
  const { t } = useLingui();
  const editing = student !== undefined;
  const navigate = useNavigate();
  const { form, onSubmit, saving } = useStudentForm({ student, standardId, afterCreate });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={880}>
        <AccountSection form={form} editing={editing} />
        <StudiesSection form={form} student={student} />
        <ContactSection form={form} />
        <ParentSection form={form} />
        <FormButtons cancel={{ onClick: () => void navigate(editing ? `/app/students/${student._id}` : (cancelTo ?? '/app/students')) }} submitLabel={editing ? t`Save Student` : (createLabel ?? t`Create Student`)} saving={saving || busy} />
      </Stack>
    </form>
  );
}
