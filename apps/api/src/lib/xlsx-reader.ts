import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { zipEntries, type ZipEntry } from './zip-guard';

/*
 * exceljs's streaming reader takes a zip's parts from one pass of unzipper 0.10, whose stream says it has
 * ended while parts it has read still wait to be handed over: now and then a workbook's last parts are
 * lost — its list of sheets, which exceljs writes last ("Cannot read properties of undefined (reading
 * 'sheets')"), or its last sheets (exceljs issues 3064 and 2790). The academy workbook read back was
 * refused as "not an Excel file" about one time in a hundred. Our file is in memory and its central
 * directory read already (zip-guard), so the parts go to exceljs's own parsers from there, in the order
 * they need each other: the relations, the list of sheets, the shared strings and styles, then each sheet
 * in the workbook's order, row by row as it is asked for (never the whole sheet in memory).
 */

type ParseEvent = { eventType: string; value: unknown };
/** What this file uses of exceljs 4.4's WorkbookReader beyond its typings (checked by xlsx-reader.test.ts). */
type ReaderInternals = {
  parse(): AsyncGenerator<ParseEvent>;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<ParseEvent>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<Buffer>, sheetNo: string): Generator<ParseEvent>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
};

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** One part's content as a stream: stored as is, or deflated (zip-guard has checked that it inflates). */
function partStream(file: Buffer, entry: ZipEntry): Readable {
  const data = Readable.from([file.subarray(entry.dataStart, entry.dataStart + entry.compressedSize)]);
  return entry.method === 0 ? data : data.pipe(createInflateRaw());
}

/** The worksheets' parts in the workbook's tab order (its relations name their files); any other sheet after them. */
function sheetsInOrder(reader: ReaderInternals, worksheets: ZipEntry[]): ZipEntry[] {
  const byPath = new Map(worksheets.map((entry) => [entry.name, entry]));
  const ordered: ZipEntry[] = [];
  for (const sheet of reader.model?.sheets ?? []) {
    const target = reader.workbookRels?.find((relation) => relation.Id === sheet.rId)?.Target;
    const entry = target ? byPath.get(target.startsWith('/') ? target.slice(1) : `xl/${target}`) : undefined;
    if (entry && !ordered.includes(entry)) ordered.push(entry);
  }
  const number = (entry: ZipEntry) => Number(WORKSHEET.exec(entry.name)![1]);
  return [...ordered, ...worksheets.filter((entry) => !ordered.includes(entry)).sort((a, b) => number(a) - number(b))];
}

/**
 * exceljs's streaming WorkbookReader over an .xlsx in memory, its parts taken through the zip's central
 * directory. Iterate it as exceljs's own (`for await (const worksheet of reader)`). Undefined for a file
 * that is not a zip.
 */
export async function xlsxReader(file: Buffer, options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>): Promise<ExcelJS.stream.xlsx.WorkbookReader | undefined> {
  const entries = zipEntries(file);
  if (!entries) return undefined;
  const part = (name: string) => entries.find((entry) => entry.name === name);
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([]), options);
  const internals = reader as unknown as ReaderInternals;
  internals.parse = async function* () {
    const relations = part('xl/_rels/workbook.xml.rels');
    if (relations) await internals._parseRels(partStream(file, relations));
    const workbook = part('xl/workbook.xml');
    if (workbook) await internals._parseWorkbook(partStream(file, workbook));
    const sharedStrings = part('xl/sharedStrings.xml');
    if (sharedStrings) yield* internals._parseSharedStrings(partStream(file, sharedStrings));
    const styles = part('xl/styles.xml');
    if (styles) await internals._parseStyles(partStream(file, styles));
    // A sheet's name comes from the list of sheets: without one (not a workbook exceljs can read), no sheet.
    if (!internals.model) return;
    for (const sheet of sheetsInOrder(internals, entries.filter((entry) => WORKSHEET.test(entry.name)))) {
      yield* internals._parseWorksheet(partStream(file, sheet), WORKSHEET.exec(sheet.name)![1]!);
    }
  };
  return reader;
}
