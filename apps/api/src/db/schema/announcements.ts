import { sql } from 'drizzle-orm';
import { boolean, check, date, index, text, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_TYPES } from '@academy/shared/schemas/announcements';
import { batches } from './batches';
import { userRef } from './users';
import { academyRow } from './academy-column';
import { requiredRef, timestamps } from './columns';
import { linkTable } from './link-table';

/** Dates only: every announcement runs from 00:00 on startDate to 23:59 on endDate (academy time zone). */
export const announcements = academyTable(
  'announcements',
  {
    ...academyRow(),
    title: varchar({ length: 200 }).notNull(),
    content: text().notNull(),
    type: text({ enum: ANNOUNCEMENT_TYPES }).notNull().default('general'),
    priority: text({ enum: ANNOUNCEMENT_PRIORITIES }).notNull().default('medium'),
    audience: text({ enum: ANNOUNCEMENT_AUDIENCES }).notNull().default('everyone'),
    startDate: date().notNull(),
    endDate: date().notNull(),
    /**
     * A closure: no class on these dates for the announcement's batches (or every batch when it names
     * none). Schedules, "next class", the calendar feeds and attendance marking leave those days out.
     */
    closure: boolean().notNull().default(false),
    createdBy: userRef(),
    ...timestamps,
  },
  (table) => [
    // Status filters and the notification job compare today with these two dates.
    index('announcements_dates_idx').on(table.academyId, table.startDate, table.endDate),
    index('announcements_end_date_idx').on(table.endDate),
    // "Is this day closed?" only looks at the few closure announcements.
    index('announcements_closure_dates_idx').on(table.startDate, table.endDate).where(sql`${table.closure}`),
    check('announcements_dates_check', sql`${table.endDate} >= ${table.startDate}`),
    check('announcements_type_check', sql`${table.type} in ('general', 'event', 'holiday', 'exam', 'emergency')`),
    check('announcements_priority_check', sql`${table.priority} in ('low', 'medium', 'high')`),
    check('announcements_audience_check', sql`${table.audience} in ('everyone', 'students', 'teachers', 'parents')`),
  ],
);

/**
 * The batches an announcement is limited to (none: its whole audience). A batch named here cannot be
 * deleted (RESTRICT): cascading would silently widen the announcement to everyone.
 */
export const announcementBatches = linkTable('announcement_batches', 'batch', {
  announcementId: requiredRef(() => announcements.id, 'cascade'),
  batchId: requiredRef(() => batches.id, 'restrict'),
});
