import { queryOptions, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * A GET of the API as a query: its key, the path read (signal included, so a query no screen needs any
 * more is aborted) and TanStack's other options (staleTime, enabled…). The one way api.ts files write a
 * plain read; a query that does more with the answer (a 404 that is an answer, pages) writes its own.
 */
export function getQueryOptions<T, TKey extends QueryKey = QueryKey>(queryKey: TKey, path: string, options: Omit<UseQueryOptions<T, Error, T, TKey>, 'queryKey' | 'queryFn'> = {}) {
  return queryOptions<T, Error, T, TKey>({ ...options, queryKey, queryFn: ({ signal }) => apiRequest<T>('GET', path, undefined, { signal }) });
}
