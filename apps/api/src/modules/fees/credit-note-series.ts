import { sql } from 'drizzle-orm';
import { financialYearOf, formatDate } from '@academy/shared/calendar';
import { creditNoteLastDate } from '@academy/shared/gst';
import { GST_MESSAGES } from '@academy/shared/schemas/gst';
import type { DbExecutor } from '../../db/client';
import { feeCreditNoteCounters } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { academyToday } from '../../academy-settings';

/** A credit note number: 'CN/2026-27/0001' (the receipts' credit notes' series, decision 057). */
export function creditNoteNumber(year: string, seq: number): string {
  return `CN/${year}/${String(seq).padStart(4, '0')}`;
}

/**
 * The next credit note of the academy's one series, dated today, for a receipt or a due-date invoice dated
 * `documentDate`: refused (409) once CGST Act s.34(2)'s last date for that document has passed (30 November
 * after the end of its financial year). The columns as the receipt and the invoice store them.
 */
export async function nextCreditNote(tx: DbExecutor, documentDate: string) {
  const today = await academyToday(tx);
  const lastDate = creditNoteLastDate(documentDate);
  if (today > lastDate) {
    throw new AppError('CONFLICT', GST_MESSAGES.creditNoteTooLate.replace('{year}', financialYearOf(documentDate)).replace('{date}', formatDate(lastDate)));
  }
  const year = financialYearOf(today);
  const [counter] = await tx
    .insert(feeCreditNoteCounters)
    .values({ financialYear: year, lastSeq: 1 })
    .onConflictDoUpdate({ target: [feeCreditNoteCounters.academyId, feeCreditNoteCounters.financialYear], set: { lastSeq: sql`${feeCreditNoteCounters.lastSeq} + 1` } })
    .returning({ last: feeCreditNoteCounters.lastSeq });
  return { creditNoteFinancialYear: year, creditNoteSeq: counter!.last, creditNoteNumber: creditNoteNumber(year, counter!.last), creditNoteDate: today };
}
