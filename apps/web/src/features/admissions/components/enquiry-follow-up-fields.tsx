import { Select, type SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ENQUIRY_SOURCES, type AdmissionEnquiry } from '@academy/shared/schemas/admissions';
import { useLingui } from '@lingui/react/macro';
import { useStudents } from '../../students/api';
import { useEnquiryAssignees } from '../api';
import { useEnquiryLabels } from '../enquiry-labels';

/*
 * The follow-up fields an enquiry's form asks (issue 41) — where the family heard of the academy, the
 * student who referred them, who at the office handles them — written once for the office's new
 * enquiry and for an enquiry's Follow-up section.
 */

/** A searchable list of the academy's active students, for "referred by". */
export function ReferrerSelect({ value, initial = null, onChange, error }: { value: string | null; initial?: AdmissionEnquiry['referredBy']; onChange: (value: string | null) => void; error?: string }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const students = useStudents({ search: debounced, status: 'active', limit: '20' });
  const options = (students.data?.students ?? []).map((student) => ({ value: student._id, label: `${student.name} (${student.studentCode})` }));
  // The chosen student stays in the list while another search runs.
  if (value && initial?._id === value && !options.some((option) => option.value === value)) options.unshift({ value, label: initial.name });
  return (
    <Select
      label={t`Referred by (student)`}
      placeholder={t`Type a student's name`}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={students.isFetching ? t`Searching…` : t`No active student found`}
      error={error}
    />
  );
}

type SourceValues = { source: string; referredBy: string | null };

/** "Heard of us through", and for a referral the student who referred the family. */
export function EnquirySourceFields<Values extends SourceValues>({ form: typed, initial }: { form: UseFormReturnType<Values>; initial?: AdmissionEnquiry['referredBy'] }) {
  const { t } = useLingui();
  const labels = useEnquiryLabels();
  const form = typed as unknown as UseFormReturnType<SourceValues>;
  return (
    <>
      <Select
        label={t`Heard of us through`}
        data={ENQUIRY_SOURCES.map((source) => ({ value: source, label: labels.source(source) }))}
        allowDeselect={false}
        key={form.key('source')}
        {...form.getInputProps('source')}
      />
      {form.getValues().source === 'referral' ? (
        <ReferrerSelect value={form.getValues().referredBy} initial={initial} onChange={(value) => form.setFieldValue('referredBy', value)} error={form.errors.referredBy as string | undefined} />
      ) : null}
    </>
  );
}

/** Who at the office handles the family: the staff who may, and the one handling them now even if no longer among them. */
export function EnquiryAssigneeSelect({ current, ...input }: { current?: AdmissionEnquiry['assignedTo'] } & Omit<SelectProps, 'data'>) {
  const { t } = useLingui();
  const assignees = useEnquiryAssignees();
  const options = (assignees.data ?? []).map((person) => ({ value: person._id, label: person.name }));
  if (current && !options.some((option) => option.value === current._id)) options.push({ value: current._id, label: current.name });
  return <Select label={t`Assigned to`} placeholder={t`Nobody yet`} data={options} clearable {...input} />;
}
