import { z } from 'zod';
import { isoDateTimeSchema } from './common';

/** GET /api/calendar-feed: whether the user has a live calendar address (it is never shown again). */
export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: isoDateTimeSchema.nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/calendar-feed: a new secret address; any older one stops working. */
export const calendarFeedLinkSchema = z.object({ url: z.url(), createdAt: isoDateTimeSchema });
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkSchema>;

/** The last part of a feed address: the 43-character token, then `.ics`. */
export const calendarFeedFileParamsSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, { error: 'Unknown calendar address' }),
});
