import { createInflateRaw } from 'node:zlib';

/*
 * An .xlsx file is a zip: 1 MB of it can unpack to gigabytes (issue 53: one 1,000 MiB entry of zeros
 * peaked the server at 3.3 GB and stalled it for seconds). Before a reader (exceljs) inflates
 * anything, checkZipSizes reads the zip's central directory: the sizes its entries declare, and their
 * compression ratio. Declared sizes can lie, so each entry is then inflated as a stream and counted,
 * stopping at the ceiling; nothing is kept. A worksheet's rows are counted on the way, so a sheet
 * over the caller's row limit stops there, before any reader builds it.
 */

/** The most any entry may unpack to: a 10,000-row sheet of plain cells is a few MiB of XML. */
export const MAX_ENTRY_BYTES = 32 * 1024 * 1024;
/** The most all entries together may unpack to. */
export const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
/** A sheet's XML packs about 5–20 to 1; zeros 1,000 to 1. Checked for entries past 1 MiB. */
export const MAX_RATIO = 100;
const MAX_ENTRIES = 2_000;

export type ZipVerdict = 'ok' | 'tooLarge' | 'tooManyRows' | 'notAZip';

/** A part of a zip as its central directory declares it: where its data starts, how it is stored (0 stored, 8 deflated). */
export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; dataStart: number };

/** The central directory's entries, or undefined for a file that is not a zip we can read (zip64 included: no spreadsheet needs it). */
export function zipEntries(file: Buffer): ZipEntry[] | undefined {
  // The end-of-central-directory record: within the last 22 + 65,535 bytes (its comment).
  let end = -1;
  for (let i = file.length - 22; i >= Math.max(0, file.length - 22 - 65_535); i--) {
    if (file.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff || count > MAX_ENTRIES) return undefined;
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) return undefined;
    const nameLength = file.readUInt16LE(at + 28);
    const local = file.readUInt32LE(at + 42);
    if (local + 30 > file.length || file.readUInt32LE(local) !== 0x04034b50) return undefined;
    const entry = {
      name: file.toString('utf8', at + 46, at + 46 + nameLength),
      method: file.readUInt16LE(at + 10),
      compressedSize: file.readUInt32LE(at + 20),
      size: file.readUInt32LE(at + 24),
      // The data follows the local header, whose name and extra field may differ from the central one's.
      dataStart: local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28),
    };
    if (entry.dataStart + entry.compressedSize > file.length) return undefined;
    entries.push(entry);
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return entries;
}

const isWorksheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);

/**
 * Inflates one entry as a stream, keeping nothing: its real size, stopping as soon as it passes
 * `ceiling` (then ceiling + 1), and for a worksheet its `<row>` elements, stopping past `maxRows`.
 */
function inflatedSize(data: Buffer, ceiling: number, countRows: boolean, maxRows: number): Promise<{ size: number; rows: number } | undefined> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let size = 0;
    let rows = 0;
    let tail = '';
    let done = false;
    const finish = (value: { size: number; rows: number } | undefined) => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > ceiling) return finish({ size: ceiling + 1, rows });
      if (countRows) {
        // `<row ` or `<row>` (not `<rowBreaks>`), across chunk boundaries.
        const text = tail + chunk.toString('latin1');
        rows += text.match(/<row[\s>]/g)?.length ?? 0;
        // Four characters cannot hold a whole `<row ` (counted already), only the start of the next one.
        tail = text.slice(-4);
        if (rows > maxRows) return finish({ size, rows });
      }
    });
    inflate.on('end', () => finish({ size, rows }));
    inflate.on('error', () => finish(undefined));
    inflate.end(data);
  });
}

/** The sizes and ratios the central directory declares: read without inflating anything, so cheap enough for any thread. */
export function checkDeclaredSizes(file: Buffer): ZipVerdict {
  const entries = zipEntries(file);
  return entries ? declaredVerdict(entries) : 'notAZip';
}

function declaredVerdict(entries: ZipEntry[]): ZipVerdict {
  let declared = 0;
  for (const entry of entries) {
    declared += entry.size;
    if (entry.size > MAX_ENTRY_BYTES || declared > MAX_TOTAL_BYTES) return 'tooLarge';
    if (entry.size > 1024 * 1024 && entry.size > MAX_RATIO * Math.max(entry.compressedSize, 1)) return 'tooLarge';
  }
  return 'ok';
}

/** Whether an .xlsx (zip) may be handed to a reader: sizes declared and real, ratio, and the rows of its sheets. */
export async function checkZipSizes(file: Buffer, maxRows: number): Promise<ZipVerdict> {
  const entries = zipEntries(file);
  if (!entries) return 'notAZip';
  const declared = declaredVerdict(entries);
  if (declared !== 'ok') return declared;
  // Declared sizes can lie: count what each entry really unpacks to, within what is left of the total.
  let total = 0;
  for (const entry of entries) {
    const data = file.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    const ceiling = Math.min(MAX_ENTRY_BYTES, MAX_TOTAL_BYTES - total, MAX_RATIO * Math.max(entry.compressedSize, 1) + 1024 * 1024);
    if (entry.method === 0) {
      if (entry.compressedSize > ceiling) return 'tooLarge';
      total += entry.compressedSize;
      continue;
    }
    if (entry.method !== 8) return 'notAZip';
    const real = await inflatedSize(data, ceiling, isWorksheet(entry.name), maxRows);
    if (!real) return 'notAZip';
    if (real.size > ceiling) return 'tooLarge';
    if (real.rows > maxRows) return 'tooManyRows';
    total += real.size;
  }
  return 'ok';
}
