import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Batch } from '@academy/shared/schemas/batches';
import { apiRequest } from '../../lib/api-client';

export const batchKeys = {
  all: ['batches'] as const,
  list: () => ['batches', 'list'] as const,
};

/** Every batch the signed-in user may see (an admin all, a teacher their own). */
export const batchesQueryOptions = queryOptions({
  queryKey: batchKeys.list(),
  queryFn: ({ signal }) => apiRequest<Batch[]>('GET', '/batches', undefined, { signal }),
  staleTime: 30_000,
});

export function useBatches() {
  return useQuery(batchesQueryOptions);
}
