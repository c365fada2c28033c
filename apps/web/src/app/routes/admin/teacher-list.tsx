import { Select } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { TeacherStatus } from '@academy/shared/schemas/teachers';
import { EntityFilter, ListFilters, ListSearch, ListStates } from '../../../components/list-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { AddButton } from '../../../components/page-kit/add-button';
import { useSubjects } from '../../../features/subjects/api';
import { TEACHER_FAILURES, useTeachers } from '../../../features/teachers/api';
import { TeacherListView } from '../../../features/teachers/components/teacher-list-view';
import { useConfirmDeleteTeacher } from '../../../features/teachers/components/use-confirm-delete-teacher';
import { TEACHER_STATUS_MESSAGES } from '../../../features/teachers/teacher-form';
import { TEACHER_STATUSES } from '@academy/shared/schemas/teachers';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

export function Component() {
  const { t, i18n } = useLingui();
  // The filters live in the address, like the other lists': Back from a teacher keeps them.
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const status = TEACHER_STATUSES.find((value) => value === params.get('status')) ?? null;
  const subjectId = params.get('subjectId') || null;
  const update = (next: { search?: string; status?: TeacherStatus | null; subjectId?: string | null }) => {
    const merged = { search, status, subjectId, ...next };
    const query = new URLSearchParams();
    if (merged.search) query.set('search', merged.search);
    if (merged.status) query.set('status', merged.status);
    if (merged.subjectId) query.set('subjectId', merged.subjectId);
    setParams(query, { replace: true });
  };
  const teachers = useTeachers({ search, status: status ?? undefined, subjectId: subjectId ?? undefined });
  const subjects = useSubjects();
  const names = useLocalNames();
  const confirmDelete = useConfirmDeleteTeacher();
  const filtered = search !== '' || status !== null || subjectId !== null;

  return (
    <>
      <PageHeader
        title={t`Teachers`}
        description={t`Everyone who teaches at the academy, their subjects and batches.`}
        actions={<AddButton to="/app/teachers/create"><Trans>Add Teacher</Trans></AddButton>}
      />
      <ListFilters columns={{ sm: 3 }}>
        <ListSearch value={search} onSearch={(value) => update({ search: value })} placeholder={t`Name, email or phone`} />
        <Select
          label={t`Status`}
          placeholder={t`Any status`}
          data={TEACHER_STATUSES.map((value) => ({ value, label: i18n._(TEACHER_STATUS_MESSAGES[value]) }))} clearable value={status} onChange={(value) => update({ status: (value as TeacherStatus | null) ?? null })} />
        <EntityFilter label={t`Subject`} placeholder={t`Any subject`} options={subjects.data} optionName={names.subject} value={subjectId ?? ''} onChange={(id) => update({ subjectId: id || null })} />
      </ListFilters>
      <ListStates
        query={teachers}
        count={teachers.data?.length ?? 0}
        errorTitle={t`Teachers could not be loaded`}
        errorFallback={TEACHER_FAILURES.fetchList}
        empty={filtered ? t`No teachers match these filters.` : t`No teachers yet. Add the first one.`}
      >
        <TeacherListView teachers={teachers.data ?? []} onDelete={confirmDelete} />
      </ListStates>
    </>
  );
}
