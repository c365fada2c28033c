import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEST_MESSAGES, type BatchRemarks, type MarksSubmission, type Remark, type StudentTests, type Test, type TestInput, type TestResults } from '@academy/shared/schemas/exams';
import type { AttendanceDay } from '@academy/shared/schemas/attendance';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { attendanceKeys } from '../../lib/query-keys';

export { TEST_MESSAGES };

const id = encodeURIComponent;

export const testKeys = {
  all: ['tests'] as const,
  batch: (batchId: string) => ['tests', 'batch', batchId] as const,
  results: (testId: string) => ['tests', 'results', testId] as const,
  own: ['tests', 'own'] as const,
  student: (studentId: string) => ['tests', 'student', studentId] as const,
  child: (studentId: string) => ['tests', 'child', studentId] as const,
  remarks: (batchId: string) => ['tests', 'remarks', batchId] as const,
};

export function useBatchTests(batchId: string) {
  return useQuery({ queryKey: testKeys.batch(batchId), queryFn: ({ signal }) => apiRequest<Test[]>('GET', `/batches/${id(batchId)}/tests`, undefined, { signal }), enabled: batchId !== '' });
}

/** A test's roster with marks, ranks, average and highest (staff). */
export function useTestResults(testId: string) {
  return useQuery({
    queryKey: testKeys.results(testId),
    queryFn: ({ signal }) => apiRequest<TestResults>('GET', `/tests/${id(testId)}/results`, undefined, { signal }),
    enabled: testId !== '',
    // Half-typed marks must not be reset by a background refetch.
    refetchOnWindowFocus: false,
  });
}

/**
 * The students marked absent in the batch's attendance on the test's day (issue 42, point 9), to offer
 * them as absent: the attendance day the teacher reads when marking (`GET /api/attendance/{batch}/{date}`,
 * the batch's teacher and the admin), in the same cache entry as the attendance screen's. An empty list
 * when the day was not marked; undefined while loading or when it cannot be read (offline): nothing offered.
 */
export function useAbsentOnTestDay(batchId: string, date: string, enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.day(batchId, date),
    queryFn: ({ signal }) => apiRequest<AttendanceDay>('GET', `/attendance/${id(batchId)}/${id(date)}`, undefined, { signal }),
    select: (day) => day.students.filter((student) => student.status === 'absent').map((student) => student._id),
    enabled: enabled && batchId !== '' && date !== '',
    refetchOnWindowFocus: false,
    retry: 1,
  });
}

export const ownTestsQueryOptions = queryOptions({ queryKey: testKeys.own, queryFn: ({ signal }) => apiRequest<StudentTests>('GET', '/student/tests', undefined, { signal }) });
export function useOwnTests() {
  return useQuery(ownTestsQueryOptions);
}

/** A parent's view of a child's published results: the same answer the child sees. */
export function useChildTests(studentId: string) {
  return useQuery({ queryKey: testKeys.child(studentId), queryFn: ({ signal }) => apiRequest<StudentTests>('GET', `/parent/children/${id(studentId)}/tests`, undefined, { signal }), enabled: studentId !== '' });
}

export function useStudentTests(studentId: string) {
  return useQuery({ queryKey: testKeys.student(studentId), queryFn: ({ signal }) => apiRequest<StudentTests>('GET', `/students/${id(studentId)}/tests`, undefined, { signal }), enabled: studentId !== '' });
}

export function useCreateTest(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TestInput) => apiRequestWithMessage<Test>('POST', `/batches/${id(batchId)}/tests`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
}

export function useSaveMarks(testId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarksSubmission) => apiRequestWithMessage<TestResults>('PUT', `/tests/${id(testId)}/marks`, input),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(testKeys.results(testId), data);
      return queryClient.invalidateQueries({ queryKey: testKeys.all, predicate: (query) => query.queryKey[1] !== 'results' });
    },
  });
}

export function useImportMarks(testId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => apiRequestWithMessage<TestResults>('POST', `/tests/${id(testId)}/marks/import`, { csv }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(testKeys.results(testId), data);
      return queryClient.invalidateQueries({ queryKey: testKeys.all, predicate: (query) => query.queryKey[1] !== 'results' });
    },
  });
}

export function usePublishTest(testId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequestWithMessage<Test>('POST', `/tests/${id(testId)}/publish`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
}

export function useMailReportCards(batchId: string) {
  return useMutation({ mutationFn: (input: { from?: string; to?: string }) => apiRequestWithMessage<{ queued: number }>('POST', `/batches/${id(batchId)}/report-cards/mail`, input) });
}

/** A batch's students with their report card remarks (the batch's teacher and the admin). */
export function useBatchRemarks(batchId: string) {
  return useQuery({
    queryKey: testKeys.remarks(batchId),
    queryFn: ({ signal }) => apiRequest<BatchRemarks>('GET', `/batches/${id(batchId)}/remarks`, undefined, { signal }),
    enabled: batchId !== '',
    // A half-typed remark must not be reset by a background refetch.
    refetchOnWindowFocus: false,
  });
}

export function useSaveRemark(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, remark }: { studentId: string; remark: string }) => apiRequestWithMessage<Remark>('PUT', `/batches/${id(batchId)}/students/${id(studentId)}/remark`, { remark }),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<BatchRemarks>(testKeys.remarks(batchId), (current) =>
        current ? { ...current, rows: current.rows.map((row) => (row.student._id === data.student._id ? data : row)) } : current,
      ),
  });
}

/** The report card's address (a download; the browser sends the session cookie). */
export function reportCardHref(studentId: string, period: { from?: string; to?: string } = {}) {
  const query = new URLSearchParams(Object.entries(period).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const search = query.toString();
  return `/api/students/${id(studentId)}/report-card.pdf${search ? `?${search}` : ''}`;
}
