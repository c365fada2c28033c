import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobStatus } from '@academy/shared/schemas/jobs';
import { apiRequest } from '../../lib/api-client';

export const jobKeys = {
  all: ['jobs'] as const,
  list: ['jobs', 'list'] as const,
};

export const jobListQueryOptions = queryOptions({
  queryKey: jobKeys.list,
  queryFn: ({ signal }) => apiRequest<JobStatus[]>('GET', '/admin/jobs', undefined, { signal }),
  staleTime: 0,
  // The runs move on while the screen is open: looked at again each minute.
  refetchInterval: 60_000,
});

export function useJobList() {
  return useQuery(jobListQueryOptions);
}
