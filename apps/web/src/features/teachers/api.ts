import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BatchSummary } from '@academy/shared/schemas/batches';
import type { Teacher, TeacherCreateInput, TeacherListQuery, TeacherStudent, TeacherUpdateInput } from '@academy/shared/schemas/teachers';
import { resourceHooks } from '../../lib/resource-hooks';
import { toQueryString } from '../../lib/query-string';
import { msg } from '@lingui/core/macro';
import { adminDashboardKeys, subjectKeys, teacherKeys } from '../../lib/query-keys';
import { getQueryOptions } from '../../lib/get-query-options';

export { teacherKeys };

/** The spec gives "Failed to fetch teacher details"; the others follow the other screens' wording. */
/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const TEACHER_FAILURES = {
  fetchList: msg`Failed to fetch teachers`,
  fetch: msg`Failed to fetch teacher details`,
  create: msg`Failed to create teacher`,
  update: msg`Failed to update teacher`,
  delete: msg`Failed to delete teacher`,
  fetchBatches: msg`Failed to fetch batches`,
  fetchStudents: msg`Failed to fetch students`,
};

export function teachersQueryOptions(query: TeacherListQuery) {
  return getQueryOptions<Teacher[]>(teacherKeys.list(query), `/teachers${toQueryString(query)}`, { placeholderData: keepPreviousData });
}

export function useTeachers(query: TeacherListQuery) {
  return useQuery(teachersQueryOptions(query));
}

export function useTeacherBatches(id: string) {
  return useQuery(getQueryOptions<BatchSummary[]>(teacherKeys.batches(id), `/teachers/${encodeURIComponent(id)}/batches`));
}

export function useTeacherStudents(id: string) {
  return useQuery(getQueryOptions<TeacherStudent[]>(teacherKeys.students(id), `/teachers/${encodeURIComponent(id)}/students`));
}

/** Teachers show in subjects' usage counts and on the dashboard too. */
const teacherHooks = resourceHooks<Teacher, Teacher, TeacherCreateInput, TeacherUpdateInput>({
  path: '/teachers',
  detailKey: teacherKeys.detail,
  refreshes: [teacherKeys.all, subjectKeys.all, adminDashboardKeys.all],
});

export const teacherQueryOptions = teacherHooks.itemQueryOptions;
export const useTeacher = teacherHooks.useItem;
export const useCreateTeacher = teacherHooks.useCreate;
export const useUpdateTeacher = teacherHooks.useUpdate;
export const useDeleteTeacher = teacherHooks.useDelete;
