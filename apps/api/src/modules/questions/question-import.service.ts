import { and, isNull, sql } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import { word } from '@academy/shared/i18n/server-catalog';
import { ONLINE_TEST_MESSAGES } from '@academy/shared/schemas/online-tests';
import {
  QUESTION_BANK_MESSAGES,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_HEADERS,
  QUESTION_IMPORT_MAX_ROWS,
  type QuestionImportColumn,
  type QuestionImportPreview,
  type QuestionImportResult,
} from '@academy/shared/schemas/question-bank';
import type { Db } from '../../db/client';
import { questions, subjects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { DryRunRollback, readUploadedSheet, wordSheetErrors, wrongRowCount, wrongRowsRefusal } from '../../lib/sheet-import';
import type { Actor } from '../../access/actor';
import { questionSubjectScope } from '../../access/questions';
import { recordAudit } from '../audit';
import { questionColumns, type QuestionValues } from './questions.service';
import { readQuestionSheet, rowToQuestion, type SheetError } from './question-sheet';

/*
 * Questions imported from a sheet, one a row (issue 40). As the register import (decision 032): the dry
 * run is the import's own transaction rolled back, so its count is exactly what the import does, and a
 * sheet with any wrong row imports nothing. A row that repeats a question of the bank (same subject,
 * text and options) or an earlier row is not added again, only listed: the same sheet imported twice
 * adds nothing the second time.
 */

type Duplicate = QuestionImportPreview['duplicates'][number];

const headerOf = (language: Language) => (column: QuestionImportColumn) => word('questionSheet', QUESTION_IMPORT_HEADERS[column], language);

/**
 * POST /api/questions/import[?dryRun=true]. A dry run answers the preview (its errors in the teacher's
 * language); an import answers what it added, or refuses (422) with nothing changed when a row is wrong.
 */
export async function importQuestions(
  db: Db,
  actor: Actor,
  language: Language,
  file: { fileName: string; bytes: Buffer },
  dryRun: boolean,
): Promise<{ preview: QuestionImportPreview } | { result: QuestionImportResult }> {
  const cells = await readUploadedSheet(file, QUESTION_BANK_MESSAGES, QUESTION_IMPORT_MAX_ROWS);
  const sheet = readQuestionSheet(cells);
  if (sheet.columns.length === 0) throw new AppError('BAD_REQUEST', QUESTION_BANK_MESSAGES.noHeader, { file: QUESTION_BANK_MESSAGES.noHeader });
  if (sheet.rows.length === 0) throw new AppError('BAD_REQUEST', QUESTION_BANK_MESSAGES.noRows, { file: QUESTION_BANK_MESSAGES.noRows });

  const { errors, valid } = await readRows(db, actor, sheet.rows);
  const { toCreate, duplicates } = await setDuplicatesAside(db, valid);

  const rowCount = sheet.rows.length;
  const preview = (create: number): { preview: QuestionImportPreview } => ({
    preview: {
      rows: rowCount,
      valid: rowCount - wrongRowCount(errors),
      errors: wordSheetErrors(errors, QUESTION_IMPORT_COLUMNS, headerOf(language), language),
      create,
      duplicates,
    },
  });
  if (errors.length > 0) {
    if (dryRun) return preview(toCreate.length);
    throw wrongRowsRefusal(QUESTION_BANK_MESSAGES.hasErrors, errors);
  }

  try {
    const created = await db.transaction(async (tx) => {
      for (let start = 0; start < toCreate.length; start += 500) {
        await tx.insert(questions).values(toCreate.slice(start, start + 500).map((entry) => ({ ...entry.columns, createdBy: actor.userId })));
      }
      if (dryRun) throw new DryRunRollback(toCreate.length);
      await recordAudit(tx, actor, {
        action: 'import',
        entityType: 'question',
        text: { key: 'question.imported', values: { file: file.fileName.slice(0, 200), created: toCreate.length } },
        changes: null,
      });
      return toCreate.length;
    });
    return { result: { created, duplicates } };
  } catch (error) {
    if (error instanceof DryRunRollback) return preview(error.answer as number);
    throw error;
  }
}

/** Each row read as a question of a subject the actor may write for (subjects found by name or code), or its errors. */
async function readRows(db: Db, actor: Actor, rows: ReturnType<typeof readQuestionSheet>['rows']) {
  // The subjects by name and by code, and whether the actor may write for each.
  const scope = questionSubjectScope(actor);
  const subjectRows = await db
    .select({ id: subjects.id, name: subjects.name, code: subjects.code, writable: sql<boolean>`${scope ?? sql`true`}` })
    .from(subjects);
  const subjectOf = new Map<string, (typeof subjectRows)[number]>();
  for (const subject of subjectRows) {
    subjectOf.set(subject.code.trim().toLowerCase(), subject);
    subjectOf.set(subject.name.trim().toLowerCase(), subject);
  }

  const errors: SheetError[] = [];
  const valid: { row: number; input: QuestionValues }[] = [];
  for (const row of rows) {
    const name = row.cells.subject?.trim() ?? '';
    const subject = subjectOf.get(name.toLowerCase());
    const subjectErrors: SheetError[] = [];
    if (name === '') subjectErrors.push({ row: row.row, column: 'subject', message: QUESTION_BANK_MESSAGES.subjectRequired });
    else if (!subject) subjectErrors.push({ row: row.row, column: 'subject', message: QUESTION_BANK_MESSAGES.unknownSubject.replace('{name}', name) });
    else if (!subject.writable) subjectErrors.push({ row: row.row, column: 'subject', message: ONLINE_TEST_MESSAGES.notYourSubject });
    const read = rowToQuestion(row, subjectErrors.length ? undefined : subject!.id);
    if ('errors' in read || subjectErrors.length) errors.push(...subjectErrors, ...('errors' in read ? read.errors : []));
    else valid.push({ row: row.row, input: read.input });
  }
  return { errors, valid };
}

/** The rows to add, and those that repeat a question of the bank (the first such question) or an earlier row of the sheet. */
async function setDuplicatesAside(db: Db, valid: readonly { row: number; input: QuestionValues }[]) {
  const prepared = valid.map((entry) => ({ ...entry, columns: questionColumns(entry.input) }));
  const fingerprints = [...new Set(prepared.map((entry) => entry.columns.fingerprint))];
  const inBank = new Map<string, string>();
  if (fingerprints.length > 0) {
    const found = await db
      .select({ id: questions.id, subjectId: questions.subjectId, fingerprint: questions.fingerprint })
      .from(questions)
      // One array parameter, whatever the sheet's size (hex digests need no quoting in an array literal).
      .where(and(sql`${questions.fingerprint} = any(${`{${fingerprints.join(',')}}`}::text[])`, isNull(questions.deletedAt)))
      .orderBy(questions.createdAt, questions.id);
    for (const question of found) {
      const key = `${question.subjectId}|${question.fingerprint}`;
      if (!inBank.has(key)) inBank.set(key, question.id);
    }
  }
  const duplicates: Duplicate[] = [];
  const firstRowOf = new Map<string, number>();
  const toCreate = prepared.filter((entry) => {
    const key = `${entry.columns.subjectId}|${entry.columns.fingerprint}`;
    const questionId = inBank.get(key);
    const sameAsRow = firstRowOf.get(key);
    if (questionId || sameAsRow) {
      duplicates.push({ row: entry.row, questionId: questionId ?? null, sameAsRow: questionId ? null : sameAsRow! });
      return false;
    }
    firstRowOf.set(key, entry.row);
    return true;
  });
  return { toCreate, duplicates };
}
