import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Notification, NotificationPage } from '@academy/shared/schemas/notifications';
import { hasMoreNotifications, NOTIFICATION_PAGE_SIZE } from '@academy/shared/notification-pages';
import { apiRequest } from '../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  pages: ['notifications', 'pages'] as const,
};

/**
 * How often the bell asks for new notifications while the tab is visible. Never below 30 s (the
 * server's budget); hidden tabs do not poll at all.
 */
export const NOTIFICATION_POLL_MS = 60_000;

type Pages = InfiniteData<NotificationPage>;

/** The bell's pages: page 1 first, then Load More appends the next (spec section 7). */
export function useNotificationPages() {
  return useInfiniteQuery({
    queryKey: notificationKeys.pages,
    queryFn: ({ pageParam, signal }) => apiRequest<NotificationPage>('GET', `/notifications?page=${pageParam}&limit=${NOTIFICATION_PAGE_SIZE}`, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (hasMoreNotifications(lastPage.pagination.total, pages.length) ? pages.length + 1 : undefined),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: NOTIFICATION_POLL_MS / 2,
  });
}

/** What the bell shows: every loaded notification once (a poll can shift items across pages), the unread count and the total. */
export function flattenPages(data: Pages | undefined): { notifications: Notification[]; unreadCount: number; total: number; pagesLoaded: number } {
  if (!data || data.pages.length === 0) return { notifications: [], unreadCount: 0, total: 0, pagesLoaded: 0 };
  const seen = new Set<string>();
  const notifications: Notification[] = [];
  for (const page of data.pages) {
    for (const notification of page.notifications) {
      if (seen.has(notification._id)) continue;
      seen.add(notification._id);
      notifications.push(notification);
    }
  }
  const first = data.pages[0]!;
  return { notifications, unreadCount: Math.max(0, first.unreadCount), total: first.pagination.total, pagesLoaded: data.pages.length };
}

/** The cached pages with one notification read: it turns read and the unread count drops by one, never below 0. */
export function markReadInPages(data: Pages | undefined, id: string): Pages | undefined {
  if (!data) return data;
  const wasUnread = data.pages.some((page) => page.notifications.some((notification) => notification._id === id && !notification.isRead));
  if (!wasUnread) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unreadCount: Math.max(0, page.unreadCount - 1),
      notifications: page.notifications.map((notification) => (notification._id === id ? { ...notification, isRead: true } : notification)),
    })),
  };
}

function markAllReadInPages(data: Pages | undefined): Pages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, unreadCount: 0, notifications: page.notifications.map((notification) => ({ ...notification, isRead: true })) })),
  };
}

/** Marks one read at once on screen; the call's failure is ignored (spec section 7). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ unreadCount: number }>('POST', `/notifications/${encodeURIComponent(id)}/read`),
    onMutate: (id) => {
      queryClient.setQueryData<Pages>(notificationKeys.pages, (data) => markReadInPages(data, id));
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ unreadCount: number }>('POST', '/notifications/read-all'),
    onSuccess: () => {
      queryClient.setQueryData<Pages>(notificationKeys.pages, markAllReadInPages);
    },
  });
}

/** Where a notification leads: its announcement, or the notes page for a note. */
export function notificationTarget(notification: Pick<Notification, 'announcement' | 'note'>): string | undefined {
  if (notification.announcement) return `/app/student/announcements/${notification.announcement._id}`;
  if (notification.note) return '/app/student/notes';
  return undefined;
}
