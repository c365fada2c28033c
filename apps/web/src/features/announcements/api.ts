import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementInput, AnnouncementStatus } from '@academy/shared/schemas/announcements';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { toQueryString } from '../../lib/query-string';

export const announcementKeys = {
  all: ['announcements'] as const,
  list: (status?: AnnouncementStatus) => ['announcements', 'list', status ?? 'all'] as const,
  detail: (id: string) => ['announcements', 'detail', id] as const,
};

/** The announcements the signed-in user may read (an admin all of them), optionally of one status. */
export function announcementsQueryOptions(status?: AnnouncementStatus) {
  return queryOptions({
    queryKey: announcementKeys.list(status),
    queryFn: ({ signal }) => apiRequest<Announcement[]>('GET', `/announcements${toQueryString({ status })}`, undefined, { signal }),
    staleTime: 30_000,
  });
}

export function useAnnouncements(status?: AnnouncementStatus) {
  return useQuery(announcementsQueryOptions(status));
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
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: announcementKeys.all }), queryClient.invalidateQueries({ queryKey: ['admin-dashboard'] })]);
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
