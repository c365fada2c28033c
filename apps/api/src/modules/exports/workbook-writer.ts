import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { formulaSafe } from '../../lib/csv';

/*
 * Writing one sheet after another into a streamed XLSX (exceljs's WorkbookWriter): typed columns
 * (money, dates, phones…) with their number formats and widths, a bold frozen header with a filter.
 * Knows nothing of the academy: the service hands it headers already worded and rows in batches.
 */

/**
 * Rupees with Indian digit grouping (1,50,000.00; 1,25,00,000.00): Excel and LibreOffice only group
 * in threes, so lakhs and crores are sections chosen by size, their commas written as literals.
 * Below a lakh the usual grouping is the Indian one too (99,999.00).
 */
export const INDIAN_RUPEES_FORMAT = '[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00';

/**
 * What a column holds, which decides its cells' type and format:
 * - text: as stored (a string cell is never a formula, whatever it starts with);
 * - phone: a stored "+91…" number as its ten digits, text in a Text-formatted column, under a header
 *   naming +91 (as the CSV exports): what a parent dictates is what a filter or a lookup finds, and
 *   a cell edited later stays text instead of turning into a number or a formula;
 * - date / month: 'YYYY-MM-DD' as a real date (sorts and filters as dates), shown DD-MM-YYYY / MM-YYYY;
 * - money: paise as rupees, a number in the Indian format; count: a whole number; number: as given;
 * - percent: a share (0.875) shown as 87.5%.
 */
export type ColumnKind = 'text' | 'phone' | 'date' | 'month' | 'money' | 'count' | 'number' | 'percent';
export type SheetColumn = { header: string; kind: ColumnKind; width?: number };
export type RawCell = string | number | boolean | null | undefined;

const FORMATS: Partial<Record<ColumnKind, string>> = {
  phone: '@',
  date: 'dd-mm-yyyy',
  month: 'mm-yyyy',
  money: INDIAN_RUPEES_FORMAT,
  count: '0',
  percent: '0.0%',
};
const WIDTHS: Record<ColumnKind, number> = { text: 18, phone: 14, date: 12, month: 10, money: 14, count: 10, number: 10, percent: 12 };
const TEXT_KINDS = new Set<ColumnKind>(['text', 'phone']);
const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } },
  alignment: { vertical: 'middle', wrapText: true },
};

/** Excel's day number of a calendar date ('YYYY-MM-DD'): days since 30-12-1899, no time of day, no time zone. */
function excelDay(value: string): number {
  return 25569 + Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10))) / 86_400_000;
}

// What XML 1.0 does not allow in text (control characters but tab and line ends, U+FFFE/U+FFFF) is left out.
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const XML_SPECIAL = /[&<>]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const xmlText = (text: string) => text.replace(XML_SPECIAL, (character) => XML_ENTITIES[character] ?? '');

function columnLetters(number: number): string {
  let letters = '';
  for (let n = number; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** One cell's XML, or '' for an empty one. Text is an inline string: never a formula, whatever it starts with. */
function cellXml(kind: ColumnKind, value: RawCell, reference: string, style: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (TEXT_KINDS.has(kind)) {
    const text = formulaSafe(kind === 'phone' ? String(value).replace(/^\+91/, '') : String(value));
    // Spaces at either end (or line breaks) are kept only when the text says so.
    const space = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : '';
    return `<c r="${reference}"${style} t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
  }
  const number = kind === 'date' || kind === 'month' ? excelDay(String(value)) : kind === 'money' ? Number(value) / 100 : Number(value);
  return Number.isFinite(number) ? `<c r="${reference}"${style}><v>${number}</v></c>` : '';
}

/** The client went away (or the stream was ended): nothing more is read or written. */
export class WorkbookAborted extends Error {
  constructor() {
    super('The workbook download was interrupted');
    this.name = 'WorkbookAborted';
  }
}

/**
 * Waits while the reader is behind (a phone on slow data): at most a batch of rows is made ahead
 * of what was sent, so a big academy's workbook is never held in memory whole.
 */
async function caughtUp(output: Writable): Promise<void> {
  if (output.destroyed) throw new WorkbookAborted();
  if (!output.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      output.off('close', gone);
      resolve();
    };
    const gone = () => {
      output.off('drain', done);
      reject(new WorkbookAborted());
    };
    output.once('drain', done);
    output.once('close', gone);
  });
}

/** What this file uses of exceljs's streaming writer beyond its typings: the styles table and a sheet's XML stream. */
type StylesTable = { addStyleModel(style: Partial<ExcelJS.Style>, type: ExcelJS.ValueType): number };
type SheetStream = { write(xml: string): void };

export type StreamedWorkbook = {
  /** Writes a sheet: the header row, then every batch of rows as it comes; answers the number of rows. */
  addSheet(name: string, columns: readonly SheetColumn[], batches: AsyncIterable<readonly (readonly RawCell[])[]>): Promise<number>;
  /** Finishes the file (the zip's directory) and ends the output. */
  finish(): Promise<void>;
};

/**
 * exceljs writes the file: the zip, the styles, each sheet's columns, frozen header, filter and
 * header row. The data rows are written as their XML straight into the sheet's stream: exceljs's row
 * and cell objects cost about 2 µs a cell (two million cells for 3,000 students, the whole 10 s
 * budget on a small server), the XML itself a tenth of that. The tests read the file back with
 * exceljs, and it opens in LibreOffice (docs: the report of issue 39).
 */
export async function streamedWorkbook(output: Writable): Promise<StreamedWorkbook> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Academy';
  const styles = (workbook as unknown as { styles: StylesTable }).styles;
  // Each filter is also the sheet's hidden name _xlnm._FilterDatabase, as Excel writes it: LibreOffice
  // shows a filter only with it. exceljs's names have no sheet of their own, so the list is handed in whole.
  const filterNames: { name: string; localSheetId: number; ranges: string[] }[] = [];
  (workbook as unknown as { _definedNames: { model: typeof filterNames } })._definedNames = { model: filterNames };
  const names = new Set<string>();
  return {
    async addSheet(name, columns, batches) {
      // Excel's limits on a sheet name: 31 characters, none of : \ / ? * [ ], unique.
      let sheetName = name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
      for (let n = 2; names.has(sheetName.toLowerCase()); n += 1) sheetName = `${name.slice(0, 28)} ${n}`;
      names.add(sheetName.toLowerCase());
      const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1, activeCell: 'A2' }] });
      const formats = columns.map((column): Partial<ExcelJS.Style> => (FORMATS[column.kind] ? { numFmt: FORMATS[column.kind] } : {}));
      sheet.columns = columns.map((column, index) => ({
        // Wide enough for the header (a Devanagari header is about as wide as its characters), within reason.
        width: Math.min(48, Math.max(column.width ?? WIDTHS[column.kind], column.header.length + 3)),
        style: formats[index],
      }));
      // The header through exceljs: it also opens the sheet's data (the columns and <sheetData>).
      const header = sheet.addRow(columns.map((column) => column.header));
      header.eachCell((headerCell) => {
        headerCell.style = HEADER_STYLE;
      });
      header.commit();
      const cellStyles = columns.map((column, index) => {
        const id = styles.addStyleModel(formats[index]!, TEXT_KINDS.has(column.kind) ? Excel.ValueType.String : Excel.ValueType.Number);
        return id ? ` s="${id}"` : '';
      });
      const letters = columns.map((_, index) => columnLetters(index + 1));
      const stream = (sheet as unknown as { stream: SheetStream }).stream;
      let count = 0;
      for await (const batch of batches) {
        const xml: string[] = [];
        for (const values of batch) {
          const r = count + 2;
          let cells = '';
          for (let index = 0; index < columns.length; index += 1) cells += cellXml(columns[index]!.kind, values[index], `${letters[index]}${r}`, cellStyles[index]!);
          xml.push(`<row r="${r}">${cells}</row>`);
          count += 1;
        }
        stream.write(xml.join(''));
        await caughtUp(output);
      }
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: count + 1, column: columns.length } };
      filterNames.push({ name: '_xlnm._FilterDatabase', localSheetId: names.size - 1, ranges: [`'${sheetName.replace(/'/g, "''")}'!$A$1:$${letters.at(-1)}$${count + 1}`] });
      sheet.commit();
      return count;
    },
    async finish() {
      if (output.destroyed) throw new WorkbookAborted();
      // exceljs waits for the output's 'finish', which a stream closed by a client that went away never sends.
      await new Promise<void>((resolve, reject) => {
        const gone = () => {
          if (!output.writableFinished) reject(new WorkbookAborted());
        };
        output.once('close', gone);
        workbook.commit().then(
          () => {
            output.off('close', gone);
            resolve();
          },
          (error: unknown) => {
            output.off('close', gone);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
  };
}
