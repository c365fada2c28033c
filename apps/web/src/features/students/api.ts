import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { StudentCreateInput, StudentDetail, StudentList, StudentListQuery, StudentSignInSlipInput, StudentUpdateInput, Student } from '@academy/shared/schemas/students';
import { API_BASE, apiFileRequest, downloadBlob } from '../../lib/api-client';
import { resourceHooks } from '../../lib/resource-hooks';
import { toQueryString } from '../../lib/query-string';
import { msg } from '@lingui/core/macro';
import { adminDashboardKeys, studentKeys, teacherKeys, parentKeys } from '../../lib/query-keys';
import { getQueryOptions } from '../../lib/get-query-options';

export { studentKeys };

/** The spec's texts (section 8) for when the server gives no message of its own. */
/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const STUDENT_FAILURES = {
  fetch: msg`Failed to fetch students`,
  create: msg`Failed to create student`,
  update: msg`Failed to update student`,
  delete: msg`Failed to delete student`,
  signInSlip: msg`The password was not set and no slip was made`,
};

export function studentsQueryOptions(query: StudentListQuery) {
  return getQueryOptions<StudentList>(studentKeys.list(query), `/students${toQueryString(query)}`, { placeholderData: keepPreviousData });
}

export function useStudents(query: StudentListQuery) {
  return useQuery(studentsQueryOptions(query));
}

/** The CSV of the filtered list; a plain link works because the session cookie goes with it. */
export function studentsExportHref(query: Omit<StudentListQuery, 'page' | 'limit'>): string {
  return `${API_BASE}/students/export.csv${toQueryString(query)}`;
}

/** Students show in batches, teachers' lists and on the dashboard too; DELETE archives (the records stay, no more sign-in). */
const studentHooks = resourceHooks<StudentDetail, Student, StudentCreateInput, StudentUpdateInput>({
  path: '/students',
  detailKey: studentKeys.detail,
  refreshes: [
    studentKeys.all,
    // The record's parent fields are the first parent (decision 030).
    parentKeys.all,
    teacherKeys.all,
    adminDashboardKeys.all,
  ],
  deleteKeepsItem: true,
});

export const studentQueryOptions = studentHooks.itemQueryOptions;
export const useStudent = studentHooks.useItem;
export const useCreateStudent = studentHooks.useCreate;
export const useUpdateStudent = studentHooks.useUpdate;
export const useArchiveStudent = studentHooks.useDelete;

/**
 * Sets the student's password and saves the printable sign-in slip the server makes with it (issue 42):
 * the password goes in the body only, and the page that had it forgets it when the dialog closes.
 */
export function useSignInSlip(id: string, studentCode: string) {
  const invalidate = studentHooks.useRefresh();
  return useMutation({
    mutationFn: async (input: StudentSignInSlipInput) => {
      const { blob, fileName } = await apiFileRequest('POST', `/students/${encodeURIComponent(id)}/sign-in-slip`, input);
      downloadBlob(fileName ?? `sign-in-slip-${studentCode}.pdf`, blob);
    },
    onSuccess: () => invalidate(),
  });
}
