import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Batch, BatchSummary, EnrolledStudent, WeeklySchedule } from '@academy/shared/schemas/batches';
import { apiRequest } from '../../lib/api-client';

export const batchKeys = {
  all: ['batches'] as const,
  list: () => ['batches', 'list'] as const,
  detail: (id: string) => ['batches', 'detail', id] as const,
  studentList: () => ['batches', 'student', 'list'] as const,
  studentSchedule: () => ['batches', 'student', 'schedule'] as const,
};

export const BATCHES_FAILURE = 'Failed to fetch batches';
export const BATCH_FAILURE = 'Failed to fetch batch';
export const SCHEDULE_FAILURE = 'Failed to fetch schedule';

/** A batch with its roster (`?populate=enrolledStudents`). */
export type BatchWithRoster = Omit<Batch, 'enrolledStudents'> & { enrolledStudents: EnrolledStudent[] };

/** Every batch the signed-in user may see (an admin all, a teacher their own). */
export const batchesQueryOptions = queryOptions({
  queryKey: batchKeys.list(),
  queryFn: ({ signal }) => apiRequest<Batch[]>('GET', '/batches', undefined, { signal }),
  staleTime: 30_000,
});

export function useBatches() {
  return useQuery(batchesQueryOptions);
}

/** One batch with its enrolled students; 404 when it is missing or (for a teacher) not theirs. */
export function batchDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: batchKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<BatchWithRoster>('GET', `/batches/${encodeURIComponent(id)}?populate=enrolledStudents`, undefined, { signal }),
  });
}

export function useBatchDetail(id: string) {
  return useQuery(batchDetailQueryOptions(id));
}

/** The signed-in student's batches. */
export const studentBatchesQueryOptions = queryOptions({
  queryKey: batchKeys.studentList(),
  queryFn: ({ signal }) => apiRequest<BatchSummary[]>('GET', '/student/batches', undefined, { signal }),
  staleTime: 30_000,
});

export function useStudentBatches() {
  return useQuery(studentBatchesQueryOptions);
}

/** The signed-in student's week of classes. */
export const studentScheduleQueryOptions = queryOptions({
  queryKey: batchKeys.studentSchedule(),
  queryFn: ({ signal }) => apiRequest<WeeklySchedule>('GET', '/student/schedule', undefined, { signal }),
  staleTime: 30_000,
});

export function useStudentSchedule() {
  return useQuery(studentScheduleQueryOptions);
}
