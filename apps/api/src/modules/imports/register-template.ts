import ExcelJS from 'exceljs';
import { asc, eq } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import { word } from '@academy/shared/i18n/server-catalog';
import { REGISTER_COLUMNS, REGISTER_HEADERS, type RegisterColumn } from '@academy/shared/schemas/imports';
import type { DbExecutor } from '../../db/client';
import { formulaSafe } from '../../lib/csv';
import { batches, feePlans, standards } from '../../db/schema';
import { LIST_WORDS, LIST_WORDS_BY_LANGUAGE } from './register-sheet';

/*
 * GET /api/imports/students/template.xlsx (issue 39): the register the office fills in. Sheet one has the
 * headers in the chosen language, frozen, with drop-downs (data validation) for standard, batch, fee plan,
 * gender, board, medium and relation; sheet two lists the academy's standards, batches and fee plans and
 * the drop-downs' words, which the drop-downs read.
 */

/** exceljs keeps a sheet's ranged validations here (one rule for a whole column), though its types only show per-cell ones. */
type WorksheetWithValidations = ExcelJS.Worksheet & { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } };

const LIST_START = 3; // row 1: how to fill the register; row 2: the lists' titles
const MAX_ROWS = 5_000;

export async function registerTemplate(db: DbExecutor, language: Language): Promise<Buffer> {
  const [standardRows, batchRows, planRows] = await Promise.all([
    db.select({ name: standards.name }).from(standards).orderBy(asc(standards.level)),
    db.select({ name: batches.name }).from(batches).orderBy(asc(batches.name)),
    db.selectDistinct({ name: feePlans.name }).from(feePlans).innerJoin(batches, eq(batches.id, feePlans.batchId)).orderBy(asc(feePlans.name)),
  ]);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Academy';
  const sheet = workbook.addWorksheet(word('register', 'Students', language), { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists = workbook.addWorksheet(word('register', 'Lists', language));

  sheet.columns = REGISTER_COLUMNS.map((column) => ({
    header: word('register', REGISTER_HEADERS[column], language),
    key: column,
    width: column === 'name' || column === 'address' || column === 'school' || column === 'parentName' || column === 'batch' ? 26 : 18,
    // Phones, IDs and dates stay text: Excel would drop a phone's +91 or turn 25-06-2012 into its own date.
    style: { numFmt: column === 'alreadyPaid' ? '#,##0' : '@' },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.height = 32;

  // The Lists sheet: one column per list, its title in row 2.
  const columns: { title: Parameters<typeof word<'register'>>[1]; values: string[]; for: RegisterColumn }[] = [
    { title: 'Standards', values: standardRows.map((row) => row.name), for: 'standard' },
    { title: 'Batches', values: batchRows.map((row) => row.name), for: 'batch' },
    { title: 'Fee plans', values: planRows.map((row) => row.name), for: 'feePlan' },
    { title: 'Genders', values: Object.keys(LIST_WORDS.gender).map((key) => LIST_WORDS_BY_LANGUAGE.gender[language][key as keyof typeof LIST_WORDS.gender]), for: 'gender' },
    { title: 'Boards', values: Object.keys(LIST_WORDS.board).map((key) => LIST_WORDS_BY_LANGUAGE.board[language][key as keyof typeof LIST_WORDS.board]), for: 'board' },
    { title: 'Mediums', values: Object.keys(LIST_WORDS.medium).map((key) => LIST_WORDS_BY_LANGUAGE.medium[language][key as keyof typeof LIST_WORDS.medium]), for: 'medium' },
    {
      title: 'Relations',
      values: Object.keys(LIST_WORDS.parentRelation).map((key) => LIST_WORDS_BY_LANGUAGE.parentRelation[language][key as keyof typeof LIST_WORDS.parentRelation]),
      for: 'parentRelation',
    },
  ];
  lists.getCell(1, 1).value = word(
    'register',
    'One row per student. Only the name is required. Pick standards, batches and fee plans from the lists. A second batch: a second row with the same student.',
    language,
  );
  lists.getCell(1, 1).font = { italic: true };
  columns.forEach((list, index) => {
    const column = index + 1;
    lists.getColumn(column).width = 24;
    lists.getCell(2, column).value = word('register', list.title, language);
    lists.getCell(2, column).font = { bold: true };
    list.values.forEach((value, offset) => {
      lists.getCell(LIST_START + offset, column).value = formulaSafe(value);
    });
    if (list.values.length === 0) return;
    const letter = lists.getColumn(column).letter;
    const range = `'${lists.name}'!$${letter}$${LIST_START}:$${letter}$${LIST_START + list.values.length - 1}`;
    const target = sheet.getColumn(list.for).letter;
    // A typed value that is not in the list is only warned about: a register may name a batch in its own words, which the import then checks.
    (sheet as WorksheetWithValidations).dataValidations.add(`${target}2:${target}${MAX_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [range],
      showErrorMessage: true,
      errorStyle: 'warning',
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
