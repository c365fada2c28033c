import { msg } from '@lingui/core/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentDashboard } from '@academy/shared/schemas/dashboard';
import { apiRequest } from '../../lib/api-client';
import { attendanceKeys } from '../../lib/query-keys';

/** Shown when the dashboard fails without the server's words (offline, a proxy's error), worded when shown. */
export const STUDENT_DASHBOARD_FAILURE = msg`Failed to load your dashboard`;

/** GET /api/student/dashboard: the first screen's data in one request (schedule, attendance, notes, announcements). */
export const studentDashboardQueryOptions = queryOptions({
  // Under 'attendance' too, so submitting or changing attendance refreshes it with the other attendance views.
  queryKey: [...attendanceKeys.all, 'student-dashboard'] as const,
  queryFn: ({ signal }) => apiRequest<StudentDashboard>('GET', '/student/dashboard', undefined, { signal }),
  staleTime: 30_000,
});

export function useStudentDashboard() {
  return useQuery(studentDashboardQueryOptions);
}
