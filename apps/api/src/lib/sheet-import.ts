import type ExcelJS from 'exceljs';
import type { Language } from '@academy/shared/languages';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import type { RegisterError } from '@academy/shared/schemas/imports';
import { AppError } from './app-error';
import { formulaSafe } from './csv';
import { readSheetRows, SpreadsheetError, type SheetWords } from './spreadsheet';

/*
 * The spreadsheet-import kit (issue 61), for an import of rows the office fills in (registers of
 * students, questions): the template it downloads, the upload read into cells, and the dry run's shape
 * (decisions 032 and 051: the dry run is the import's own transaction rolled back, and a sheet with any
 * wrong row imports nothing). Each import keeps its own columns, reading, checks and writes.
 */

/** exceljs keeps a sheet's ranged validations here (one rule for a whole column), though its types only show per-cell ones. */
type WorksheetWithValidations = ExcelJS.Worksheet & { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } };

const LIST_START = 3; // row 1: how to fill the sheet; row 2: the lists' titles

export type TemplateSheet<Column extends string> = {
  /** The sheet to fill and the sheet of lists, named in the reader's language. */
  sheetName: string;
  listsName: string;
  columns: { key: Column; header: string; width: number; style: Partial<ExcelJS.Style> }[];
  /** Row 1 of the lists sheet: how to fill the sheet. */
  instructions: string;
  /** The drop-downs: each list's title and values, and the column whose cells offer it. */
  lists: { title: string; values: readonly string[]; for: Column }[];
  /** How many rows below the header get the drop-downs. */
  maxRows: number;
};

/**
 * The template as XLSX: sheet one has the headers, frozen, and drop-downs; sheet two says how to fill it
 * and holds the drop-downs' lists. A typed value that is not in a list is only warned about: the import
 * checks it and names the cell if it is wrong.
 */
export async function writeSheetTemplate<Column extends string>(template: TemplateSheet<Column>): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Academy';
  const sheet = workbook.addWorksheet(template.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists = workbook.addWorksheet(template.listsName);

  sheet.columns = template.columns;
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.height = 32;

  lists.getCell(1, 1).value = template.instructions;
  lists.getCell(1, 1).font = { italic: true };
  template.lists.forEach((list, index) => {
    const column = index + 1;
    lists.getColumn(column).width = 24;
    lists.getCell(2, column).value = list.title;
    lists.getCell(2, column).font = { bold: true };
    list.values.forEach((value, offset) => {
      lists.getCell(LIST_START + offset, column).value = formulaSafe(value);
    });
    if (list.values.length === 0) return;
    const letter = lists.getColumn(column).letter;
    const range = `'${lists.name}'!$${letter}$${LIST_START}:$${letter}$${LIST_START + list.values.length - 1}`;
    const target = sheet.getColumn(list.for).letter;
    (sheet as WorksheetWithValidations).dataValidations.add(`${target}2:${target}${template.maxRows + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [range],
      showErrorMessage: true,
      errorStyle: 'warning',
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The uploaded sheet's cells (lib/spreadsheet.ts); an unreadable, empty or too long file is a 400 on `file`. */
export async function readUploadedSheet(file: { fileName: string; bytes: Buffer }, words: SheetWords, maxRows: number, timeZone?: string): Promise<string[][]> {
  try {
    return await readSheetRows(file.bytes, file.fileName, words, maxRows, timeZone);
  } catch (error) {
    if (error instanceof SpreadsheetError) throw new AppError('BAD_REQUEST', error.message, { file: error.message });
    throw error;
  }
}

/** A problem of one cell: the sheet's row and the column's key (null: the row as a whole). */
export type SheetCellError<Column extends string> = { row: number; column: Column | null; message: string };

/** How many rows have a problem. */
export const wrongRowCount = (errors: readonly SheetCellError<string>[]) => new Set(errors.map((error) => error.row)).size;

/**
 * The dry run's errors for the screen: by row, then in the template's column order (`columns`), each
 * column named by its header and each message in the reader's language. Sorts `errors` in place.
 */
export function wordSheetErrors<Column extends string>(errors: SheetCellError<Column>[], columns: readonly Column[], headerOf: (column: Column) => string, language: Language): RegisterError[] {
  const order = (column: Column | null) => (column ? columns.indexOf(column) : -1);
  errors.sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
  return errors.map((error) => ({ row: error.row, column: error.column ? headerOf(error.column) : '', message: translateServerMessage(error.message, language) }));
}

/** An import refused because rows are wrong (422, nothing changed): `hasErrors` says how many, as `{count}`. */
export function wrongRowsRefusal(hasErrors: string, errors: readonly SheetCellError<string>[]): AppError {
  const message = hasErrors.replace('{count}', String(wrongRowCount(errors)));
  return new AppError('UNPROCESSABLE', message, { file: message });
}

/** Thrown inside the import's transaction to roll it back once the dry run's answer is known. */
export class DryRunRollback<Answer> extends Error {
  constructor(readonly answer: Answer) {
    super('rollback');
  }
}
