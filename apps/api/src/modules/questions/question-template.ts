import ExcelJS from 'exceljs';
import { asc } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import { word } from '@academy/shared/i18n/server-catalog';
import { QUESTION_DIFFICULTIES, QUESTION_TYPES } from '@academy/shared/schemas/online-tests';
import { QUESTION_IMPORT_COLUMNS, QUESTION_IMPORT_HEADERS, QUESTION_IMPORT_MAX_ROWS, type QuestionImportColumn } from '@academy/shared/schemas/question-bank';
import type { DbExecutor } from '../../db/client';
import { formulaSafe } from '../../lib/csv';
import { subjects } from '../../db/schema';
import type { Actor } from '../../access/actor';
import { questionSubjectScope } from '../../access/questions';

/*
 * GET /api/questions/template.xlsx (issue 40): the sheet a teacher fills, one question a row. Sheet one
 * has the headers in the chosen language, frozen, with drop-downs for the subject (the teacher's own),
 * difficulty, type and language; sheet two says how to fill it and holds the drop-downs' lists. The
 * drop-downs' words are the codes the import reads (easy, single, en), whatever the language.
 */

/** exceljs keeps a sheet's ranged validations here (one rule for a whole column), though its types only show per-cell ones. */
type WorksheetWithValidations = ExcelJS.Worksheet & { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } };

const LIST_START = 3; // row 1: how to fill the sheet; row 2: the lists' titles
const WIDE: readonly QuestionImportColumn[] = ['text', 'optionA', 'optionB', 'optionC', 'optionD', 'solution'];

export async function questionTemplate(db: DbExecutor, actor: Actor, language: Language): Promise<Buffer> {
  const subjectRows = await db.select({ name: subjects.name }).from(subjects).where(questionSubjectScope(actor)).orderBy(asc(subjects.name));
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Academy';
  const sheet = workbook.addWorksheet(word('questionSheet', 'Questions', language), { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists = workbook.addWorksheet(word('questionSheet', 'Lists', language));

  sheet.columns = QUESTION_IMPORT_COLUMNS.map((column) => ({
    header: word('questionSheet', QUESTION_IMPORT_HEADERS[column], language),
    key: column,
    width: WIDE.includes(column) ? 40 : 14,
    // Text cells: Excel would turn "1.50" into 1.5 or an answer like 1/2 into a date.
    style: { numFmt: '@', alignment: { wrapText: true, vertical: 'top' } },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.height = 32;

  lists.getCell(1, 1).value = word(
    'questionSheet',
    'One row per question. Type: single (one right option), multiple (one or more) or numeric (a number). Correct: the letters of the right options, for example B or A,C. A numeric question has no options: write its Answer and, if needed, a Tolerance. Math goes between $ signs, for example $x^2$.',
    language,
  );
  lists.getCell(1, 1).font = { italic: true };
  const columns: { title: 'Subjects' | 'Difficulties' | 'Types' | 'Languages'; values: readonly string[]; for: QuestionImportColumn }[] = [
    { title: 'Subjects', values: subjectRows.map((row) => row.name), for: 'subject' },
    { title: 'Difficulties', values: QUESTION_DIFFICULTIES, for: 'difficulty' },
    { title: 'Types', values: QUESTION_TYPES, for: 'type' },
    { title: 'Languages', values: LANGUAGES, for: 'language' },
  ];
  columns.forEach((list, index) => {
    const column = index + 1;
    lists.getColumn(column).width = 24;
    lists.getCell(2, column).value = word('questionSheet', list.title, language);
    lists.getCell(2, column).font = { bold: true };
    list.values.forEach((value, offset) => {
      lists.getCell(LIST_START + offset, column).value = formulaSafe(value);
    });
    if (list.values.length === 0) return;
    const letter = lists.getColumn(column).letter;
    const range = `'${lists.name}'!$${letter}$${LIST_START}:$${letter}$${LIST_START + list.values.length - 1}`;
    const target = sheet.getColumn(list.for).letter;
    // Only warned about: the import reads a subject's code too, and names the cell if it is wrong.
    (sheet as WorksheetWithValidations).dataValidations.add(`${target}2:${target}${QUESTION_IMPORT_MAX_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [range],
      showErrorMessage: true,
      errorStyle: 'warning',
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
