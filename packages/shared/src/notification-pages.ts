// Plain values, no zod: the notification bell, on every signed-in screen, imports these without
// downloading the validation library (issue 17). schemas/notifications.ts builds on them.

/** Spec section 9: the bell loads 5 at a time. */
export const NOTIFICATION_PAGE_SIZE = 5;
export const NOTIFICATION_MAX_PAGE_SIZE = 50;

/** Load More shows while the total exceeds the page size times the pages loaded (spec section 9). */
export function hasMoreNotifications(total: number, pagesLoaded: number, pageSize: number = NOTIFICATION_PAGE_SIZE): boolean {
  return total > pageSize * pagesLoaded;
}
