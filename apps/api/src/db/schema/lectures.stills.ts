import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { lectures } from './lectures';
import { academyRow } from './academy-column';
import { requiredRef, timestamps } from './columns';

/**
 * A still of the board the teacher's phone took while recording in class (issue 75, decision 087): on a
 * change of the board or a tap, sent as it is taken with its time in the recording (tenths of a second).
 * The lecture's job puts them on the voice + board rendition's timeline (`stills.json`).
 */
export const lectureStills = academyTable(
  'lecture_stills',
  {
    ...academyRow(),
    lectureId: requiredRef(() => lectures.id, 'cascade'),
    /** Tenths of a second from the start of the recording. */
    tenths: integer().notNull(),
    fileKey: varchar({ length: 100 }).notNull().unique(),
    bytes: bigint({ mode: 'number' }).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('lecture_stills_lecture_time_idx').on(table.academyId, table.lectureId, table.tenths),
    index('lecture_stills_academy_idx').on(table.academyId),
    check('lecture_stills_tenths_check', sql`${table.tenths} >= 0`),
  ],
);
