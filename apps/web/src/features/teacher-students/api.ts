import { msg } from '@lingui/core/macro';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TeacherStudent } from '@academy/shared/schemas/teachers';
import { apiRequest } from '../../lib/api-client';

export const teacherStudentKeys = {
  all: ['teacher-students'] as const,
  list: (search: string) => ['teacher-students', 'list', search] as const,
};

/** Shown when the list fails without the server's words (offline, a proxy's error), worded when shown. */
export const TEACHER_STUDENTS_FAILURE = msg`Failed to fetch students`;

/** The signed-in teacher's students, searched on the server (name, email, phone, parent). */
export function myStudentsQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: teacherStudentKeys.list(term),
    queryFn: ({ signal }) =>
      apiRequest<TeacherStudent[]>('GET', `/teachers/me/students${term ? `?search=${encodeURIComponent(term)}` : ''}`, undefined, { signal }),
    // While a new search runs, the last answer stays on screen instead of a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useMyStudents(search: string) {
  return useQuery(myStudentsQueryOptions(search));
}
