import type { Language } from '@academy/shared/languages';
import { word } from '@academy/shared/i18n/server-catalog';
import { IMPORT_MESSAGES, REGISTER_COLUMNS, REGISTER_HEADERS, type RegisterColumn, type StudentImportPreview, type StudentImportResult } from '@academy/shared/schemas/imports';
import type { Db } from '../../db/client';
import { importItems, imports } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { DryRunRollback, readUploadedSheet, wordSheetErrors, wrongRowCount, wrongRowsRefusal } from '../../lib/sheet-import';
import { recordAudit, type AuditActor } from '../audit';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { MAX_REGISTER_ROWS, readRegister, type CellError } from './register-sheet';
import { groupRows } from './register-groups';
import { importGroups, zeroCounts, type Counts, type Item } from './import-steps';

/*
 * A register of students imported from a spreadsheet (issue 39; docs/decisions/032-registers-in-and-out.md).
 * The dry run and the import are the same work: the import's transaction, rolled back for a dry run or
 * when any row is wrong, so a preview's counts are exactly what the import will do and nothing is ever
 * half imported. A student is matched by their ID, else by name, date of birth and parent phone, so the
 * same sheet imported twice creates nothing new. What an import made is kept (import_items) so that it
 * can be undone while none of it has changed since.
 */

export const REGISTER_MAX_BYTES = 5 * 1024 * 1024;

const headerOf = (language: Language) => (column: RegisterColumn) => word('register', REGISTER_HEADERS[column], language);


/**
 * POST /api/imports/students[?dryRun=true]. A dry run answers the preview (its errors in the office's
 * language); an import answers what it did, or refuses (422) with nothing changed when a row is wrong.
 */
export async function importStudents(
  db: Db,
  actor: AuditActor,
  language: Language,
  file: { fileName: string; bytes: Buffer },
  dryRun: boolean,
): Promise<{ preview: StudentImportPreview } | { result: StudentImportResult }> {
  // Date cells are read as the academy's calendar reads them (no shift by the server's time zone).
  const { timeZone } = await getAcademySettings(db);
  const cells = await readUploadedSheet(file, IMPORT_MESSAGES, MAX_REGISTER_ROWS, timeZone);
  const today = await academyToday(db);
  const read = readRegister(cells, today);
  if (read.columns.length === 0) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.noHeader, { file: IMPORT_MESSAGES.noHeader });
  if (read.rows.length === 0 && read.errors.length === 0) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.noRows, { file: IMPORT_MESSAGES.noRows });

  const errors: CellError[] = [...read.errors];
  const groups = await groupRows(db, read.rows, errors, read.wrongRows);
  const rowCount = read.rows.length + wrongRowCount(read.errors);
  const preview = (counts: Counts): { preview: StudentImportPreview } => {
    return {
      preview: {
        rows: rowCount,
        valid: rowCount - wrongRowCount(errors),
        // By row, then in the template's column order.
        errors: wordSheetErrors(errors, REGISTER_COLUMNS, headerOf(language), language),
        create: counts.created,
        update: counts.updated,
        unchanged: counts.unchanged,
        parents: counts.parentsCreated,
        parentsLinked: counts.parentsLinked,
        enrolments: counts.enrolled,
        openingPayments: counts.openingPayments,
        columns: read.columns.map((key) => ({ key, header: word('register', REGISTER_HEADERS[key], language) })),
        table: previewTable(read.cells, errors),
      },
    };
  };
  const refuse = () => wrongRowsRefusal(IMPORT_MESSAGES.hasErrors, errors);
  if (!dryRun && errors.length > 0) throw refuse();

  const startedAt = new Date();
  try {
    const result = await db.transaction(async (tx) => {
      const items: Item[] = [];
      const counts = zeroCounts();
      await importGroups(tx, actor, language, today, groups, { counts, items, errors });
      if (dryRun || errors.length > 0) throw new DryRunRollback(counts);
      const finishedAt = new Date();
      const [saved] = await tx
        .insert(imports)
        .values({ kind: 'students', fileName: file.fileName.slice(0, 200), rowCount, summary: counts, createdBy: actor?.userId ?? null, startedAt, finishedAt })
        .returning({ id: imports.id });
      const importId = saved!.id;
      for (let start = 0; start < items.length; start += 1000) {
        await tx.insert(importItems).values(items.slice(start, start + 1000).map((item) => ({ importId, kind: item.kind, entityId: item.entityId, relatedId: item.relatedId ?? null, before: item.before ?? null })));
      }
      await recordAudit(tx, actor, {
        action: 'import',
        entityType: 'import',
        entityId: importId,
        text: { key: 'import.students', values: { file: file.fileName, created: counts.created, updated: counts.updated } },
        changes: null,
      });
      return { importId, ...counts };
    });
    return { result };
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
    if (!dryRun) throw refuse();
    return preview(error.answer as Counts);
  }
}

const PREVIEW_ROWS = 200;

/** The rows the screen shows: those with errors first (the office fixes them), then the first of the others, in sheet order. */
function previewTable(cells: Map<number, string[]>, errors: CellError[]): { row: number; cells: string[] }[] {
  const wrong = new Set(errors.map((error) => error.row));
  const chosen = [...wrong].filter((row) => cells.has(row)).slice(0, PREVIEW_ROWS);
  for (const row of cells.keys()) {
    if (chosen.length >= PREVIEW_ROWS) break;
    if (!wrong.has(row)) chosen.push(row);
  }
  return chosen.sort((a, b) => a - b).map((row) => ({ row, cells: cells.get(row)! }));
}
