import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedLink, CalendarFeedStatus } from '@academy/shared/schemas/calendar-feed';
import { apiRequest } from '../../lib/api-client';
import { msg } from '@lingui/core/macro';
import { getQueryOptions } from '../../lib/get-query-options';

export const calendarFeedKeys = { status: ['calendar-feed'] as const };

/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const CALENDAR_FEED_FAILURES = {
  fetch: msg`Failed to fetch the calendar address`,
  create: msg`Failed to make a calendar address`,
  stop: msg`Failed to stop the calendar address`,
};

export function useCalendarFeedStatus() {
  return useQuery(getQueryOptions<CalendarFeedStatus>(calendarFeedKeys.status, '/calendar-feed'));
}

/** A new secret address (shown once by the caller); the old one stops working. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeedLink>('POST', '/calendar-feed'),
    onSuccess: (link) => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKeys.status, { active: true, createdAt: link.createdAt }),
  });
}

export function useStopCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('DELETE', '/calendar-feed'),
    onSuccess: () => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKeys.status, { active: false, createdAt: null }),
  });
}
