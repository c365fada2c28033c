import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Announcement, AnnouncementInput, AnnouncementList, AnnouncementStatus } from '@academy/shared/schemas/announcements';
import { apiRequest } from '../../lib/api-client';
import { resourceHooks } from '../../lib/resource-hooks';
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

/** Announcements show on the admin dashboard too (its active count). */
const announcementHooks = resourceHooks<Announcement, Announcement, AnnouncementInput>({
  path: '/announcements',
  detailKey: announcementKeys.detail,
  refreshes: [announcementKeys.all, adminDashboardKeys.all],
});

export const announcementQueryOptions = announcementHooks.itemQueryOptions;
export const useAnnouncement = announcementHooks.useItem;
export const useCreateAnnouncement = announcementHooks.useCreate;
export const useUpdateAnnouncement = announcementHooks.useUpdate;
export const useDeleteAnnouncement = announcementHooks.useDelete;
