import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseBatch, PublicCourses } from '@academy/shared/schemas/courses';
import { publicCourseApiPath } from '@academy/shared/public-site';
import { ApiError, apiRequest } from '../../lib/api-client';
import { getQueryOptions } from '../../lib/get-query-options';

export const courseKeys = {
  all: ['courses'] as const,
  public: ['courses', 'public'] as const,
  /** One course's page (issue 41); under `public`, so a refresh of the list refreshes it too. */
  course: (slug: string) => ['courses', 'public', 'course', slug] as const,
};

/**
 * Standards, subjects and open batches for the public /courses page; fetched again on each visit, but
 * not in its first seconds: the page the server has just drawn carries the answer, and fetching it
 * again while the page hydrates only cost a phone time and data (issue 17).
 */
export const publicCoursesQueryOptions = getQueryOptions<PublicCourses>(courseKeys.public, '/public/courses', { staleTime: 10_000 });

export function usePublicCourses() {
  return useQuery(publicCoursesQueryOptions);
}

/**
 * One open course by its page's slug (/courses/{slug}); null when no open course has that address
 * (the page then shows the site's not-found, as the server drew it), which is an answer, not a failure.
 */
export function publicCourseQueryOptions(slug: string) {
  return queryOptions({
    queryKey: courseKeys.course(slug),
    queryFn: async ({ signal }): Promise<CourseBatch | null> => {
      try {
        return await apiRequest<CourseBatch>('GET', publicCourseApiPath(slug), undefined, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 10_000,
  });
}

/** A course's page: shown at once from the courses list when it came from there, then read afresh. */
export function usePublicCourse(slug: string) {
  const client = useQueryClient();
  return useQuery({
    ...publicCourseQueryOptions(slug),
    placeholderData: () => client.getQueryData<PublicCourses>(courseKeys.public)?.batches.find((batch) => batch.slug === slug),
  });
}
