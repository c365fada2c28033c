import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BatchHomeworkItem,
  HomeworkDetail,
  HomeworkInput,
  HomeworkList,
  HomeworkRecordRow,
  HomeworkReviewInput,
  HomeworkSettings,
  HomeworkTicksInput,
  Submission,
  SubmissionList,
} from '@academy/shared/schemas/homework';
import { API_BASE, apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { sendForm } from '../../lib/send-form';
import { getQueryOptions } from '../../lib/get-query-options';
import { useRefreshQueries } from '../../lib/resource-hooks';

/** Homework (issue 59): the screens' queries and changes. */
export const homeworkKeys = {
  all: ['homework'] as const,
  student: ['homework', 'student'] as const,
  child: (studentId: string) => ['homework', 'child', studentId] as const,
  batch: (batchId: string) => ['homework', 'batch', batchId] as const,
  one: (id: string) => ['homework', 'one', id] as const,
  submissions: (id: string) => ['homework', 'submissions', id] as const,
  settings: ['homework', 'settings'] as const,
};

export const studentHomeworkQueryOptions = {
  queryKey: homeworkKeys.student,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<HomeworkList>('GET', '/student/homework', undefined, { signal }),
};

export function useStudentHomework() {
  return useQuery(studentHomeworkQueryOptions);
}

export function useChildHomework(studentId: string) {
  return useQuery(getQueryOptions<HomeworkList>(homeworkKeys.child(studentId), `/parent/children/${encodeURIComponent(studentId)}/homework`));
}

export function useBatchHomework(batchId: string | null) {
  return useQuery(
    getQueryOptions<{ homework: BatchHomeworkItem[]; record: HomeworkRecordRow[] }>(homeworkKeys.batch(batchId ?? ''), `/batches/${encodeURIComponent(batchId!)}/homework`, {
      enabled: Boolean(batchId),
    }),
  );
}

export function useHomework(id: string | null) {
  return useQuery(getQueryOptions<HomeworkDetail>(homeworkKeys.one(id ?? ''), `/homework/${encodeURIComponent(id!)}`, { enabled: Boolean(id) }));
}

export function useSubmissions(id: string | null) {
  return useQuery(
    getQueryOptions<SubmissionList>(homeworkKeys.submissions(id ?? ''), `/homework/${encodeURIComponent(id!)}/submissions`, {
      enabled: Boolean(id),
    }),
  );
}

function useInvalidateHomework() {
  return useRefreshQueries([homeworkKeys.all]);
}

/** Sets homework on a batch, then adds its attachments (a PDF, pictures) when there are any. */
export function useSetHomework() {
  const invalidate = useInvalidateHomework();
  return useMutation({
    mutationFn: async ({ batchId, input, files }: { batchId: string; input: HomeworkInput; files: File[] }) => {
      const set = await apiRequestWithMessage<HomeworkDetail>('POST', `/batches/${encodeURIComponent(batchId)}/homework`, input);
      if (files.length === 0) return set;
      const form = new FormData();
      for (const file of files) form.append('files', file, file.name);
      return sendForm<HomeworkDetail>('POST', `/homework/${encodeURIComponent(set.data._id)}/attachments`, form);
    },
    onSuccess: () => invalidate(),
  });
}

export function useReview() {
  const invalidate = useInvalidateHomework();
  return useMutation({
    mutationFn: ({ id, review }: { id: string; review: HomeworkReviewInput }) => apiRequestWithMessage<Submission>('PUT', `/homework-submissions/${encodeURIComponent(id)}/review`, review),
    onSuccess: () => invalidate(),
  });
}

/** Corrects a homework (title, instructions, due time; whether handed in while nothing is). */
export function useUpdateHomework() {
  const invalidate = useInvalidateHomework();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: HomeworkInput }) => apiRequestWithMessage<HomeworkDetail>('PUT', `/homework/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidate(),
  });
}

/** Deletes a homework nobody has handed in (the server refuses it otherwise). */
export function useDeleteHomework() {
  const invalidate = useInvalidateHomework();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<null>('DELETE', `/homework/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}

/** Homework done in class: every student who did it (the others are unticked). */
export function useDoneInClass() {
  const invalidate = useInvalidateHomework();
  return useMutation({
    mutationFn: ({ id, ticks }: { id: string; ticks: HomeworkTicksInput }) => apiRequestWithMessage<SubmissionList>('PUT', `/homework/${encodeURIComponent(id)}/done-in-class`, ticks),
    onSuccess: () => invalidate(),
  });
}

/** The academy's homework choices (the admin's Settings). */
export function useHomeworkSettings() {
  return useQuery(getQueryOptions<HomeworkSettings>(homeworkKeys.settings, '/admin/settings/homework'));
}

export function useSaveHomeworkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: HomeworkSettings) => apiRequestWithMessage<HomeworkSettings>('PUT', '/admin/settings/homework', settings),
    onSuccess: ({ data }) => queryClient.setQueryData(homeworkKeys.settings, data),
  });
}

/** A file's address (an attachment or a page), opened in the browser. */
export function homeworkFileHref(url: string): string {
  return url.startsWith('/api/') ? `${API_BASE}${url.slice('/api'.length)}` : url;
}
