import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Batch, BatchBulkEnrolResult, BatchInput, BatchMoveResult, BatchStatus, BatchSummary, EnrolledStudent, LateJoinRule, WeeklySchedule } from '@academy/shared/schemas/batches';
import { apiRequestWithMessage } from '../../lib/api-client';
import { toQueryString } from '../../lib/query-string';
import { msg } from '@lingui/core/macro';
import { adminDashboardKeys, attendanceKeys, auditKeys, batchKeys, feeKeys, studentKeys, teacherKeys } from '../../lib/query-keys';
import { getQueryOptions } from '../../lib/get-query-options';

/** Filters of the admin's batch list (GET /api/batches). */
export interface BatchListFilters {
  search?: string;
  standardId?: string;
  subjectId?: string;
  teacherId?: string;
  status?: BatchStatus | '';
  /** The academic year switcher (issue 39): '' the current batches (not archived), "2025-26" a year's, 'all' every batch. */
  year?: string;
}

export { batchKeys };

/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const BATCH_FAILURES = {
  fetch: msg`Failed to fetch batches`,
  fetchBySubject: msg`Failed to fetch batches by subject`,
  create: msg`Failed to create batch`,
  update: msg`Failed to update batch`,
  delete: msg`Failed to delete batch`,
  addStudent: msg`Failed to add the student to the batch`,
  removeStudent: msg`Failed to remove the student from the batch`,
  enrolStudents: msg`Failed to enrol the students`,
  moveStudents: msg`Failed to move the students`,
};

export const BATCHES_FAILURE = BATCH_FAILURES.fetch;
export const BATCH_FAILURE = msg`Failed to fetch batch`;
export const SCHEDULE_FAILURE = msg`Failed to fetch schedule`;

/** A batch with its roster (`?populate=enrolledStudents`). */
export type BatchWithRoster = Omit<Batch, 'enrolledStudents'> & { enrolledStudents: EnrolledStudent[] };

/** Every batch the signed-in user may see (an admin all, a teacher their own). */
export const batchesQueryOptions = getQueryOptions<Batch[]>(batchKeys.list(), '/batches', { staleTime: 30_000 });

export function useBatches() {
  return useQuery(batchesQueryOptions);
}

/** The admin's list with its filters; the last answer stays on screen while a new filter loads. */
export function filteredBatchesQueryOptions(filters: BatchListFilters) {
  return getQueryOptions<Batch[]>(batchKeys.filteredList(filters), `/batches${toQueryString({ ...filters })}`, { placeholderData: keepPreviousData });
}

export function useFilteredBatches(filters: BatchListFilters) {
  return useQuery(filteredBatchesQueryOptions(filters));
}

/**
 * One batch with its enrolled students; 404 when it is missing or (for a teacher) not theirs. No
 * request while there is no id yet (a screen still choosing its batch): `/batches/?…` is a 400.
 */
export function batchDetailQueryOptions(id: string) {
  return getQueryOptions<BatchWithRoster>(batchKeys.detail(id), `/batches/${encodeURIComponent(id)}?populate=enrolledStudents`, { enabled: id !== '' });
}

export function useBatchDetail(id: string) {
  return useQuery(batchDetailQueryOptions(id));
}

/** The signed-in student's batches. */
export const studentBatchesQueryOptions = getQueryOptions<BatchSummary[]>(batchKeys.studentList(), '/student/batches', { staleTime: 30_000 });

export function useStudentBatches() {
  return useQuery(studentBatchesQueryOptions);
}

/** The signed-in student's week of classes. */
export const studentScheduleQueryOptions = getQueryOptions<WeeklySchedule>(batchKeys.studentSchedule(), '/student/schedule', { staleTime: 30_000 });

export function useStudentSchedule() {
  return useQuery(studentScheduleQueryOptions);
}

/** The signed-in teacher's own batches (every date, not only running ones). */
export const teacherBatchesQueryOptions = getQueryOptions<BatchSummary[]>(batchKeys.teacherList(), '/teachers/me/batches', { staleTime: 30_000 });

export function useMyTeacherBatches() {
  return useQuery(teacherBatchesQueryOptions);
}

/** The signed-in teacher's week of classes (batches running today). */
export const teacherScheduleQueryOptions = getQueryOptions<WeeklySchedule>(batchKeys.teacherSchedule(), '/teachers/me/schedule', { staleTime: 30_000 });

export function useMyTeacherSchedule() {
  return useQuery(teacherScheduleQueryOptions);
}

/** Batches show on students' and teachers' pages and on the dashboard too. */
function invalidateAfterBatchChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: batchKeys.all }),
    queryClient.invalidateQueries({ queryKey: studentKeys.all }),
    queryClient.invalidateQueries({ queryKey: teacherKeys.all }),
    queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
  ]);
}

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BatchInput) => apiRequestWithMessage<Batch>('POST', '/batches', input),
    onSuccess: () => invalidateAfterBatchChange(queryClient),
  });
}

export function useUpdateBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BatchInput) => apiRequestWithMessage<Batch>('PUT', `/batches/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidateAfterBatchChange(queryClient),
  });
}

export function useDeleteBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<unknown>('DELETE', `/batches/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: batchKeys.detail(id) });
      return invalidateAfterBatchChange(queryClient);
    },
  });
}

/** The seats of a batch after `delta` students joined (negative: left). */
function withSeats<T extends Pick<Batch, 'capacity' | 'enrolledCount' | 'seatsLeft'> & { isFull?: boolean }>(batch: T, delta: number): T {
  const enrolledCount = Math.max(0, batch.enrolledCount + delta);
  return { ...batch, enrolledCount, seatsLeft: Math.max(0, batch.capacity - enrolledCount), ...('isFull' in batch ? { isFull: enrolledCount >= batch.capacity } : {}) };
}

/** Puts a student into (or takes them out of) the cached batch detail and lists, at once. */
function applyEnrolment(queryClient: QueryClient, batchId: string, student: EnrolledStudent, enrolled: boolean) {
  let changed = false;
  queryClient.setQueryData<BatchWithRoster>(batchKeys.detail(batchId), (batch) => {
    if (!batch) return batch;
    const present = batch.enrolledStudents.some((item) => item._id === student._id);
    if (enrolled === present) return batch;
    changed = true;
    const enrolledStudents = enrolled
      ? [...batch.enrolledStudents, student].sort((a, b) => a.name.localeCompare(b.name))
      : batch.enrolledStudents.filter((item) => item._id !== student._id);
    return { ...withSeats(batch, enrolled ? 1 : -1), enrolledStudents };
  });
  // The lists carry no roster (decision 012), only the seats: they follow the roster above (without
  // it cached, the lists are fetched again once the server has answered).
  queryClient.setQueriesData<Batch[]>({ queryKey: batchKeys.list() }, (list) => list?.map((batch) => (batch._id === batchId && changed ? withSeats(batch, enrolled ? 1 : -1) : batch)));
}

export interface EnrolmentVariables {
  student: EnrolledStudent;
  /** Enrol despite a clash with another of the student's batches (the API's `?confirm=true`). */
  confirm?: boolean;
  /** How the batch's fee plans treat instalments due before today (decision 039); left out: shifted. */
  lateJoin?: LateJoinRule;
}

/** `?confirm=true&lateJoin=prorate`, or nothing. */
function enrolQuery({ confirm, lateJoin }: { confirm?: boolean; lateJoin?: LateJoinRule }): string {
  const query = new URLSearchParams();
  if (confirm) query.set('confirm', 'true');
  if (lateJoin) query.set('lateJoin', lateJoin);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * Enrols a student. The roster and seats change on screen at once; any batch fetch still running
 * is cancelled first, so an older answer cannot overwrite the new enrolment (spec section 4), and
 * everything is fetched again once the server has answered.
 */
export function useAddStudentToBatch(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ student, confirm, lateJoin }: EnrolmentVariables) =>
      apiRequestWithMessage<Batch>('PUT', `/batches/${encodeURIComponent(batchId)}/students/${encodeURIComponent(student._id)}/add${enrolQuery({ confirm, lateJoin })}`),
    onMutate: async ({ student }) => {
      await queryClient.cancelQueries({ queryKey: batchKeys.all });
      const wasEnrolled = queryClient.getQueryData<BatchWithRoster>(batchKeys.detail(batchId))?.enrolledStudents.some((item) => item._id === student._id) ?? false;
      applyEnrolment(queryClient, batchId, student, true);
      return { wasEnrolled };
    },
    onError: (_error, { student }, context) => {
      if (!context?.wasEnrolled) applyEnrolment(queryClient, batchId, student, false);
    },
    onSettled: () => invalidateAfterBatchChange(queryClient),
  });
}

/** Removes a student from the batch; on screen at once, restored if the server refuses. */
export function useRemoveStudentFromBatch(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // cancelDues also cancels the student's unpaid dues of this batch (decision 020).
    mutationFn: ({ student, cancelDues }: { student: EnrolledStudent; cancelDues: boolean }) =>
      apiRequestWithMessage<Batch>(
        'PUT',
        `/batches/${encodeURIComponent(batchId)}/students/${encodeURIComponent(student._id)}/remove${cancelDues ? '?cancelDues=true' : ''}`,
      ),
    onMutate: async ({ student }) => {
      await queryClient.cancelQueries({ queryKey: batchKeys.all });
      applyEnrolment(queryClient, batchId, student, false);
    },
    onError: (_error, { student }) => applyEnrolment(queryClient, batchId, student, true),
    onSettled: () => {
      invalidateAfterBatchChange(queryClient);
      // Ledgers and dues lists may have changed (cancelled dues).
      void queryClient.invalidateQueries({ queryKey: feeKeys.all });
    },
  });
}

/**
 * Enrols many students at once (POST /batches/{id}/students): all or none. A refusal (409) names each
 * student in its `errors` (add-students.ts bulkRefusalOf); `confirm` accepts timetable clashes.
 * Enrolments make dues: fees are fetched again too.
 */
export function useEnrolStudents(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentIds, confirm, lateJoin }: { studentIds: string[]; confirm?: boolean; lateJoin?: LateJoinRule }) =>
      apiRequestWithMessage<BatchBulkEnrolResult>('POST', `/batches/${encodeURIComponent(batchId)}/students`, { studentIds, ...(confirm ? { confirm: true } : {}), ...(lateJoin ? { lateJoin } : {}) }),
    // After a refusal too: the seats or a student may have changed since the screen read them.
    onSettled: () =>
      Promise.all([invalidateAfterBatchChange(queryClient), queryClient.invalidateQueries({ queryKey: feeKeys.all }), queryClient.invalidateQueries({ queryKey: auditKeys.all })]),
  });
}

export interface MoveVariables {
  studentIds: string[];
  toBatchId: string;
  /** Also cancel their dues of this batch that nothing has paid. */
  cancelDues: boolean;
  /** Move despite timetable clashes in the new batch. */
  confirm?: boolean;
}

/**
 * Moves students from this batch to another (POST /batches/{id}/students/move), all or none. Both
 * rosters, the day registers (attendance), fees (new dues, cancelled ones) and the History change.
 */
export function useMoveStudents(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentIds, toBatchId, cancelDues, confirm }: MoveVariables) =>
      apiRequestWithMessage<BatchMoveResult>('POST', `/batches/${encodeURIComponent(batchId)}/students/move`, {
        studentIds,
        toBatchId,
        ...(cancelDues ? { cancelDues: true } : {}),
        ...(confirm ? { confirm: true } : {}),
      }),
    onSettled: () =>
      Promise.all([
        invalidateAfterBatchChange(queryClient),
        queryClient.invalidateQueries({ queryKey: feeKeys.all }),
        queryClient.invalidateQueries({ queryKey: attendanceKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
