import type { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { word, type CatalogValues } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';
import type { Db, DbExecutor } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit';
import { academyToday } from '../../academy-settings';
import { streamedWorkbook, type RawCell, type SheetColumn } from './workbook-writer';
import { attendanceSheet, batchesSheet, duesSheet, enrolmentsSheet, marksSheet, receiptsSheet, studentsSheet, teachersSheet, type Column, type Row, type SheetContext, type Text } from './workbook-sheets';

/*
 * The academy workbook (issue 39, "everything back to Excel"): every register the office keeps, one
 * sheet each, read in ONE read-only snapshot (REPEATABLE READ), so the sheets agree with each other
 * (a due's paid amount and the receipts) even while the office keeps working. Each sheet is one
 * set-based query read through a cursor, 2,000 rows at a time, and streamed out as it is read: no
 * query per student, and never the whole academy in memory.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BATCH_ROWS = 2000;

/** The file's name: the academy's date of the download. */
export function academyWorkbookName(today: string): string {
  return `academy-${today}.xlsx`;
}

/**
 * Before the first byte: the file's name, and the Activity entry saying who took the whole academy's
 * data home (even a download cut short has carried data away, so it is recorded when it starts).
 */
export async function startAcademyExport(db: DbExecutor, actor: AuditActor): Promise<{ fileName: string; today: string }> {
  const today = await academyToday(db);
  const fileName = academyWorkbookName(today);
  await recordAudit(db, actor, { action: 'export.academy_workbook', entityType: 'backup', entityId: fileName, text: { key: 'export.academy_workbook', values: { file: fileName } } });
  return { fileName, today };
}

/**
 * Rows of one query, a batch at a time, through a cursor of the snapshot's transaction. The next
 * batch is asked for before this one is handed on, so the database reads while the sheet is written.
 */
async function* throughCursor(tx: DbExecutor, name: string, query: SQL): AsyncGenerator<Row[]> {
  await tx.execute(sql`declare ${sql.identifier(name)} no scroll cursor for ${query}`);
  const fetch = () => tx.execute<Row>(fetchFromCursor(name));
  let next = fetch();
  try {
    for (;;) {
      const { rows } = await next;
      const more = rows.length === BATCH_ROWS;
      if (more) next = fetch();
      if (rows.length > 0) yield rows;
      if (!more) break;
    }
  } finally {
    // Stopped early (the client went away): the batch asked for ahead fails with the transaction, unheard.
    next.catch(() => {});
  }
  await tx.execute(closeCursor(name));
}

/** A cursor's name always as an identifier, never pasted into the statement's text (issue 53). */
export const fetchFromCursor = (name: string): SQL => sql`fetch forward ${sql.raw(String(Math.trunc(BATCH_ROWS)))} from ${sql.identifier(name)}`;
export const closeCursor = (name: string): SQL => sql`close ${sql.identifier(name)}`;

async function* mapped<T>(batches: AsyncIterable<T[]>, toCells: (row: T) => RawCell[]): AsyncGenerator<RawCell[][]> {
  for await (const batch of batches) yield batch.map(toCells);
}

export type WorkbookCounts = Record<'students' | 'teachers' | 'batches' | 'enrolments' | 'attendance' | 'dues' | 'receipts' | 'marks', number>;

/**
 * Writes the whole workbook to `output` and ends it. Headers, sheet names and the product's own
 * words (statuses, relations, modes, days) are in `language`; names and labels stay as stored.
 */
export async function writeAcademyWorkbook(db: Db, output: Writable, options: { language: Language; today: string }): Promise<WorkbookCounts> {
  const { language, today } = options;
  const say = (text: Text, values?: CatalogValues) => word('workbook', text, language, values);
  const wordOf = (words: Record<string, Text>, code: unknown) => (typeof code === 'string' ? (words[code] ? say(words[code]) : code) : null);
  const columns = (list: Column[]): SheetColumn[] => list.map(({ header, values, kind, width }) => ({ header: say(header, values), kind, width }));
  const yes = (value: unknown) => (value ? say('Yes') : null);
  // A student's gender or address nobody gave (decision 040): said so, not a blank that looks forgotten.
  const given = (value: unknown) => (typeof value === 'string' && value !== '' ? value : say('Not given'));
  const book = await streamedWorkbook(output);

  const counts = await db.transaction(
    async (tx) => {
      // Counting a year of attendance (two million marks) is one hash aggregate in memory, not a sort spilled to disk.
      // (A cursor's query runs without parallel workers.)
      await tx.execute(sql`set local work_mem = '64MB'`);
      const sheet = (name: Text, list: Column[], query: SQL, toCells: (row: Row) => RawCell[]) =>
        book.addSheet(say(name), columns(list), mapped(throughCursor(tx, name.toLowerCase().replace(/\W+/g, '_'), query), toCells));

      const context: SheetContext = { tx, today, sheet, say, wordOf, yes, given };
      // One after another, in the workbook's order (a cursor at a time on the snapshot's connection).
      return {
        students: await studentsSheet(context),
        teachers: await teachersSheet(context),
        batches: await batchesSheet(context),
        enrolments: await enrolmentsSheet(context),
        attendance: await attendanceSheet(context),
        dues: await duesSheet(context),
        receipts: await receiptsSheet(context),
        marks: await marksSheet(context),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  await book.finish();
  return counts;
}
