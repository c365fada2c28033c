import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicCourses } from '@academy/shared/schemas/courses';
import { apiRequest } from '../../lib/api-client';

export const courseKeys = {
  all: ['courses'] as const,
  public: ['courses', 'public'] as const,
};

/** Standards, subjects and open batches for the public /courses page; refetched on each visit. */
export const publicCoursesQueryOptions = queryOptions({
  queryKey: courseKeys.public,
  queryFn: ({ signal }) => apiRequest<PublicCourses>('GET', '/public/courses', undefined, { signal }),
  staleTime: 0,
});

export function usePublicCourses() {
  return useQuery(publicCoursesQueryOptions);
}
