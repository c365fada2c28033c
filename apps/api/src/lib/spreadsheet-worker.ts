import { parentPort } from 'node:worker_threads';
import { readSheetRowsHere, SpreadsheetError, type SheetAnswer, type SheetJob } from './spreadsheet';

/*
 * The worker thread that reads spreadsheets (./spreadsheet.ts readSheetRows, issue 71), one at a time:
 * the event loop that answers every academy's requests never waits on a sheet, and a sheet's memory is
 * this thread's, within its heap cap. Each job gets one answer.
 */
parentPort!.on('message', async (job: SheetJob) => {
  let answer: SheetAnswer;
  try {
    const file = Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
    answer = { rows: await readSheetRowsHere(file, job.fileName, job.words, job.maxRows, job.timeZone) };
  } catch (error) {
    answer = error instanceof SpreadsheetError ? { refused: error.message } : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(answer);
});
