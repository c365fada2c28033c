import { z } from 'zod';
import { isoDateTimeSchema, pagedQuerySchema, paginationSchema } from './common';
import { NOTIFICATION_MAX_PAGE_SIZE, NOTIFICATION_PAGE_SIZE } from '../notification-pages';


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
