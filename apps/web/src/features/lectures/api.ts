import { useMutation, useQuery } from '@tanstack/react-query';
import type { Lecture, LectureChapter, LectureViewer, LectureViewInput } from '@academy/shared/schemas/lectures';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { useRefreshQueries } from '../../lib/resource-hooks';
import { getQueryOptions } from '../../lib/get-query-options';

/** Lectures (issue 75): the screens' queries. */
export const lectureKeys = {
  all: ['lectures'] as const,
  batch: (batchId: string) => ['lectures', 'batch', batchId] as const,
  mine: ['lectures', 'mine'] as const,
  one: (id: string) => ['lectures', 'one', id] as const,
  viewers: (id: string) => ['lectures', 'viewers', id] as const,
};

/** What a failed read of a lecture list says when the server said nothing usable. */
export const LECTURES_FAILURE = 'Failed to fetch lectures';

/** How often the batch's list is asked again while a lecture's job runs (the job writes its progress every 3 s). */
export const LECTURE_PROGRESS_POLL_MS = 5_000;

/** A batch's recorded lectures, the latest day first; polled while one is being prepared (or its video rungs made). */
export function useBatchLectures(batchId: string) {
  return useQuery(
    getQueryOptions<Lecture[]>(lectureKeys.batch(batchId), `/batches/${encodeURIComponent(batchId)}/lectures`, {
      enabled: Boolean(batchId),
      refetchInterval: (query) => (query.state.data?.some((lecture) => lecture.status === 'processing' || Boolean(lecture.progress)) ? LECTURE_PROGRESS_POLL_MS : false),
    }),
  );
}

/** The ready lectures of a student's batches (a parent: their children's), the latest day first. */
export function useMyLectures() {
  return useQuery(getQueryOptions<Lecture[]>(lectureKeys.mine, '/lectures'));
}

/** One lecture, with the student's own progress to resume from. Read once per visit: the player keeps its own time. */
export function useLecture(id: string) {
  return useQuery(getQueryOptions<Lecture>(lectureKeys.one(id), `/lectures/${encodeURIComponent(id)}`, { enabled: Boolean(id), staleTime: Infinity, gcTime: 0 }));
}

/** Who of the batch watched a lecture and how far (its teacher, the admin), the day's absent first. */
export function useLectureViewers(id: string, enabled: boolean) {
  return useQuery(getQueryOptions<LectureViewer[]>(lectureKeys.viewers(id), `/lectures/${encodeURIComponent(id)}/views`, { enabled }));
}

/** The player's report of a student's progress (decision 082); a lost report is sent again with the next one. */
export function reportLectureView(id: string, view: LectureViewInput): Promise<unknown> {
  return apiRequest('PUT', `/lectures/${encodeURIComponent(id)}/view`, view);
}

/** Removes a lecture (its teacher, the admin; decision 091): its files go, its students are told it was removed. */
export function useRemoveLecture() {
  const refresh = useRefreshQueries([lectureKeys.all]);
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<Lecture>('DELETE', `/lectures/${encodeURIComponent(id)}`),
    onSuccess: () => refresh(),
  });
}

/** Saves a lecture's chapters as a whole (its teacher, the admin; decision 097). */
export function useSaveLectureChapters(id: string) {
  const refresh = useRefreshQueries([lectureKeys.all]);
  return useMutation({
    mutationFn: (chapters: LectureChapter[]) => apiRequestWithMessage<Lecture>('PUT', `/lectures/${encodeURIComponent(id)}/chapters`, { chapters }),
    onSuccess: () => refresh(),
  });
}
