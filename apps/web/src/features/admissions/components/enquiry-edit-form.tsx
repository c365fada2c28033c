import { MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { admissionEnquiryUpdateInputSchema, BOARDS, MEDIUMS, officeEnquiryInputSchema } from '@academy/shared/schemas/admissions';
import type { AdmissionEnquiryDetail, OfficeEnquiryInput } from '@academy/shared/schemas/admissions';
import { LANGUAGE_NAMES, LANGUAGES } from '@academy/shared/languages';
import { normalizeError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/language';
import { useStandards } from '../../standards/api';
import { useSubjects } from '../../subjects/api';
import { GENDER_OPTIONS } from '../../../lib/gender';
import { ENQUIRY_FAILURES, useCreateOfficeEnquiry, useUpdateEnquiry } from '../api';
import { formatPhone } from '../../../lib/phone';
import { BOARD_LABELS, MEDIUM_LABELS } from '../../../lib/school-labels';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useLingui } from '@lingui/react/macro';
import { DateField } from '../../../components/ui/date-field';
import { SectionCard } from '../../../components/ui/section-card';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { EnquiryAssigneeSelect, EnquirySourceFields } from './enquiry-follow-up-fields';
import { useLocalNames } from '../../../lib/public-settings';
import { localNameOptions } from '../../../lib/local-name-search';
import { FormButtons } from '../../../components/ui/form-buttons';
import { PhoneInput } from '../../../components/ui/phone-input';

function toValues(enquiry: AdmissionEnquiryDetail | undefined) {
  return {
    studentName: enquiry?.studentName ?? '',
    email: enquiry?.email ?? '',
    phone: enquiry?.phone ? formatPhone(enquiry.phone) : '',
    parentName: enquiry?.parentName ?? '',
    parentPhone: enquiry?.parentPhone ? formatPhone(enquiry.parentPhone) : '',
    gender: (enquiry?.gender ?? null) as string | null,
    dateOfBirth: enquiry?.dateOfBirth ?? '',
    standard: enquiry?.standard?._id ?? null,
    subjects: enquiry?.subjects.map((subject) => subject._id) ?? [],
    school: enquiry?.school ?? '',
    board: enquiry?.board ?? null,
    medium: enquiry?.medium ?? null,
    address: enquiry?.address ?? '',
    message: enquiry?.message ?? '',
    notes: enquiry?.notes ?? '',
    // A new family at the counter: the office's own language until it picks theirs.
    language: enquiry?.language ?? currentLanguage(),
  };
}

/** Each language in its own script, as a family reads it. */
const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

/** What only a new office enquiry asks (issue 41); an existing one changes them in its Follow-up section. */
const NEW_ENQUIRY_FOLLOW_UP = { source: 'walk_in', referredBy: null as string | null, followUpOn: '', assignedTo: null as string | null };

/** The enquiry's form and its save: the edit of `enquiry`, or the office's new enquiry with its follow-up. */
function useEnquiryEditForm(enquiry: AdmissionEnquiryDetail | undefined) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const update = useUpdateEnquiry(enquiry?._id ?? '');
  const create = useCreateOfficeEnquiry();
  const detailPath = enquiry ? `/app/registrations/${enquiry._id}` : '/app/registrations';
  const { form, onSubmit, saving, allowLeave } = useEntityForm({
    initialValues: { ...toValues(enquiry), ...NEW_ENQUIRY_FOLLOW_UP },
    schema: enquiry ? admissionEnquiryUpdateInputSchema : officeEnquiryInputSchema,
    mode: 'controlled',
    save: (values) => {
      if (!enquiry) return create.mutateAsync(values as OfficeEnquiryInput);
      // The follow-up fields are a new enquiry's only; an existing one changes them in its Follow-up section.
      const { source: _source, referredBy: _referredBy, followUpOn: _followUpOn, assignedTo: _assignedTo, ...fields } = values;
      return update.mutateAsync(fields as Parameters<typeof update.mutateAsync>[0]);
    },
    onSaved: ({ data, message }) => {
      if (enquiry) notifications.show({ title: t`Registration saved`, message: message ?? t`Registration updated successfully`, color: 'teal' });
      else notifications.show({ title: t`Registration added`, message: message ?? t`Registration added`, color: 'teal' });
      allowLeave();
      void navigate(enquiry ? detailPath : `/app/registrations/${data._id}`);
    },
    onFailed: (error) =>
      notifications.show({
        title: enquiry ? t`Registration not saved` : t`Registration not added`,
        message: normalizeError(error, enquiry ? ENQUIRY_FAILURES.update : ENQUIRY_FAILURES.create).message,
        color: 'red',
      }),
  });
  return { form, onSubmit, saving, navigate, detailPath };
}

type EnquiryFormState = ReturnType<typeof useEnquiryEditForm>['form'];

/** The student's name, contact, gender, date of birth and school. */
function StudentSection({ form, editing }: { form: EnquiryFormState; editing: boolean }) {
  const { t } = useLingui();
  const PHONE_HINT = t`10-digit Indian mobile number`;
  const genderOptions = GENDER_OPTIONS.map((option) => ({ value: option.value, label: ({ male: t`Male`, female: t`Female`, other: t`Other` })[option.value] ?? option.label }));
  return (
    <SectionCard title={t`Student`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
        <TextInput label={t`Student name`} withAsterisk key={form.key('studentName')} {...form.getInputProps('studentName')} />
        <TextInput
          label={t`Email`}
          description={editing ? t`Changing it removes the verified mark` : t`Optional; needed later to make a student account`}
          type="email"
          inputMode="email"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PhoneInput
          label={t`Phone`}
          description={PHONE_HINT}
          withAsterisk={!editing}
          placeholder="98220 12345"
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        <Select label={t`Gender`} placeholder={t`Not given`} data={genderOptions} clearable key={form.key('gender')} {...form.getInputProps('gender')} />
        <DateField label={t`Date of birth`} key={form.key('dateOfBirth')} {...form.getInputProps('dateOfBirth')} />
        <TextInput label={t`School`} key={form.key('school')} {...form.getInputProps('school')} />
      </SimpleGrid>
    </SectionCard>
  );
}

/** The standard, subjects, board and medium asked about, and the family's language. */
function StudiesSection({ form }: { form: EnquiryFormState }) {
  const { t, i18n } = useLingui();
  const standards = useStandards();
  const subjects = useSubjects();
  const names = useLocalNames();
  return (
    <SectionCard title={t`Studies`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
        <Select
          label={t`Standard`}
          placeholder={t`No standard`}
          data={(standards.data ?? []).map((standard) => ({ value: standard._id, label: names.standard(standard) }))}
          clearable
          key={form.key('standard')}
          {...form.getInputProps('standard')}
        />
        <MultiSelect
          label={t`Subjects of interest`}
          placeholder={t`None`}
          {...localNameOptions(subjects.data, names.subject)}
          searchable
          key={form.key('subjects')}
          {...form.getInputProps('subjects')}
        />
        <Select label={t`Board`} placeholder={t`Not given`} data={BOARDS.map((value) => ({ value, label: i18n._(BOARD_LABELS[value]) }))} clearable key={form.key('board')} {...form.getInputProps('board')} />
        <Select label={t({ message: 'Medium', context: 'language a school teaches in' })} placeholder={t`Not given`} data={MEDIUMS.map((value) => ({ value, label: i18n._(MEDIUM_LABELS[value]) }))} clearable key={form.key('medium')} {...form.getInputProps('medium')} />
        <Select
          label={t`Family's language`}
          description={t`Their WhatsApp messages are written in it.`}
          data={LANGUAGE_OPTIONS}
          allowDeselect={false}
          key={form.key('language')}
          {...form.getInputProps('language')}
        />
      </SimpleGrid>
    </SectionCard>
  );
}

/** The parent's name and phone, and the address. */
function ParentSection({ form }: { form: EnquiryFormState }) {
  const { t } = useLingui();
  const PHONE_HINT = t`10-digit Indian mobile number`;
  return (
    <SectionCard title={t`Parent or guardian`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
        <TextInput label={t`Parent name`} key={form.key('parentName')} {...form.getInputProps('parentName')} />
        <PhoneInput label={t`Parent phone`} description={PHONE_HINT} key={form.key('parentPhone')} {...form.getInputProps('parentPhone')} />
      </SimpleGrid>
      <Textarea label={t`Address`} autosize minRows={2} maxRows={5} key={form.key('address')} {...form.getInputProps('address')} />
    </SectionCard>
  );
}

/** What only a new office enquiry asks (issue 41): the source, the next call and who handles it. */
function NewEnquiryFollowUpSection({ form }: { form: EnquiryFormState }) {
  const { t } = useLingui();
  const today = useAcademyToday();
  return (
    <SectionCard title={t`Follow-up`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
        <EnquirySourceFields form={form} />
        <DateField label={t`Next follow-up`} description={t`The day to call the family; it shows in Call today`} min={today} key={form.key('followUpOn')} {...form.getInputProps('followUpOn')} />
        <EnquiryAssigneeSelect key={form.key('assignedTo')} {...form.getInputProps('assignedTo')} />
      </SimpleGrid>
    </SectionCard>
  );
}

/**
 * The admin's edit of an enquiry, or (without `enquiry`) a walk-in or phone enquiry the office adds
 * itself. Checked with the shared schema; the server's field errors land on the fields.
 */
export function EnquiryEditForm({ enquiry }: { enquiry?: AdmissionEnquiryDetail }) {
  const { t } = useLingui();
  const { form, onSubmit, saving, navigate, detailPath } = useEnquiryEditForm(enquiry);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={880}>
        <StudentSection form={form} editing={enquiry !== undefined} />
        <StudiesSection form={form} />
        <ParentSection form={form} />
        {enquiry ? null : <NewEnquiryFollowUpSection form={form} />}
        <SectionCard title={t`Message and notes`}>
          <Textarea label={t`Message`} autosize minRows={2} maxRows={8} key={form.key('message')} {...form.getInputProps('message')} />
          <Textarea label={t`Follow-up notes`} autosize minRows={3} maxRows={10} key={form.key('notes')} {...form.getInputProps('notes')} />
        </SectionCard>
        <FormButtons cancel={{ onClick: () => void navigate(detailPath) }} submitLabel={enquiry ? t`Save Registration` : t`Add Registration`} saving={saving} />
      </Stack>
    </form>
  );
}
