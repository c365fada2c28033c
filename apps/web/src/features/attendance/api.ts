import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ATTENDANCE_MESSAGES } from '@academy/shared/attendance-messages';
import type { AttendanceDay, AttendanceHistory, AttendanceRangeQuery, AttendanceSubmission, StudentAttendance } from '@academy/shared/schemas/attendance';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { toQueryString } from '../../lib/query-string';
import { adminDashboardKeys, attendanceKeys, batchKeys, type DateRange } from '../../lib/query-keys';
import { getQueryOptions } from '../../lib/get-query-options';

export { ATTENDANCE_MESSAGES };

export type AttendanceRange = DateRange;

export { attendanceKeys };

const rangeQuery = (range: AttendanceRange) => toQueryString(range satisfies AttendanceRangeQuery);
const id = encodeURIComponent;

/** The roster of one batch on one day, with its marks if it was marked. */
export function attendanceDayQueryOptions(batchId: string, date: string) {
  return queryOptions({
    queryKey: attendanceKeys.day(batchId, date),
    queryFn: ({ signal }) => apiRequest<AttendanceDay>('GET', `/attendance/${id(batchId)}/${id(date)}`, undefined, { signal }),
    // A teacher's half-marked screen must not be reset by a background refetch.
    refetchOnWindowFocus: false,
  });
}

export function useAttendanceDay(batchId: string, date: string, enabled = true) {
  return useQuery({ ...attendanceDayQueryOptions(batchId, date), enabled: enabled && batchId !== '' && date !== '' });
}

export function batchHistoryQueryOptions(batchId: string, range: AttendanceRange) {
  return getQueryOptions<AttendanceHistory>(attendanceKeys.history(batchId, range), `/attendance/batch/${id(batchId)}/history${rangeQuery(range)}`, {
    placeholderData: keepPreviousData,
  });
}

export function useBatchHistory(batchId: string, range: AttendanceRange) {
  return useQuery(batchHistoryQueryOptions(batchId, range));
}

/** One student's marks in one batch (the batch's teacher or an admin). */
export function studentAttendanceQueryOptions(studentId: string, batchId: string, range: AttendanceRange) {
  return queryOptions({
    queryKey: attendanceKeys.student(studentId, batchId, range),
    queryFn: ({ signal }) =>
      apiRequest<StudentAttendance>('GET', `/attendance/student/${id(studentId)}/batch/${id(batchId)}${rangeQuery(range)}`, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStudentAttendance(studentId: string, batchId: string, range: AttendanceRange) {
  return useQuery({ ...studentAttendanceQueryOptions(studentId, batchId, range), enabled: studentId !== '' && batchId !== '' });
}

/** The signed-in student's attendance in all their batches. */
export function ownAttendanceQueryOptions(range: AttendanceRange) {
  return getQueryOptions<StudentAttendance>(attendanceKeys.own(range), `/student/attendance${rangeQuery(range)}`, { placeholderData: keepPreviousData });
}

export function useOwnAttendance(range: AttendanceRange) {
  return useQuery(ownAttendanceQueryOptions(range));
}

export function ownBatchAttendanceQueryOptions(batchId: string, range: AttendanceRange) {
  return getQueryOptions<StudentAttendance>(attendanceKeys.ownBatch(batchId, range), `/student/attendance/${id(batchId)}${rangeQuery(range)}`, {
    placeholderData: keepPreviousData,
  });
}

export function useOwnBatchAttendance(batchId: string, range: AttendanceRange) {
  return useQuery({ ...ownBatchAttendanceQueryOptions(batchId, range), enabled: batchId !== '' });
}

/** Saves one day's marks (all or nothing); the saved day replaces the cached one, everything else refetches. */
export function useSubmitAttendance(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AttendanceSubmission) => apiRequestWithMessage<AttendanceDay>('POST', `/attendance/batch/${id(batchId)}`, input),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(attendanceKeys.day(batchId, data.date), data);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: attendanceKeys.all, predicate: (query) => query.queryKey[1] !== 'day' }),
        queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
        // The teacher's dashboard says "Marked at … · n/m present" from the schedule.
        queryClient.invalidateQueries({ queryKey: batchKeys.teacherSchedule() }),
      ]);
    },
  });
}
