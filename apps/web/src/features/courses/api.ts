import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicCourses } from '@academy/shared/schemas/courses';
import { apiRequest } from '../../lib/api-client';

export const courseKeys = {
  all: ['courses'] as const,
  public: ['courses', 'public'] as const,
};

/**
 * Standards, subjects and open batches for the public /courses page; fetched again on each visit, but
 * not in its first seconds: the page the server has just drawn carries the answer, and fetching it
 * again while the page hydrates only cost a phone time and data (issue 17).
 */
export const publicCoursesQueryOptions = queryOptions({
  queryKey: courseKeys.public,
  queryFn: ({ signal }) => apiRequest<PublicCourses>('GET', '/public/courses', undefined, { signal }),
  staleTime: 10_000,
});

export function usePublicCourses() {
  return useQuery(publicCoursesQueryOptions);
}
