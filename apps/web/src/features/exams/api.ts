import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EXAM_MESSAGES, type BatchRemarks, type MarksSubmission, type Remark, type StudentExams, type Exam, type ExamInput, type ExamResults } from '@academy/shared/schemas/exams';
import type { AttendanceDay } from '@academy/shared/schemas/attendance';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { attendanceKeys } from '../../lib/query-keys';

export { EXAM_MESSAGES };

const id = encodeURIComponent;

export const examKeys = {
  all: ['exams'] as const,
  batch: (batchId: string) => ['exams', 'batch', batchId] as const,
  results: (examId: string) => ['exams', 'results', examId] as const,
  own: ['exams', 'own'] as const,
  student: (studentId: string) => ['exams', 'student', studentId] as const,
  child: (studentId: string) => ['exams', 'child', studentId] as const,
  remarks: (batchId: string) => ['exams', 'remarks', batchId] as const,
};

export function useBatchExams(batchId: string) {
  return useQuery({ queryKey: examKeys.batch(batchId), queryFn: ({ signal }) => apiRequest<Exam[]>('GET', `/batches/${id(batchId)}/tests`, undefined, { signal }), enabled: batchId !== '' });
}

/** A test's roster with marks, ranks, average and highest (staff). */
export function useExamResults(examId: string) {
  return useQuery({
    queryKey: examKeys.results(examId),
    queryFn: ({ signal }) => apiRequest<ExamResults>('GET', `/tests/${id(examId)}/results`, undefined, { signal }),
    enabled: examId !== '',
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
export function useAbsentOnExamDay(batchId: string, date: string, enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.day(batchId, date),
    queryFn: ({ signal }) => apiRequest<AttendanceDay>('GET', `/attendance/${id(batchId)}/${id(date)}`, undefined, { signal }),
    select: (day) => day.students.filter((student) => student.status === 'absent').map((student) => student._id),
    enabled: enabled && batchId !== '' && date !== '',
    refetchOnWindowFocus: false,
    retry: 1,
  });
}

export const ownExamsQueryOptions = queryOptions({ queryKey: examKeys.own, queryFn: ({ signal }) => apiRequest<StudentExams>('GET', '/student/tests', undefined, { signal }) });
export function useOwnExams() {
  return useQuery(ownExamsQueryOptions);
}

/** A parent's view of a child's published results: the same answer the child sees. */
export function useChildExams(studentId: string) {
  return useQuery({ queryKey: examKeys.child(studentId), queryFn: ({ signal }) => apiRequest<StudentExams>('GET', `/parent/children/${id(studentId)}/tests`, undefined, { signal }), enabled: studentId !== '' });
}

export function useStudentExams(studentId: string) {
  return useQuery({ queryKey: examKeys.student(studentId), queryFn: ({ signal }) => apiRequest<StudentExams>('GET', `/students/${id(studentId)}/tests`, undefined, { signal }), enabled: studentId !== '' });
}

export function useCreateExam(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExamInput) => apiRequestWithMessage<Exam>('POST', `/batches/${id(batchId)}/tests`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.all }),
  });
}

export function useSaveMarks(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarksSubmission) => apiRequestWithMessage<ExamResults>('PUT', `/tests/${id(examId)}/marks`, input),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(examKeys.results(examId), data);
      return queryClient.invalidateQueries({ queryKey: examKeys.all, predicate: (query) => query.queryKey[1] !== 'results' });
    },
  });
}

export function useImportMarks(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => apiRequestWithMessage<ExamResults>('POST', `/tests/${id(examId)}/marks/import`, { csv }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(examKeys.results(examId), data);
      return queryClient.invalidateQueries({ queryKey: examKeys.all, predicate: (query) => query.queryKey[1] !== 'results' });
    },
  });
}

export function usePublishExam(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequestWithMessage<Exam>('POST', `/tests/${id(examId)}/publish`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.all }),
  });
}

export function useMailReportCards(batchId: string) {
  return useMutation({ mutationFn: (input: { from?: string; to?: string }) => apiRequestWithMessage<{ queued: number }>('POST', `/batches/${id(batchId)}/report-cards/mail`, input) });
}

/** A batch's students with their report card remarks (the batch's teacher and the admin). */
export function useBatchRemarks(batchId: string) {
  return useQuery({
    queryKey: examKeys.remarks(batchId),
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
      queryClient.setQueryData<BatchRemarks>(examKeys.remarks(batchId), (current) =>
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
