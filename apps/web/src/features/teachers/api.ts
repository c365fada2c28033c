import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchSummary } from '@academy/shared/schemas/batches';
import type { Teacher, TeacherCreateInput, TeacherListQuery, TeacherStudent, TeacherUpdateInput } from '@academy/shared/schemas/teachers';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { toQueryString } from '../../lib/query-string';
import { msg } from '@lingui/core/macro';
import { adminDashboardKeys, subjectKeys, teacherKeys } from '../../lib/query-keys';

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
  return queryOptions({
    queryKey: teacherKeys.list(query),
    queryFn: ({ signal }) => apiRequest<Teacher[]>('GET', `/teachers${toQueryString(query)}`, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTeachers(query: TeacherListQuery) {
  return useQuery(teachersQueryOptions(query));
}

export function teacherQueryOptions(id: string) {
  return queryOptions({
    queryKey: teacherKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Teacher>('GET', `/teachers/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}

export function useTeacher(id: string) {
  return useQuery(teacherQueryOptions(id));
}

export function useTeacherBatches(id: string) {
  return useQuery({
    queryKey: teacherKeys.batches(id),
    queryFn: ({ signal }) => apiRequest<BatchSummary[]>('GET', `/teachers/${encodeURIComponent(id)}/batches`, undefined, { signal }),
  });
}

export function useTeacherStudents(id: string) {
  return useQuery({
    queryKey: teacherKeys.students(id),
    queryFn: ({ signal }) => apiRequest<TeacherStudent[]>('GET', `/teachers/${encodeURIComponent(id)}/students`, undefined, { signal }),
  });
}

/** Teachers show in subjects' usage counts and on the dashboard too. */
function useInvalidateTeachers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teacherKeys.all }),
      queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
    ]);
}

export function useCreateTeacher() {
  const invalidate = useInvalidateTeachers();
  return useMutation({
    mutationFn: (input: TeacherCreateInput) => apiRequestWithMessage<Teacher>('POST', '/teachers', input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateTeacher(id: string) {
  const invalidate = useInvalidateTeachers();
  return useMutation({
    mutationFn: (input: TeacherUpdateInput) => apiRequestWithMessage<Teacher>('PUT', `/teachers/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteTeacher() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTeachers();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<unknown>('DELETE', `/teachers/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: teacherKeys.detail(id) });
      return invalidate();
    },
  });
}
