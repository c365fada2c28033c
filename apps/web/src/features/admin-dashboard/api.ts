import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { YearSummary } from '@academy/shared/schemas/academic-years';
import { toQueryString } from '../../lib/query-string';
import type { AbsentToday } from '@academy/shared/schemas/absence-calls';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { apiRequest } from '../../lib/api-client';
import { adminDashboardKeys } from '../../lib/query-keys';
import { getQueryOptions } from '../../lib/get-query-options';

export { adminDashboardKeys };

export const adminDashboardSummaryQueryOptions = getQueryOptions<AdminDashboardSummary>(adminDashboardKeys.summary, '/admin/dashboard/summary', {
  staleTime: 30_000,
});

export function useAdminDashboardSummary() {
  return useQuery(adminDashboardSummaryQueryOptions);
}

/** An academic year at a glance ('' the current one; issue 39). */
export function useYearSummary(year: string) {
  return useQuery(
    getQueryOptions<YearSummary>(adminDashboardKeys.year(year), `/admin/dashboard/year${toQueryString({ year })}`, {
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  );
}

/** Today's absent students and the office's "called" ticks. */
export const absentTodayQueryOptions = getQueryOptions<AbsentToday>([...adminDashboardKeys.all, 'absent-today'] as const, '/admin/absent-today', {
  staleTime: 30_000,
});

export function useAbsentToday() {
  return useQuery(absentTodayQueryOptions);
}

export function useSetAbsenceCalled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, called }: { studentId: string; called: boolean }) =>
      apiRequest<AbsentToday>('PUT', `/admin/absent-today/${encodeURIComponent(studentId)}/called`, { called }),
    // The tick shows at once; the server's answer (who, when) replaces it, a failure puts it back.
    onMutate: async ({ studentId, called }) => {
      await queryClient.cancelQueries({ queryKey: absentTodayQueryOptions.queryKey });
      const before = queryClient.getQueryData(absentTodayQueryOptions.queryKey);
      if (before) {
        queryClient.setQueryData(absentTodayQueryOptions.queryKey, {
          ...before,
          students: before.students.map((student) => (student._id === studentId ? { ...student, called: called ? { at: new Date().toISOString(), by: null } : null } : student)),
        });
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(absentTodayQueryOptions.queryKey, context.before);
    },
    onSuccess: (data) => queryClient.setQueryData(absentTodayQueryOptions.queryKey, data),
  });
}

/** The office accepts a family's reason for today's absence (issue 60): the marks become excused; the list refetches. */
export function useSetAbsenceExcused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reasonId, excused }: { reasonId: string; excused: boolean }) => apiRequest<unknown>('PUT', `/admin/absence-reasons/${encodeURIComponent(reasonId)}/excused`, { excused }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
  });
}
