import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementInput, AnnouncementList, AnnouncementStatus } from '@academy/shared/schemas/announcements';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { itemsOfPages, nextPageParam } from '../../lib/paged-list';
import { toQueryString } from '../../lib/query-string';
import { adminDashboardKeys } from '../../lib/query-keys';

export const announcementKeys = {
  all: ['announcements'] as const,
  list: (status?: AnnouncementStatus) => ['announcements', 'list', status ?? 'all'] as const,
  detail: (id: string) => ['announcements', 'detail', id] as const,
};

/**
 * The announcements the signed-in user may read (an admin all of them), optionally of one status,
 * newest first, 20 at a time ("Load more"), with how many there are in each status.
 */
export function useAnnouncements(status?: AnnouncementStatus) {
  return useInfiniteQuery({
    queryKey: announcementKeys.list(status),
    queryFn: ({ pageParam, signal }) => apiRequest<AnnouncementList>('GET', `/announcements${toQueryString({ status, page: pageParam })}`, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    select: (data) => ({
      announcements: itemsOfPages(data.pages.map((page) => page.announcements)),
      total: data.pages[0]?.pagination.total ?? 0,
      counts: data.pages[0]?.counts ?? { total: 0, active: 0, scheduled: 0, expired: 0 },
    }),
  });
}

export function announcementQueryOptions(id: string) {
  return queryOptions({
    queryKey: announcementKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Announcement>('GET', `/announcements/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}

export function useAnnouncement(id: string) {
  return useQuery(announcementQueryOptions(id));
}

/** Announcements show on the admin dashboard too (its active count). */
function useInvalidateAnnouncements() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: announcementKeys.all }), queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all })]);
}

export function useCreateAnnouncement() {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: (input: AnnouncementInput) => apiRequestWithMessage<Announcement>('POST', '/announcements', input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateAnnouncement(id: string) {
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: (input: AnnouncementInput) => apiRequestWithMessage<Announcement>('PUT', `/announcements/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAnnouncements();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<unknown>('DELETE', `/announcements/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: announcementKeys.detail(id) });
      return invalidate();
    },
  });
}
