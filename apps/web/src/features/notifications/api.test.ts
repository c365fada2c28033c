import { describe, expect, it } from 'vitest';
import type { NotificationPage } from '@academy/shared/schemas/notifications';
import { hasMoreNotifications } from '@academy/shared/notification-pages';
import { flattenPages, markReadInPages, notificationTarget } from './api';

const item = (id: string, isRead = false) => ({ _id: id, message: id, isRead, createdAt: '2026-01-01T00:00:00.000Z', announcement: null, note: null });
const page = (ids: string[], total: number, unreadCount: number, number = 1): NotificationPage => ({
  notifications: ids.map((id) => item(id)),
  pagination: { page: number, limit: 5, total },
  unreadCount,
});

describe('the bell', () => {
  it('shows Load More while the total exceeds 5 × pages loaded', () => {
    expect(hasMoreNotifications(6, 1)).toBe(true);
    expect(hasMoreNotifications(5, 1)).toBe(false);
    expect(hasMoreNotifications(10, 2)).toBe(false);
    expect(hasMoreNotifications(0, 0)).toBe(false);
  });

  it('flattens pages once each, and is empty with count 0 when nothing loaded', () => {
    expect(flattenPages(undefined)).toEqual({ notifications: [], unreadCount: 0, total: 0, pagesLoaded: 0 });
    const data = { pages: [page(['a', 'b'], 7, 2), page(['b', 'c'], 7, 2, 2)], pageParams: [1, 2] };
    expect(flattenPages(data).notifications.map((n) => n._id)).toEqual(['a', 'b', 'c']);
    expect(flattenPages(data).pagesLoaded).toBe(2);
  });

  it('marks one read: the count drops by one, never below 0, and only for an unread one', () => {
    const data = { pages: [page(['a', 'b'], 2, 1)], pageParams: [1] };
    const once = markReadInPages(data, 'a')!;
    expect(flattenPages(once).unreadCount).toBe(0);
    expect(once.pages[0]!.notifications[0]!.isRead).toBe(true);
    const twice = markReadInPages(once, 'b')!;
    expect(flattenPages(twice).unreadCount).toBe(0);
    expect(markReadInPages(twice, 'a')).toBe(twice);
  });

  it('leads to the announcement or the notes page', () => {
    expect(notificationTarget({ announcement: { _id: 'x', title: 't' }, note: null })).toBe('/app/student/announcements/x');
    expect(notificationTarget({ announcement: null, note: { _id: 'n' } })).toBe('/app/student/notes');
    expect(notificationTarget({ announcement: null, note: null })).toBeUndefined();
  });
});
