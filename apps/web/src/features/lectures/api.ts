import { useQuery } from '@tanstack/react-query';
import type { Lecture } from '@academy/shared/schemas/lectures';
import { getQueryOptions } from '../../lib/get-query-options';

/** Lectures (issue 75): the screens' queries. */
export const lectureKeys = {
  all: ['lectures'] as const,
  batch: (batchId: string) => ['lectures', 'batch', batchId] as const,
};

/** A batch's recorded lectures, the latest day first; polled while one is being prepared. */
export function useBatchLectures(batchId: string) {
  return useQuery(
    getQueryOptions<Lecture[]>(lectureKeys.batch(batchId), `/batches/${encodeURIComponent(batchId)}/lectures`, {
      enabled: Boolean(batchId),
      refetchInterval: (query) => (query.state.data?.some((lecture) => lecture.status === 'processing') ? 15_000 : false),
    }),
  );
}
