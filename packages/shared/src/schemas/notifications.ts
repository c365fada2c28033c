import { z } from 'zod';
import { isoDateTimeSchema, pagedQuerySchema, paginationSchema } from './common';

/** Spec section 9: the bell loads 5 at a time. */
export const NOTIFICATION_PAGE_SIZE = 5;
export const NOTIFICATION_MAX_PAGE_SIZE = 50;

export const notificationSchema = z.object({
  _id: z.uuid(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: isoDateTimeSchema,
  announcement: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  note: z.object({ _id: z.uuid() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?page=&limit= (limit 1–50, default 5). */
export const notificationListQuerySchema = pagedQuerySchema({ defaultLimit: NOTIFICATION_PAGE_SIZE, maxLimit: NOTIFICATION_MAX_PAGE_SIZE });

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  pagination: paginationSchema,
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

/** Load More shows while the total exceeds the page size times the pages loaded (spec section 9). */
export function hasMoreNotifications(total: number, pagesLoaded: number, pageSize: number = NOTIFICATION_PAGE_SIZE): boolean {
  return total > pageSize * pagesLoaded;
}
