import { asc } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import { word } from '@academy/shared/i18n/server-catalog';
import { QUESTION_DIFFICULTIES, QUESTION_TYPES } from '@academy/shared/schemas/online-tests';
import { QUESTION_IMPORT_COLUMNS, QUESTION_IMPORT_HEADERS, QUESTION_IMPORT_MAX_ROWS, type QuestionImportColumn } from '@academy/shared/schemas/question-bank';
import type { DbExecutor } from '../../db/client';
import { writeSheetTemplate } from '../../lib/sheet-import';
import { subjects } from '../../db/schema';
import type { Actor } from '../../access/actor';
import { questionSubjectScope } from '../../access/questions';

/*
 * GET /api/questions/template.xlsx (issue 40): the sheet a teacher fills, one question a row. Sheet one
 * has the headers in the chosen language, frozen, with drop-downs for the subject (the teacher's own),
 * difficulty, type and language; sheet two says how to fill it and holds the drop-downs' lists. The
 * drop-downs' words are the codes the import reads (easy, single, en), whatever the language.
 */

const WIDE: readonly QuestionImportColumn[] = ['text', 'optionA', 'optionB', 'optionC', 'optionD', 'solution'];

export async function questionTemplate(db: DbExecutor, actor: Actor, language: Language): Promise<Buffer> {
  const subjectRows = await db.select({ name: subjects.name }).from(subjects).where(questionSubjectScope(actor)).orderBy(asc(subjects.name));
  const lists: { title: 'Subjects' | 'Difficulties' | 'Types' | 'Languages'; values: readonly string[]; for: QuestionImportColumn }[] = [
    { title: 'Subjects', values: subjectRows.map((row) => row.name), for: 'subject' },
    { title: 'Difficulties', values: QUESTION_DIFFICULTIES, for: 'difficulty' },
    { title: 'Types', values: QUESTION_TYPES, for: 'type' },
    { title: 'Languages', values: LANGUAGES, for: 'language' },
  ];
  // Only warned about: the import reads a subject's code too, and names the cell if it is wrong.
  return writeSheetTemplate({
    sheetName: word('questionSheet', 'Questions', language),
    listsName: word('questionSheet', 'Lists', language),
    columns: QUESTION_IMPORT_COLUMNS.map((column) => ({
      header: word('questionSheet', QUESTION_IMPORT_HEADERS[column], language),
      key: column,
      width: WIDE.includes(column) ? 40 : 14,
      // Text cells: Excel would turn "1.50" into 1.5 or an answer like 1/2 into a date.
      style: { numFmt: '@', alignment: { wrapText: true, vertical: 'top' } },
    })),
    instructions: word(
      'questionSheet',
      'One row per question. Type: single (one right option), multiple (one or more) or numeric (a number). Correct: the letters of the right options, for example B or A,C. A numeric question has no options: write its Answer and, if needed, a Tolerance. Math goes between $ signs, for example $x^2$.',
      language,
    ),
    lists: lists.map((list) => ({ ...list, title: word('questionSheet', list.title, language) })),
    maxRows: QUESTION_IMPORT_MAX_ROWS,
  });
}
